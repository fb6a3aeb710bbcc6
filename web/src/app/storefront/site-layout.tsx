import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSiteInfo } from '../../api/site-api';
import { useLogoutMutation } from '../../features/auth/auth-api';
import { CollectionLinks } from '../../features/catalog/collection-links';
import { SearchBox } from '../../features/catalog/search-box';
import { withSite } from '../../lib/site-rule';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { LanguageSwitch } from '../../widgets/language-switch';
import { MailLink } from './mail-badge';
import { ServiceEntry } from './service-entry';
import { SiteBrand } from '../../widgets/site-brand';
import { SiteNav } from './site-nav';
import { areaSiteChanged, selectSession } from '../../state/session-slice';
import { UserAvatar } from './user-avatar';

/** Header with the site, area site, language, session and collections, then the sections; wraps every route but login and 404. */
export default function SiteLayout() {
  const intl = useIntl();
  const { site, language, user, token, areaSite, areaSiteList } = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: siteInfo } = useSiteInfo({ site, language });
  const [logout] = useLogoutMutation();
  const here = `${location.pathname}${location.search}`;
  const loginTo = (mode?: string) => {
    const params = new URLSearchParams({ site });
    if (mode) params.set('mode', mode);
    else if (location.pathname !== '/') params.set('redirect', here);
    return `/login?${params.toString()}`;
  };

  return (
    <div className="site-layout">
      <header className="site-header">
        <SiteBrand />
        <SearchBox />
        <div className="site-header-tools">
          {areaSiteList.length > 0 ? (
            <select
              className="area-site-select"
              aria-label={intl.formatMessage({ id: 'layout.areaSite' })}
              value={areaSite}
              onChange={(event) => dispatch(areaSiteChanged(event.target.value))}
            >
              <option value="">{intl.formatMessage({ id: 'layout.areaSite' })}</option>
              {areaSiteList.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          ) : null}
          <LanguageSwitch />
          <ServiceEntry />
          {token && user ? (
            <>
              <CollectionLinks />
              <MailLink />
              <Link to={withSite('/personalData', site)} className="header-user">
                <UserAvatar src={user.avatar || undefined} name={user.nickname || user.mobile} />
                <span className="header-nickname">{user.nickname || user.mobile}</span>
              </Link>
              <button
                type="button"
                className="plain-button plain-link header-logout"
                onClick={() => {
                  void logout(token).finally(() => navigate(withSite('/', site)));
                }}
              >
                {intl.formatMessage({ id: 'auth.logout' })}
              </button>
            </>
          ) : (
            <>
              <Link to={loginTo()} className="header-login">
                {intl.formatMessage({ id: 'auth.login' })}
              </Link>
              <Link to={loginTo('register')} className="header-register">
                {intl.formatMessage({ id: 'auth.register' })}
              </Link>
            </>
          )}
        </div>
      </header>
      <SiteNav />
      <main className="site-content">
        <Outlet />
      </main>
      <footer className="site-footer">
        {siteInfo?.service
          ? intl.formatMessage(
              { id: 'layout.service' },
              { phone: siteInfo.service.phone, hours: siteInfo.service.hours },
            )
          : null}
      </footer>
    </div>
  );
}
