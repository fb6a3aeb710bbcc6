import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSiteInfo } from '../api/site-api';
import { withSite } from '../lib/site-rule';
import { useAppSelector } from '../state/hooks';
import { selectSession } from '../state/session-slice';

/** The site's logo and name (from site info), linking to the root. */
export function SiteBrand() {
  const intl = useIntl();
  const { site, language } = useAppSelector(selectSession);
  const { data: siteInfo } = useSiteInfo({ site, language });
  return (
    <Link to={withSite('/', site)} className="site-brand">
      {siteInfo?.logo ? (
        <img
          src={siteInfo.logo}
          alt=""
          className="site-logo"
          onError={(event) => {
            event.currentTarget.style.display = 'none';
          }}
        />
      ) : null}
      <span className="site-name">{siteInfo?.name ?? intl.formatMessage({ id: 'app.name' })}</span>
    </Link>
  );
}
