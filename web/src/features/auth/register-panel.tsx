import { Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { formRule } from '../../lib/form-rules';
import { withSite } from '../../lib/site-rule';
import { toast } from '../../lib/toast';
import { validateAgreement } from '../../lib/validators';
import { AgreementModal } from './agreement-modal';
import { useRegisterMutation } from './auth-api';
import { MobileField, PasswordFields } from './auth-fields';
import { showFieldError } from './auth-helpers';
import { CaptchaSmsFields } from './captcha-sms-fields';
import { useEncrypt } from './use-encrypt';

interface RegisterValues {
  mobile: string;
  captcha: string;
  code: string;
  password: string;
  repassword: string;
  agree: boolean;
}

/** Register: phone, captcha, SMS code, password twice and the agreement; then the root path. */
export default function RegisterPanel() {
  const intl = useIntl();
  const [form] = Form.useForm<RegisterValues>();
  const [register, { isLoading }] = useRegisterMutation();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const encrypt = useEncrypt();
  const navigate = useNavigate();
  const site = useAppSelector(selectSite);

  const onFinish = async (values: RegisterValues) => {
    const [password, repassword] = (await encrypt(values.password, values.repassword)) ?? [];
    if (!password || !repassword) {
      void toast(intl.formatMessage({ id: 'auth.encryptFailed' }), 'error');
      return;
    }
    try {
      await register({ mobile: values.mobile.trim(), password, repassword, code: values.code.trim(), agree: true }).unwrap();
    } catch (error) {
      showFieldError(form, error);
      return;
    }
    void toast(intl.formatMessage({ id: 'auth.register.success' }), 'success');
    void navigate(withSite('/', site), { replace: true });
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} className="register-form">
      <MobileField />
      <CaptchaSmsFields form={form} event="register" />
      <PasswordFields repeat />
      <Form.Item name="agree" valuePropName="checked" rules={[formRule(intl, validateAgreement)]}>
        <Checkbox className="agree-checkbox">
          {intl.formatMessage(
            { id: 'auth.agreement.accept' },
            {
              agreement: (
                <a
                  href="#agreement"
                  className="agreement-link"
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    setAgreementOpen(true);
                  }}
                >
                  {intl.formatMessage({ id: 'auth.agreement.name' })}
                </a>
              ),
            },
          )}
        </Checkbox>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading} className="register-submit">
          {intl.formatMessage({ id: 'auth.register.submit' })}
        </Button>
      </Form.Item>
      <AgreementModal open={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </Form>
  );
}
