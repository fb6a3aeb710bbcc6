import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SmsEvent } from './types';
import { SMS_COOLDOWN_S } from '../../lib/constants';
import { formRule } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { validateCaptcha, validateSmsCode } from '../../lib/validators';
import { useCaptchaQuery, useCheckCaptchaMutation, useSendSmsMutation } from './auth-api';

/**
 * Captcha image and SMS code fields. Sending a code checks the captcha, sends the SMS and starts
 * the countdown; a captcha is used once, so a new one is fetched after every attempt.
 */
export function CaptchaSmsFields({ form, event }: { form: FormInstance; event: SmsEvent }) {
  const intl = useIntl();
  const [nonce, setNonce] = useState(() => Date.now());
  const captcha = useCaptchaQuery(nonce);
  const [checkCaptcha] = useCheckCaptchaMutation();
  const [sendSms, sending] = useSendSmsMutation();
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    setNonce((n) => n + 1);
  };

  const onSend = async () => {
    let mobile: string;
    try {
      mobile = ((await form.validateFields(['mobile'])) as { mobile: string }).mobile;
    } catch {
      return;
    }
    // the captcha guards the SMS only: it is checked here, not when the form is submitted
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    const problem = validateCaptcha(answer);
    if (problem) {
      form.setFields([{ name: 'captcha', errors: [intl.formatMessage({ id: problem })] }]);
      return;
    }
    const key = captcha.data?.captcha_key;
    if (!key) return;
    try {
      await checkCaptcha({ captcha_key: key, captcha: answer }).unwrap();
      const sent = await sendSms({ mobile: mobile.trim(), event, captcha_key: key, captcha: answer }).unwrap();
      setSeconds(sent.cooldown > 0 ? sent.cooldown : SMS_COOLDOWN_S);
      void toast(intl.formatMessage({ id: 'auth.sms.sent' }), 'success');
    } catch {
      // the API layer has shown why
    } finally {
      refreshCaptcha();
    }
  };

  return (
    <>
      <Form.Item label={intl.formatMessage({ id: 'auth.captcha' })} required>
        <Space.Compact block>
          <Form.Item name="captcha" noStyle>
            <Input
              autoComplete="off"
              maxLength={8}
              placeholder={intl.formatMessage({ id: 'auth.captcha.placeholder' })}
            />
          </Form.Item>
          <button
            type="button"
            className="captcha-image"
            title={intl.formatMessage({ id: 'auth.captcha.refresh' })}
            aria-label={intl.formatMessage({ id: 'auth.captcha.refresh' })}
            onClick={refreshCaptcha}
          >
            {captcha.data && !captcha.isFetching ? <img src={captcha.data.image} alt={intl.formatMessage({ id: 'auth.captcha' })} /> : <span className="captcha-loading" aria-busy="true" />}
          </button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="code"
        label={intl.formatMessage({ id: 'auth.smsCode' })}
        required
        rules={[formRule(intl, validateSmsCode)]}
      >
        <Input
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={intl.formatMessage({ id: 'auth.smsCode.placeholder' })}
          suffix={
            <Button
              type="link"
              size="small"
              className="send-sms"
              disabled={seconds > 0}
              loading={sending.isLoading}
              onClick={() => void onSend()}
            >
              {seconds > 0
                ? intl.formatMessage({ id: 'auth.sms.resendIn' }, { seconds })
                : intl.formatMessage({ id: 'auth.sms.send' })}
            </Button>
          }
        />
      </Form.Item>
    </>
  );
}
