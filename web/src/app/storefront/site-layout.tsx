import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSiteInfo } from '../../api/site-api';
import { useLogoutMutation } from '../../features/auth/auth-api';
import { CollectionLinks } from '../../features/catalog/collection-links';
import { SearchBox } from '../../features/catalog/search-box';
import { withSite } from '../../lib/site-rule';
import { useAppSelector } from '../../state/hooks';
import { LanguageSwitch } from '../../widgets/language-switch';
import { MailLink } from './mail-badge';
import { ServiceEntry } from './service-entry';
import { SiteBrand } from '../../widgets/site-brand';
import { AreaSitePicker } from './area-site-picker';
import { lazyScreen } from '../../lib/lazy-screen';
import { useNavCounts, useCountLabel } from './nav-model';
import { SiteNav } from './site-nav';
import { selectSession } from '../../state/session-slice';
import { UserAvatar } from './user-avatar';

// The phone's menu: antd's Drawer and Menu in a chunk of their own, loaded on the first tap.
const NavDrawer = lazyScreen(() => import('./nav-drawer'));

/** On a phone, the nav and the header's tools are in a drawer this button opens. */
function MenuButton({ onOpen }: { onOpen: () => void }) {
  const intl = useIntl();
  const counts = useNavCounts();
  const countLabel = useCountLabel();
  const label = [
    intl.formatMessage({ id: 'layout.menu' }),
    ...(counts.cart > 0 ? [countLabel('cart', counts.cart)] : []),
    ...(counts.mail > 0 ? [countLabel('mail', counts.mail)] : []),
  ].join(', ');
  return (
    <button type="button" className="header-menu-button" aria-label={label} aria-haspopup="dialog" onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden focusable="false">
        <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
      </svg>
      {counts.cart + counts.mail > 0 ? <span className="header-menu-dot" /> : null}
    </button>
  );
}

/** Header with the site, area site, language, session and collections, then the sections; wraps every route but login and 404. */
export default function SiteLayout() {
  const intl = useIntl();
  const { site, language, user, token } = useAppSelector(selectSession);
  const navigate = useNavigate();
  const location = useLocation();
  const { data: siteInfo } = useSiteInfo({ site, language });
  const [logout] = useLogoutMutation();
  const here = `${location.pathname}${location.search}`;
  const [drawer, setDrawer] = useState({ open: false, shown: false });
  const logOut = () => {
    if (token) void logout(token).finally(() => navigate(withSite('/', site)));
  };
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
          <AreaSitePicker />
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
                className="plain-button header-logout"
                onClick={logOut}
              >
                {intl.formatMessage({ id: 'auth.logout' })}
              </button>
            </>
          ) : (
            <>
              <Link to={loginTo()} className="header-button header-login">
                {intl.formatMessage({ id: 'auth.login' })}
              </Link>
              <Link to={loginTo('register')} className="header-button header-register">
                {intl.formatMessage({ id: 'auth.register' })}
              </Link>
            </>
          )}
        </div>
        <MenuButton onOpen={() => setDrawer({ open: true, shown: true })} />
      </header>
      <SiteNav />
      {drawer.shown ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawer.open} onClose={() => setDrawer({ open: false, shown: true })} loginTo={loginTo} onLogout={logOut} />
        </Suspense>
      ) : null}
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
