import { Button, Result } from 'antd';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';

/** Personal screens without a session: a way to log in and come back. */
export function LoginRequired() {
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
