import type { ComponentType } from 'react';

/** Permission names of the staff console (docs/api.md "Staff console"). */
export type Permission =
  | 'staff.manage'
  | 'catalogue.read'
  | 'catalogue.write'
  | 'stock.write'
  | 'imports.write'
  | 'orders.read'
  | 'orders.write'
  | 'aftersales.read'
  | 'aftersales.write'
  | 'withdrawals.read'
  | 'withdrawals.write'
  | 'ledgers.read'
  | 'coupons.read'
  | 'coupons.write'
  | 'notices.write'
  | 'outbox.read'
  | 'audit.read';

/** One screen of the console: its path below /admin, its menu title, who may open it, its code. */
export interface ConsoleScreen {
  path: string;
  /** Catalogue key of the menu entry and page title. */
  title: string;
  /** Needed to see the entry and open the screen; null for every staff member. */
  permission: Permission | null;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The console's screens, in menu order. A screen is one line here (its route and menu entry come
 * from it); markets, stalls, categories, products and imports join when their calls exist.
 */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  { path: '/', title: 'console.menu.home', permission: null, load: () => import('./home-screen') },
  { path: '/staff', title: 'console.menu.staff', permission: 'staff.manage', load: () => import('./staff-screen') },
  { path: '/audit', title: 'console.menu.audit', permission: 'audit.read', load: () => import('./audit-screen') },
];

/** The screens a staff member with these permissions may open (and sees in the menu). */
export function screensFor(permissions: readonly string[], screens: readonly ConsoleScreen[] = CONSOLE_SCREENS): ConsoleScreen[] {
  const granted = new Set(permissions);
  return screens.filter((screen) => screen.permission === null || granted.has(screen.permission));
}
