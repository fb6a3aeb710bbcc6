import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { Permission, StaffRole } from '../../api/console-api';

/** One screen of the console: its path below /admin, its menu title, who may open it, its code. */
export interface ConsoleScreen {
  path: string;
  /** Catalogue key of the menu entry and page title. */
  title: string;
  /** Needed to see the entry and open the screen; null for every staff member. */
  permission: Permission | null;
  /** Roles that never see it though they hold the permission (a stall account cannot save markets). */
  notFor?: readonly StaffRole[];
  /** false: a screen reached from another (a product's form, an import), not a menu entry. */
  menu?: false;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The console's screens, in menu order. A screen is one line here (its route and menu entry come
 * from it); a path may take parameters (`/products/:id`).
 */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  { path: '/', title: 'console.menu.home', permission: null, load: () => import('../../console-features/desk/home-screen') },
  { path: '/products', title: 'console.menu.products', permission: 'catalogue.read', load: () => import('../../console-features/catalogue/products-screen') },
  { path: '/products/:id', title: 'console.menu.product', permission: 'catalogue.write', menu: false, load: () => import('../../console-features/catalogue/product-form-screen') },
  { path: '/stalls', title: 'console.menu.stalls', permission: 'catalogue.read', load: () => import('../../console-features/catalogue/stalls-screen') },
  { path: '/markets', title: 'console.menu.markets', permission: 'catalogue.read', notFor: ['stall'], load: () => import('../../console-features/catalogue/markets-screen') },
  { path: '/categories', title: 'console.menu.categories', permission: 'catalogue.read', notFor: ['stall'], load: () => import('../../console-features/catalogue/categories-screen') },
  { path: '/imports', title: 'console.menu.imports', permission: 'imports.write', load: () => import('../../console-features/catalogue/imports-screen') },
  { path: '/imports/:id', title: 'console.menu.import', permission: 'imports.write', menu: false, load: () => import('../../console-features/catalogue/import-screen') },
  { path: '/waves', title: 'console.menu.waves', permission: 'orders.read', load: () => import('../../console-features/warehouse/waves-screen') },
  { path: '/waves/:id', title: 'console.menu.wave', permission: 'orders.read', menu: false, load: () => import('../../console-features/warehouse/wave-screen') },
  { path: '/shipping', title: 'console.menu.shipping', permission: 'orders.read', load: () => import('../../console-features/warehouse/shipping-screen') },
  { path: '/abnormal', title: 'console.menu.abnormal', permission: 'orders.read', load: () => import('../../console-features/warehouse/abnormal-screen') },
  { path: '/staff', title: 'console.menu.staff', permission: 'staff.manage', load: () => import('../../console-features/staff/staff-screen') },
  { path: '/aftersales', title: 'console.menu.aftersales', permission: 'aftersales.read', load: () => import('../../console-features/desk/aftersales-screen') },
  { path: '/withdrawals', title: 'console.menu.withdrawals', permission: 'withdrawals.read', load: () => import('../../console-features/desk/withdrawals-screen') },
  { path: '/coupons', title: 'console.menu.coupons', permission: 'coupons.read', load: () => import('../../console-features/desk/coupons-screen') },
  { path: '/notices', title: 'console.menu.notices', permission: 'notices.write', load: () => import('../../console-features/desk/notices-screen') },
  { path: '/audit', title: 'console.menu.audit', permission: 'audit.read', load: () => import('../../console-features/staff/audit-screen') },
];

/** The screens a staff member with these permissions (and this role) may open. */
export function screensFor(permissions: readonly string[], screens: readonly ConsoleScreen[] = CONSOLE_SCREENS, role?: string): ConsoleScreen[] {
  const granted = new Set(permissions);
  return screens.filter(
    (screen) => (screen.permission === null || granted.has(screen.permission)) && !(role && screen.notFor?.some((r) => r === role)),
  );
}

/** The menu's entries of those screens. */
export const menuEntries = (screens: readonly ConsoleScreen[]) => screens.filter((screen) => screen.menu !== false);

/** The screen a path shows (`/products/P1` → `/products/:id`), if any. */
export function screenAt(pathname: string, screens: readonly ConsoleScreen[] = CONSOLE_SCREENS): ConsoleScreen | undefined {
  return screens.find((screen) => matchPath(screen.path, pathname) !== null);
}

/** The menu entry to mark for a path: its own screen's, else the entry it lies below (`/products/P1` → `/products`). */
export function menuKeyOf(pathname: string, screens: readonly ConsoleScreen[]): string {
  const entries = menuEntries(screens);
  if (entries.some((screen) => screen.path === pathname)) return pathname;
  const parent = entries.filter((screen) => screen.path !== '/' && pathname.startsWith(`${screen.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  return parent?.path ?? pathname;
}
