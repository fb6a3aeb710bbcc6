import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useSitePath } from './site-path';

/** The storefront's main sections (public routes of spec section 2). */
const SECTIONS: readonly [path: string, title: string][] = [
  ['/', 'route.home.nav'],
  ['/recentnew', 'route.recentnew'],
  ['/recentBK', 'route.recentBK'],
  ['/recentFl_asia', 'route.recentFl_asia'],
  ['/wholesaleList', 'route.wholesaleList'],
  ['/sameStyle', 'route.sameStyle'],
  ['/noticeDetail', 'notice.title'],
  ['/tutorialcenter', 'route.tutorialcenter'],
  ['/resources', 'route.moduleResources'],
];

export function SiteNav() {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <nav className="site-nav" aria-label={intl.formatMessage({ id: 'layout.nav' })}>
      {SECTIONS.map(([path, title]) => (
        <NavLink key={path} to={to(path)} end className={({ isActive }) => `site-nav-link${isActive ? ' is-current' : ''}`}>
          {intl.formatMessage({ id: title })}
        </NavLink>
      ))}
    </nav>
  );
}
