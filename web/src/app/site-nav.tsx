import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAppSelector } from './hooks';
import { selectToken } from './session-slice';
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

/** Module screens that need a session (spec section 2): shown once logged in. */
const PERSONAL_SECTIONS: readonly [path: string, title: string][] = [
  ['/addressCollect', 'route.addressCollect'],
  ['/myFund', 'route.myFund'],
  ['/withdrawalStatus', 'route.withdrawalStatus'],
];

export function SiteNav() {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const sections = token ? [...SECTIONS, ...PERSONAL_SECTIONS] : SECTIONS;
  return (
    <nav className="site-nav" aria-label={intl.formatMessage({ id: 'layout.nav' })}>
      {sections.map(([path, title]) => (
        <NavLink key={path} to={to(path)} end className={({ isActive }) => `site-nav-link${isActive ? ' is-current' : ''}`}>
          {intl.formatMessage({ id: title })}
        </NavLink>
      ))}
    </nav>
  );
}
