import { useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { badgeText } from '../../lib/badge';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { groupHas, SECTIONS, useCountLabel, useNavCounts, visibleGroups, type NavCount, type NavGroup } from './nav-model';
import { LazyNavPopup } from './nav-popup';

/** A count on a nav button, drawn like antd's Badge (the first screen carries no antd code). */
function CountBadge({ kind, count, className = '' }: { kind: NavCount; count: number; className?: string }) {
  const label = useCountLabel();
  const text = badgeText(count);
  if (!text) return null;
  return (
    <sup className={`count-badge ${kind === 'cart' ? 'cart-count' : 'nav-mail-badge'} ${className}`} aria-label={label(kind, count)}>
      {text}
    </sup>
  );
}

export const Chevron = () => (
  <svg className="nav-chevron" viewBox="0 0 1024 1024" width="10" height="10" aria-hidden focusable="false">
    <path fill="currentColor" d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
  </svg>
);

function GroupButton({ group, counts }: { group: NavGroup; counts: Record<NavCount, number> }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const current = groupHas(group, pathname);
  return (
    <LazyNavPopup
      popup={{ kind: 'group', group }}
      trigger={(handlers, open) => (
        <button
          type="button"
          className={`site-nav-link site-nav-group${current ? ' is-current' : ''}${open ? ' is-open' : ''}`}
          data-group={group.key}
          aria-haspopup="menu"
          aria-expanded={open}
          {...handlers}
        >
          {intl.formatMessage({ id: group.title })}
          {group.count ? <CountBadge kind={group.count} count={counts[group.count]} /> : null}
          <Chevron />
        </button>
      )}
    />
  );
}

/**
 * The sections in one row: the public ones as links, then the modules of spec section 2 (orders,
 * after-sales, funds, personal, resources) as menus, with the cart's pieces on orders and the
 * unread messages on personal. Hidden on a phone, where the header's menu button opens them all.
 */
export function SiteNav() {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const counts = useNavCounts();
  return (
    <nav className="site-nav" aria-label={intl.formatMessage({ id: 'layout.nav' })}>
      {SECTIONS.map(({ path, title }) => (
        <NavLink key={path} to={to(path)} end className={({ isActive }) => `site-nav-link${isActive ? ' is-current' : ''}`}>
          {intl.formatMessage({ id: title })}
        </NavLink>
      ))}
      {visibleGroups(Boolean(token)).map((group) => (
        <GroupButton key={group.key} group={group} counts={counts} />
      ))}
    </nav>
  );
}
