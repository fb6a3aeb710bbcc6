import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useCartArgs, useCartQuery } from '../../api/cart-api';
import { badgeText } from '../../lib/badge';
import { useAppSelector } from '../../state/hooks';
import { MailCount } from './mail-badge';
import { selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';

/** The storefront's main sections (public routes of spec section 2). */
const SECTIONS: readonly [path: string, title: string][] = [
  ['/', 'route.home.nav'],
  ['/recentnew', 'route.recentnew'],
  ['/recentBK', 'route.recentBK'],
  ['/recentFl_asia', 'route.recentFl_asia'],
  ['/wholesaleList', 'route.wholesaleList'],
  ['/sameStyle', 'route.sameStyle'],
  ['/rankingList', 'route.rankingList'],
  ['/noticeDetail', 'notice.title'],
  ['/tutorialcenter', 'route.tutorialcenter'],
  ['/resources', 'route.moduleResources'],
];

/** Module screens that need a session (spec section 2): shown once logged in. */
const PERSONAL_SECTIONS: readonly [path: string, title: string][] = [
  ['/orderList', 'route.orderList'],
  ['/cart', 'route.cart'],
  ['/handOrder', 'route.handOrder'],
  ['/platformOrders', 'route.platformOrders'],
  ['/exportExcelHistory', 'route.exportExcelHistory'],
  ['/addressCollect', 'route.addressCollect'],
  ['/forwardSeting', 'route.forwardSeting'],
  ['/saleList', 'route.saleList'],
  ['/outStock', 'route.outStock'],
  ['/abnormal', 'route.abnormal'],
  ['/myFund', 'route.myFund'],
  ['/withdrawalStatus', 'route.withdrawalStatus'],
  ['/coupon', 'coupon.title'],
  ['/mail', 'route.mail'],
];

/**
 * The cart's piece count (`total_quantity`, 99+ past 99) on its nav entry. The cart is asked for
 * once per session and language; every cart change writes its answer into that cache entry, so
 * an add on the product screen shows here at once.
 */
function CartCount() {
  const intl = useIntl();
  const { args, skip } = useCartArgs();
  const { data } = useCartQuery(args, { skip });
  const text = badgeText(data?.total_quantity);
  if (!text) return null;
  return (
    <sup className="count-badge cart-count" aria-label={intl.formatMessage({ id: 'cart.count' }, { count: data?.total_quantity ?? 0 })}>
      {text}
    </sup>
  );
}

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
          {path === '/cart' ? <CartCount /> : null}
          {path === '/mail' ? <MailCount /> : null}
        </NavLink>
      ))}
    </nav>
  );
}
