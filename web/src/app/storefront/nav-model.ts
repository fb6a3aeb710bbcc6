import { useIntl } from 'react-intl';
import { useCartArgs, useCartQuery } from '../../api/cart-api';
import { useUnreadMessageCount } from '../../features/messages/message-api';

/** A count shown on a nav entry: the cart's pieces or the unread messages. */
export type NavCount = 'cart' | 'mail';

export interface NavItem {
  path: string;
  /** Catalogue key of the label. */
  title: string;
  count?: NavCount;
}

export interface NavGroup {
  key: string;
  /** The module path of spec section 2 (router.tsx redirects it to the first screen). */
  module: string;
  title: string;
  items: readonly NavItem[];
  /** Screens reached from the group's items (not in its menu) that still light the group up. */
  also?: readonly string[];
  /** The count the group's own badge carries. */
  count?: NavCount;
  /** Shown without a session (the module's screens are public). */
  open?: boolean;
}

/** The storefront's public sections (spec section 2), one flat link each. */
export const SECTIONS: readonly NavItem[] = [
  { path: '/', title: 'route.home.nav' },
  { path: '/recentnew', title: 'nav.recentnew' },
  { path: '/recentBK', title: 'nav.recentBK' },
  { path: '/recentFl_asia', title: 'nav.recentFl_asia' },
  { path: '/wholesaleList', title: 'nav.wholesaleList' },
  { path: '/sameStyle', title: 'nav.sameStyle' },
  { path: '/rankingList', title: 'nav.rankingList' },
  { path: '/noticeDetail', title: 'notice.title' },
  { path: '/tutorialcenter', title: 'nav.tutorialcenter' },
];

/** The modules of spec section 2 as menus; all but resources need a session. */
const GROUPS: readonly NavGroup[] = [
  {
    key: 'order',
    module: '/moduleOrder',
    title: 'nav.moduleOrder',
    count: 'cart',
    also: ['/orderDetail', '/checkout'],
    items: [
      { path: '/orderList', title: 'route.orderList' },
      { path: '/cart', title: 'route.cart', count: 'cart' },
      { path: '/handOrder', title: 'route.handOrder' },
      { path: '/platformOrders', title: 'route.platformOrders' },
      { path: '/exportExcelHistory', title: 'route.exportExcelHistory' },
      { path: '/addressCollect', title: 'route.addressCollect' },
      { path: '/forwardSeting', title: 'route.forwardSeting' },
      { path: '/listingShops', title: 'route.listingShops' },
      { path: '/myListings', title: 'route.myListings' },
    ],
  },
  {
    key: 'sale',
    module: '/moduleSale',
    title: 'nav.moduleSale',
    also: ['/saleDetail'],
    items: [
      { path: '/saleList', title: 'route.saleList' },
      { path: '/outStock', title: 'route.outStock' },
      { path: '/abnormal', title: 'route.abnormal' },
    ],
  },
  {
    key: 'fund',
    module: '/moduleFund',
    title: 'nav.moduleFund',
    items: [
      { path: '/myFund', title: 'route.myFund' },
      { path: '/withdrawalStatus', title: 'route.withdrawalStatus' },
      { path: '/coupon', title: 'coupon.title' },
    ],
  },
  {
    key: 'personal',
    module: '/modulePersonal',
    title: 'nav.modulePersonal',
    count: 'mail',
    items: [
      { path: '/personalData', title: 'route.personalData' },
      { path: '/productCollection', title: 'route.productCollection' },
      { path: '/wholesaleCollection', title: 'route.wholesaleCollection' },
      { path: '/mail', title: 'route.mail', count: 'mail' },
    ],
  },
  {
    key: 'resources',
    module: '/moduleResources',
    title: 'nav.moduleResources',
    open: true,
    items: [{ path: '/resources', title: 'route.resources' }],
  },
];

export const visibleGroups = (loggedIn: boolean) => GROUPS.filter((g) => loggedIn || g.open);

export const groupHas = (group: NavGroup, pathname: string) =>
  group.items.some((item) => item.path === pathname) || (group.also ?? []).includes(pathname);

/**
 * The cart's pieces (`total_quantity`) and the unread messages. The cart is asked for once per
 * session and language and every cart change writes its answer into that cache entry, so an add on
 * the product screen shows at once; the unread count is polled (see message-api).
 */
export function useNavCounts(): Record<NavCount, number> {
  const { args, skip } = useCartArgs();
  const { data } = useCartQuery(args, { skip });
  const unread = useUnreadMessageCount();
  return { cart: skip ? 0 : (data?.total_quantity ?? 0), mail: unread ?? 0 };
}

/** The accessible name of a count: '购物车共 3 件', '3 条未读'. */
export function useCountLabel(): (kind: NavCount, count: number) => string {
  const intl = useIntl();
  return (kind, count) => intl.formatMessage({ id: kind === 'cart' ? 'cart.count' : 'mail.unreadCount' }, { count });
}
