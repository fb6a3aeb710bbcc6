import { execFileSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Tests get the address of the binary that global-setup started. */
export const test = base.extend({
  // Playwright fixtures must destructure their first argument.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.JPMALL_BASE_URL;
    if (!url) throw new Error('JPMALL_BASE_URL unset: global setup did not run');
    await use(url);
  },
});
export { expect };

const opsEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, JPMALL_DATA_DIR: process.env.JPMALL_E2E_DATA_DIR };
  delete env.DATABASE_URL;
  return env;
};

/** Runs `jpmall ops …` against the test server's data folder. */
export function ops(args: string[]): string {
  return execFileSync(process.env.JPMALL_E2E_BIN!, ['ops', ...args], { env: opsEnv(), encoding: 'utf8' });
}

interface Outbox {
  sms: { mobile: string; event: string; code: string; text: string; sent_at: number }[];
  captchas: { captcha_key: string; answer: string; created_at: number }[];
}

function outbox(mobile: string): Outbox {
  return JSON.parse(ops(['outbox', '--json', '--mobile', mobile])) as Outbox;
}

export function captchaAnswer(mobile: string, key: string): string {
  const found = outbox(mobile).captchas.find((c) => c.captcha_key === key);
  if (!found) throw new Error(`captcha ${key} not in the outbox`);
  return found.answer;
}

export function smsCode(mobile: string, event: string): string {
  const found = outbox(mobile).sms.find((s) => s.mobile === mobile && s.event === event);
  if (!found) throw new Error(`no ${event} SMS for ${mobile} in the outbox`);
  return found.code;
}

/** Waits until the phone may get another SMS (one a minute per phone). */
export async function waitForSmsCooldown(mobile: string, cooldownSeconds = 60): Promise<void> {
  const last = outbox(mobile).sms.find((s) => s.mobile === mobile);
  if (!last) return;
  const waitMs = (last.sent_at + cooldownSeconds + 1) * 1000 - Date.now();
  if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
}

let counter = 0;
/**
 * A fresh, valid mobile number for this run. Workers run side by side, each counting from 0, so the
 * worker's slot (Playwright's TEST_PARALLEL_INDEX; 9 in the global setup) is part of it: two
 * workers drawing in the same millisecond still get different phones.
 */
export function newMobile(): string {
  counter += 1;
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? '9') % 10;
  const tail = `${slot}${`${Date.now() % 100_000}`.padStart(5, '0')}${`${counter % 100}`.padStart(2, '0')}`;
  return `139${tail}`;
}

export const PASSWORD = 'e2ePass123';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 1) throw new Error(`${response.url()}: ${response.status()} ${body.msg}`);
  return body.data;
}

/** Registers an account through the API (captcha, SMS, RSA-encrypted passwords); returns the user with token. */
export async function registerViaApi(request: APIRequestContext, mobile: string, password = PASSWORD) {
  const site = await data<{ rsa_public_key: string }>(
    await request.post('/jpmall/addons/unishop/index/site', { data: { site: '' } }),
  );
  const captcha = await data<{ captcha_key: string }>(await request.get('/jpmall/addons/unishop/sms/get/captcha'));
  const answer = captchaAnswer(mobile, captcha.captcha_key);
  await data(
    await request.post('/jpmall/addons/unishop/sms/sendSmsText', {
      data: { mobile, event: 'register', captcha_key: captcha.captcha_key, captcha: answer },
    }),
  );
  const code = smsCode(mobile, 'register');
  const encrypt = (text: string) =>
    publicEncrypt({ key: site.rsa_public_key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');
  const result = await data<{ userinfo: { token: string; mobile: string } }>(
    await request.post('/jpmall/addons/unishop/user/register', {
      data: { mobile, password: encrypt(password), repassword: encrypt(password), code, agree: true },
    }),
  );
  return result.userinfo;
}

/** Logs in through the login screen and waits for the next page. */
export async function loginViaUi(page: Page, mobile: string, password = PASSWORD): Promise<void> {
  await page.locator('#mobile').fill(mobile);
  await page.locator('#password').fill(password);
  const answer = page.waitForResponse((r) => r.url().includes('/user/login'));
  await page.locator('.login-submit').click();
  expect((await answer).status()).toBe(200);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The operator token of the test server (global-setup sets it; else the one made in its data folder). */
export function operatorToken(): string {
  const token = process.env.JPMALL_E2E_OPERATOR_TOKEN;
  if (token) return token;
  return readFileSync(join(process.env.JPMALL_E2E_DATA_DIR!, 'operator-token'), 'utf8').trim();
}

const shotDir = resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

/** Saves a full-page screenshot under web/test-results/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true });
}

/**
 * A form field's error message: Ant Design's form's, leaving out one it is still animating away
 * after a re-check, or a plain field's (the login panel, features/auth/plain-field.tsx).
 */
export const FIELD_ERROR = '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave), .field-error';

/**
 * Picks `option` in an antd Select (`select`, whose popup has the class `popup`) and waits until the
 * select shows it. A click that lands while the popup is still opening can leave the value unset
 * with the list open (seen on the 2-core CI machine), so the pick is tried again until it shows.
 */
export async function chooseOption(page: Page, select: Locator, popup: string, option: string): Promise<void> {
  await expect(async () => {
    if (!/ant-select-open/.test((await select.getAttribute('class')) ?? '')) await select.click();
    const item = page.locator(`.${popup} .ant-select-item-option`, { hasText: option });
    await expect(item).toBeVisible({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
