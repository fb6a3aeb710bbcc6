import { Suspense, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { LanguageSwitch } from '../../widgets/language-switch';
import { SiteBrand } from '../../widgets/site-brand';
import { selectSession } from '../../state/session-slice';
import { lazyScreen } from '../../lib/lazy-screen';
import { toast } from '../../lib/toast';
import { withSite } from '../../lib/site-rule';
import { validateMobile, validatePassword } from '../../lib/validators';
import './login-screen.css';
import { useLoginMutation } from './auth-api';
import { fieldErrorOf, modeHref, parseMode, safeRedirect, type AuthMode } from './auth-helpers';
import { FieldIcon, PlainField } from './plain-field';
import { useEncrypt } from './use-encrypt';

// The other panels keep Ant Design's form: they load with its provider when opened.
const RegisterPanel = lazyScreen(() => import('./register-panel'));
const ForgotPanel = lazyScreen(() => import('./forgot-panel'));
const SetPasswordPanel = lazyScreen(() => import('./set-password-panel'));

const TITLES: Record<AuthMode, string> = {
  login: 'auth.login.title',
  register: 'auth.register.title',
  forgot: 'auth.forgot.title',
  setPassword: 'auth.setPassword.title',
};

type LoginField = 'mobile' | 'password';
const RULES: Record<LoginField, (value: string) => string | null> = { mobile: validateMobile, password: validatePassword };

/**
 * Phone and password with plain inputs (plain-field.tsx), checked like the other panels' forms:
 * every field on submit, then a field on each change once it has been changed or checked; a
 * field the server names in its refusal shows the server's message until it is edited.
 */
function LoginPanel() {
  const intl = useIntl();
  const [values, setValues] = useState<Record<LoginField, string>>({ mobile: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [login, { isLoading }] = useLoginMutation();
  const encrypt = useEncrypt();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { site } = useAppSelector(selectSession);

  const check = (field: LoginField, value: string): string | undefined => {
    const key = RULES[field](value);
    return key ? intl.formatMessage({ id: key }) : undefined;
  };
  const change = (field: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { mobile: check('mobile', values.mobile), password: check('password', values.password) };
    setErrors(found);
    if (found.mobile || found.password) return;
    const [password] = (await encrypt(values.password)) ?? [];
    if (!password) {
      void toast(intl.formatMessage({ id: 'auth.encryptFailed' }), 'error');
      return;
    }
    try {
      await login({ mobile: values.mobile.trim(), password }).unwrap();
    } catch (error) {
      const named = fieldErrorOf(error);
      if (named && named.field in RULES) setErrors((e) => ({ ...e, [named.field]: named.msg }));
      return;
    }
    void toast(intl.formatMessage({ id: 'auth.login.success' }), 'success');
    void navigate(safeRedirect(params.get('redirect')) ?? withSite('/', site), { replace: true });
  };

  return (
    <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <PlainField
        id="mobile"
        label={intl.formatMessage({ id: 'auth.mobile' })}
        value={values.mobile}
        onValue={change('mobile')}
        error={errors.mobile ?? null}
        prefix={<FieldIcon name="mobile" />}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={intl.formatMessage({ id: 'auth.mobile.placeholder' })}
      />
      <PlainField
        id="password"
        label={intl.formatMessage({ id: 'auth.password' })}
        value={values.password}
        onValue={change('password')}
        error={errors.password ?? null}
        prefix={<FieldIcon name="lock" />}
        secret
        autoComplete="current-password"
        maxLength={18}
        placeholder={intl.formatMessage({ id: 'auth.password.placeholder' })}
      />
      <div className="plain-field">
        <button type="submit" className="plain-button-primary login-submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? <span className="plain-button-spinner" aria-hidden="true" /> : null}
          {intl.formatMessage({ id: 'auth.login.submit' })}
        </button>
      </div>
      <div className="auth-links">
        <Link to={modeHref(location.search, 'forgot')} className="link-forgot">
          {intl.formatMessage({ id: 'auth.forgot.link' })}
        </Link>
        <Link to={modeHref(location.search, 'register')} className="link-register">
          {intl.formatMessage({ id: 'auth.register.link' })}
        </Link>
      </div>
    </form>
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
