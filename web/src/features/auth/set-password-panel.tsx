import { Button, Form } from 'antd';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useResetPasswordMutation } from './auth-api';
import { PasswordFields } from './auth-fields';
import { modeHref, showFieldError } from './auth-helpers';
import type { ResetState } from './forgot-panel';
import { useEncrypt } from './use-encrypt';

/** Set password: the new password twice, sent with the phone and code from the previous step. */
export default function SetPasswordPanel() {
  const intl = useIntl();
  const [form] = Form.useForm<{ password: string; repassword: string }>();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const encrypt = useEncrypt();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as ResetState | null;

  if (!state?.mobile || !state.code) return <Navigate to={modeHref(location.search, 'forgot')} replace />;

  const onFinish = async (values: { password: string; repassword: string }) => {
    const [password, repassword] = (await encrypt(values.password, values.repassword)) ?? [];
    if (!password || !repassword) {
      void toast(intl.formatMessage({ id: 'auth.encryptFailed' }), 'error');
      return;
    }
    try {
      await resetPassword({ mobile: state.mobile, code: state.code, password, repassword }).unwrap();
    } catch (error) {
      showFieldError(form, error);
      return;
    }
    void toast(intl.formatMessage({ id: 'auth.setPassword.success' }), 'success');
    void navigate(modeHref(location.search, 'login'), { replace: true });
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} className="set-password-form">
      <p className="set-password-mobile">{intl.formatMessage({ id: 'auth.setPassword.for' }, { mobile: state.mobile })}</p>
      <PasswordFields repeat labelKey="auth.newPassword" />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading} className="set-password-submit">
          {intl.formatMessage({ id: 'auth.setPassword.submit' })}
        </Button>
      </Form.Item>
    </Form>
  );
}
