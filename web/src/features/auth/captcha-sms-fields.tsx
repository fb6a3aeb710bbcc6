import { Form, Input, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { SmsEvent } from './types';
import { toast } from '../../lib/toast';
import { validateCaptcha } from '../../lib/validators';
import { useCaptchaQuery, useCheckCaptchaMutation, useSendSmsMutation } from './auth-api';
import { SmsCodeField } from '../../widgets/sms-code-field';

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

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    setNonce((n) => n + 1);
  };

  /** The cooldown of the code sent, or null when none was. */
  const onSend = async (): Promise<number | null> => {
    let mobile: string;
    try {
      mobile = ((await form.validateFields(['mobile'])) as { mobile: string }).mobile;
    } catch {
      return null;
    }
    // the captcha guards the SMS only: it is checked here, not when the form is submitted
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    const problem = validateCaptcha(answer);
    if (problem) {
      form.setFields([{ name: 'captcha', errors: [intl.formatMessage({ id: problem })] }]);
      return null;
    }
    const key = captcha.data?.captcha_key;
    if (!key) return null;
    try {
      await checkCaptcha({ captcha_key: key, captcha: answer }).unwrap();
      const sent = await sendSms({ mobile: mobile.trim(), event, captcha_key: key, captcha: answer }).unwrap();
      void toast(intl.formatMessage({ id: 'auth.sms.sent' }), 'success');
      return sent.cooldown;
    } catch {
      // the API layer has shown why
      return null;
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
      <SmsCodeField send={onSend} sending={sending.isLoading} />
    </>
  );
}
