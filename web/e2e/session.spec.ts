import { expect, loginViaUi, newMobile, ops, registerViaApi, test } from './helpers';

test('an expired session shows one login dialog and returns to the first page after login', async ({ page, request }) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.goto('/login?site=');
  await loginViaUi(page, mobile);
  await page.goto('/personalData?site=');
  await expect(page.locator('.profile-mobile')).toHaveText(mobile);

  ops(['logout', '--mobile', mobile]);

  // on reload both the account info and the profile call answer 401
  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(r.url());
  });
  await page.reload();
  const dialog = page.locator('.login-prompt');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('登录提示');
  await expect(dialog).toContainText('未登录或登录已过期，请重新登录');
  await page.waitForTimeout(500);
  expect(unauthorized.length).toBeGreaterThanOrEqual(1);
  await expect(page.locator('.login-prompt')).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await dialog.locator('.ant-btn-primary').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2FpersonalData%3Fsite%3D&site=$/);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/personalData\?site=$/);
  await expect(page.locator('.profile-mobile')).toHaveText(mobile);
});
