import { Button, Card, Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { consoleApi, useConsoleSiteQuery, useStaffLoginMutation } from '../../api/console-api';
import { formRule } from '../../lib/form-rules';
import { rsaEncrypt } from '../../lib/rsa';
import { toast } from '../../lib/toast';
import { validateMobile } from '../../lib/validators';
import { consoleLoggedIn, selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { ConsoleLanguageSwitch } from './language-switch';
import { useConsoleDispatch, useConsoleSelector } from './hooks';

interface LoginValues {
  mobile: string;
  password: string;
}

/** Where the layout sent the staff member from, when it was a console path. */
function backTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/';
}

/**
 * /admin/login: phone and password. The password is RSA-encrypted with the site's public key (the
 * site call the storefront makes), exactly as the seller login sends it; the admin token is kept
 * under its own key, then the console opens.
 */
export function ConsoleLoginScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const dispatch = useConsoleDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const site = useConsoleSiteQuery({ language });
  const [login, { isLoading }] = useStaffLoginMutation();

  if (token) return <Navigate to={backTo(location.state)} replace />;

  const onFinish = async (values: LoginValues) => {
    const password = await rsaEncrypt(values.password, site.data?.rsa_public_key);
    if (!password) {
      void toast(intl.formatMessage({ id: 'auth.encryptFailed' }), 'error');
      return;
    }
    let answer;
    try {
      answer = await login({ mobile: values.mobile.trim(), password }).unwrap();
    } catch {
      return; // the base query has shown the server's reason
    }
    dispatch(consoleApi.util.upsertQueryData('me', { token: answer.token }, answer.staff));
    dispatch(consoleLoggedIn(answer.token));
    void navigate(backTo(location.state), { replace: true });
  };

  return (
    <div className="console-login">
      <div className="console-login-top">
        <ConsoleLanguageSwitch />
      </div>
      <Card title={intl.formatMessage({ id: 'console.login.title' })} className="console-login-card">
        <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} className="console-login-form">
          <Form.Item name="mobile" label={intl.formatMessage({ id: 'auth.mobile' })} rules={[formRule(intl, validateMobile)]}>
            <Input autoComplete="username" placeholder={intl.formatMessage({ id: 'auth.mobile.placeholder' })} className="console-login-mobile" />
          </Form.Item>
          <Form.Item
            name="password"
            label={intl.formatMessage({ id: 'auth.password' })}
            rules={[{ required: true, message: intl.formatMessage({ id: 'validation.password.required' }) }]}
          >
            <Input.Password autoComplete="current-password" className="console-login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading || site.isLoading} className="console-login-submit">
            {intl.formatMessage({ id: 'console.login.submit' })}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
