import { Button, Result, type FormInstance } from 'antd';
import { useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { failureText, refusedField } from './fund-logic';
import './fund.css';

/** Yuan with the currency sign: '¥120.00'. */
export function Money({ value, className }: { value: string; className?: string }) {
  const intl = useIntl();
  return <span className={className}>{intl.formatMessage({ id: 'fund.yuan' }, { amount: value })}</span>;
}

/** The fund screens without a session: a way to log in and come back. */
export function FundLoginRequired() {
  const intl = useIntl();
  const location = useLocation();
  const site = useAppSelector(selectSite);
  const params = new URLSearchParams({ site, redirect: `${location.pathname}${location.search}` });
  return (
    <Result
      status="403"
      title={intl.formatMessage({ id: 'profile.loginRequired' })}
      extra={
        <Link to={`/login?${params.toString()}`}>
          <Button type="primary">{intl.formatMessage({ id: 'auth.login' })}</Button>
        </Link>
      }
    />
  );
}

/** The two screens of the fund module, linked to each other. */
export function FundTabs() {
  const intl = useIntl();
  const to = useSitePath();
  const tabs: [string, string][] = [
    ['/myFund', 'route.myFund'],
    ['/withdrawalStatus', 'route.withdrawalStatus'],
  ];
  return (
    <nav className="fund-tabs" aria-label={intl.formatMessage({ id: 'route.moduleFund' })}>
      {tabs.map(([path, title]) => (
        <NavLink key={path} to={to(path)} end className={({ isActive }) => `fund-tab${isActive ? ' is-current' : ''}`}>
          {intl.formatMessage({ id: title })}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * Shows why a call was refused: next to the form field the answer names (`data.field` of a 422),
 * else as an error toast. The text is the envelope's `msg`, already in the request's language.
 */
export function reportFailure(form: FormInstance, error: unknown, fields: Partial<Record<string, string>>): void {
  const msg = failureText(error) ?? t('error.http.other');
  const field = refusedField(error);
  const name = field ? fields[field] : undefined;
  if (name) form.setFields([{ name, errors: [msg] }]);
  else void toast(msg, 'error');
}
