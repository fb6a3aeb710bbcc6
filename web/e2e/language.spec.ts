import { expect, screenshot, test } from './helpers';

test('switch language: every text changes, and stays changed after reload', async ({ page }) => {
  await page.goto('/login?site=');
  await expect(page.locator('.auth-title')).toHaveText('账号登录');
  await expect(page.locator('.login-submit')).toHaveText(/登\s*录/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await screenshot(page, 'login-zh_CN');

  const siteInfo = page.waitForResponse((r) => r.url().includes('/index/site'));
  await page.locator('[data-language="en_US"]').click();
  await expect(page.locator('.auth-title')).toHaveText('Log in to your account');
  await expect(page.locator('.login-submit')).toHaveText('Log in');
  await expect(page.locator('label[for="mobile"]')).toHaveText('Mobile number');
  await expect(page).toHaveTitle(/^Log in/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  // the site texts are asked for again in the new language
  expect((await siteInfo).request().headers()['content-language']).toBe('en_US');
  await screenshot(page, 'login-en_US');
  // Ant Design's own texts follow too (validation shown through the catalogue)
  await page.locator('.login-submit').click();
  await expect(page.getByText('Mobile number cannot be empty')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en_US');

  await page.reload();
  await expect(page.locator('.auth-title')).toHaveText('Log in to your account');
  await expect(page.locator('[data-language="en_US"]')).toHaveAttribute('aria-pressed', 'true');

  await page.locator('[data-language="zh_CN"]').click();
  await expect(page.locator('.auth-title')).toHaveText('账号登录');
  await page.reload();
  await expect(page.locator('.auth-title')).toHaveText('账号登录');
});
