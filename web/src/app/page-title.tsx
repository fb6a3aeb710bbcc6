import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSiteInfoQuery } from '../api/site-api';
import { useAppSelector } from './hooks';
import { selectSession } from './session-slice';

/** Sets the page title from a route's title key, translated, with the site's name. */
export function PageTitle({ id, children }: { id: string; children?: ReactNode }) {
  const intl = useIntl();
  const { site, language } = useAppSelector(selectSession);
  const { data } = useSiteInfoQuery({ site, language });
  const siteName = data?.name;
  useEffect(() => {
    document.title = [intl.formatMessage({ id }), siteName].filter(Boolean).join(' - ');
  }, [id, intl, siteName]);
  return children ?? null;
}
