import type { Locator, Page } from '@playwright/test';

/** A module's menu button on the nav (order, sale, fund, personal, resources). */
export const navGroup = (page: Page, group: string): Locator => page.locator(`.site-nav [data-group="${group}"]`);

/** Goes to a screen through its module's menu on the nav, as a seller clicks it. */
export async function navTo(page: Page, group: string, item: string | RegExp): Promise<void> {
  await navGroup(page, group).click();
  await page.locator(`.site-nav-menu-${group}`).getByRole('menuitem', { name: item }).click();
}
