import { expect, loginViaUi, newMobile, PASSWORD, registerViaApi, test } from './helpers';

test('log in with phone and password, log out again', async ({ page, request }) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);

  await page.goto('/login?site=');
  await expect(page.locator('.auth-title')).toHaveText('账号登录');
  await expect(page).toHaveTitle(/^登录/);

  // a wrong password is refused with the server's message and stays on /login
  await page.locator('#mobile').fill(mobile);
  await page.locator('#password').fill('wrong12345');
  const refused = page.waitForResponse((r) => r.url().includes('/user/login'));
  await page.locator('.login-submit').click();
  expect((await refused).status()).toBeGreaterThanOrEqual(400);
  await expect(page.locator('.ant-message-notice')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await loginViaUi(page, mobile, PASSWORD);
  await expect(page).toHaveURL(/\/\?site=$/);
  await expect(page.locator('.header-nickname')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // logging out is not an expired login: no 'login prompt' dialog, no 'unauthorized' toast, and
  // nothing asked with the old token afterwards (the unread count used to be)
  await expect(page.locator('.header-mail')).toBeVisible();
  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(r.url());
  });
  const loggedOut = page.waitForResponse((r) => r.url().includes('/user/logout'));
  await page.locator('.header-logout').click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page.locator('.header-login')).toBeVisible();
  // whatever was still running or refetched after the logout has answered by now
  await page.waitForTimeout(1500);
  expect(unauthorized).toEqual([]);
  await expect(page.locator('.login-prompt')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice', { hasText: '未授权' })).toHaveCount(0);
  const after = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
  expect(after).toEqual({ token: null, user: null });
});
