import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useSiteInfo } from '../../api/site-api';
import { parseMode, type AuthMode } from '../../features/auth/auth-helpers';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';

/** Sets the page title from a route's title key, translated, with the site's name. */
export function PageTitle({ id, children }: { id: string; children?: ReactNode }) {
  const intl = useIntl();
  const { site, language } = useAppSelector(selectSession);
  const { data } = useSiteInfo({ site, language });
  const siteName = data?.name;
  useEffect(() => {
    document.title = [intl.formatMessage({ id }), siteName].filter(Boolean).join(' - ');
  }, [id, intl, siteName]);
  return children ?? null;
}

/** The page title of each panel of /login (`?mode=`). */
const LOGIN_TITLES: Record<AuthMode, string> = {
  login: 'route.login',
  register: 'route.register',
  forgot: 'route.forgot',
  setPassword: 'route.setPassword',
};

/** /login's title follows the panel shown: register, forgot and set password are panels of it. */
export function LoginTitle({ children }: { children?: ReactNode }) {
  const [params] = useSearchParams();
  return <PageTitle id={LOGIN_TITLES[parseMode(params.get('mode'))]}>{children}</PageTitle>;
}
