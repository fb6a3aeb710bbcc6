import type { Browser, Locator, Page } from '@playwright/test';
import { expect } from './helpers';

/** What the console's browser tests share: signing in, picking in an antd Select, a second browser. */

export const ADMIN = '/jpmall/admin';

/** Signs in to the console at /admin/login and waits for the console. */
export async function consoleLogin(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.locator('.console-login-mobile').fill(mobile);
  await page.locator('.console-login-password input').fill(password);
  // the button spins (and ignores a click) until the site's RSA key has loaded
  const submit = page.locator('.console-login-submit');
  await expect(submit).not.toHaveClass(/ant-btn-loading/);
  const answer = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/staff/login`));
  await submit.click();
  expect((await answer).status()).toBe(200);
  await expect(page.locator('.console-staff-name')).toBeVisible();
}

/** Picks `option` in the antd Select `select` (typing `search` first when given). */
export async function choose(page: Page, select: Locator, option: string, search?: string): Promise<void> {
  await expect(async () => {
    if (!/ant-select-open/.test((await select.getAttribute('class')) ?? '')) await select.click();
    if (search) await select.locator('input').fill(search);
    const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
    await expect(item).toBeVisible({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** A page of its own (another browser context: its own storage, so its own session). */
export async function newPage(browser: Browser, baseURL: string | undefined, options: { timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  return context.newPage();
}
