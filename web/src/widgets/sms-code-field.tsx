import { Button, Form, Input } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SMS_COOLDOWN_S } from '../lib/constants';
import { formRule } from '../lib/form-rules';
import { validateSmsCode } from '../lib/validators';

/**
 * The SMS code field of a form (`code`) with its send button. The button calls `send`, which
 * answers the cooldown the server gave, or null when no code went out (it has said why); the
 * button then counts the cooldown down, as the server would refuse another code until it ends.
 */
export function SmsCodeField({ send, sending, extra }: { send: () => Promise<number | null>; sending: boolean; extra?: ReactNode }) {
  const intl = useIntl();
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const onSend = async () => {
    const cooldown = await send();
    if (cooldown !== null) setSeconds(cooldown > 0 ? cooldown : SMS_COOLDOWN_S);
  };

  return (
    <Form.Item
      name="code"
      label={intl.formatMessage({ id: 'auth.smsCode' })}
      required
      rules={[formRule(intl, validateSmsCode)]}
      extra={extra}
    >
      <Input
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        placeholder={intl.formatMessage({ id: 'auth.smsCode.placeholder' })}
        suffix={
          <Button type="link" size="small" className="send-sms" disabled={seconds > 0} loading={sending} onClick={() => void onSend()}>
            {seconds > 0 ? intl.formatMessage({ id: 'auth.sms.resendIn' }, { seconds }) : intl.formatMessage({ id: 'auth.sms.send' })}
          </Button>
        }
      />
    </Form.Item>
  );
}
