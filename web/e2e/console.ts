import { constants, publicEncrypt } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect } from './helpers';

/** What the console's browser tests share: signing in (in a page or by the API), staff calls, picking in an antd Select, a second browser. */

export const ADMIN = '/jpmall/admin';

/** The demo staff accounts' password (jpmall seed). */
const DEMO_PASSWORD = 'demo1234';

/** A staff member's session token, signed in through the API as the console does (RSA password). */
export async function staffToken(request: APIRequestContext, mobile: string, password = DEMO_PASSWORD): Promise<string> {
  const site = (await (await request.post('/jpmall/addons/unishop/index/site', { data: { site: '' } })).json()) as { data: { rsa_public_key: string } };
  const encrypted = publicEncrypt({ key: site.data.rsa_public_key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
  const response = await request.post(`${ADMIN}/staff/login`, { data: { mobile, password: encrypted } });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, `staff/login: ${response.status()} ${body.msg}`).toBe(1);
  return body.data.token;
}

/** A staff call with `token` (a POST of `data`, a GET without); fails the test unless the envelope says success. */
export async function asStaff<T>(request: APIRequestContext, token: string, path: string, data?: object): Promise<T> {
  const headers = { 'admin-token': token };
  const response = data ? await request.post(`${ADMIN}${path}`, { headers, data }) : await request.get(`${ADMIN}${path}`, { headers });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return body.data;
}

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
