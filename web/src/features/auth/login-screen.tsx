import { Button, Form } from 'antd';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { LanguageSwitch } from '../../widgets/language-switch';
import { SiteBrand } from '../../widgets/site-brand';
import { selectSession } from '../../state/session-slice';
import { toast } from '../../lib/toast';
import { withSite } from '../../lib/site-rule';
import { useLoginMutation } from './auth-api';
import { MobileField, PasswordFields } from './auth-fields';
import { modeHref, parseMode, safeRedirect, showFieldError, type AuthMode } from './auth-helpers';
import { useEncrypt } from './use-encrypt';

const RegisterPanel = lazy(() => import('./register-panel'));
const ForgotPanel = lazy(() => import('./forgot-panel'));
const SetPasswordPanel = lazy(() => import('./set-password-panel'));

const TITLES: Record<AuthMode, string> = {
  login: 'auth.login.title',
  register: 'auth.register.title',
  forgot: 'auth.forgot.title',
  setPassword: 'auth.setPassword.title',
};

function LoginPanel() {
  const intl = useIntl();
  const [form] = Form.useForm<{ mobile: string; password: string }>();
  const [login, { isLoading }] = useLoginMutation();
  const encrypt = useEncrypt();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { site } = useAppSelector(selectSession);

  const onFinish = async (values: { mobile: string; password: string }) => {
    const [password] = (await encrypt(values.password)) ?? [];
    if (!password) {
      void toast(intl.formatMessage({ id: 'auth.encryptFailed' }), 'error');
      return;
    }
    try {
      await login({ mobile: values.mobile.trim(), password }).unwrap();
    } catch (error) {
      showFieldError(form, error);
      return;
    }
    void toast(intl.formatMessage({ id: 'auth.login.success' }), 'success');
    void navigate(safeRedirect(params.get('redirect')) ?? withSite('/', site), { replace: true });
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} className="login-form">
      <MobileField />
      <PasswordFields />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading} className="login-submit">
          {intl.formatMessage({ id: 'auth.login.submit' })}
        </Button>
      </Form.Item>
      <div className="auth-links">
        <Link to={modeHref(location.search, 'forgot')} className="link-forgot">
          {intl.formatMessage({ id: 'auth.forgot.link' })}
        </Link>
        <Link to={modeHref(location.search, 'register')} className="link-register">
          {intl.formatMessage({ id: 'auth.register.link' })}
        </Link>
      </div>
    </Form>
  );
}

/** /login: phone and password, and the register, forgot-password and set-password panels (?mode=). */
export default function LoginScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const location = useLocation();
  const mode = parseMode(params.get('mode'));

  return (
    <div className="auth-page">
      <header className="auth-header">
        <SiteBrand />
        <LanguageSwitch />
      </header>
      <main className="auth-main">
        <section className="auth-card">
          <h1 className="auth-title">{intl.formatMessage({ id: TITLES[mode] })}</h1>
          <Suspense fallback={<div className="auth-loading" aria-busy="true" />}>
            {mode === 'login' ? <LoginPanel /> : null}
            {mode === 'register' ? <RegisterPanel /> : null}
            {mode === 'forgot' ? <ForgotPanel /> : null}
            {mode === 'setPassword' ? <SetPasswordPanel /> : null}
          </Suspense>
          {mode !== 'login' ? (
            <div className="auth-links">
              <Link to={modeHref(location.search, 'login')} className="link-login">
                {intl.formatMessage({ id: 'auth.login.link' })}
              </Link>
            </div>
          ) : null}
        </section>
      </main>
    </div>
  );
}
