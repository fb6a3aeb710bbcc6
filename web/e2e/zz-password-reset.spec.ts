import { captchaAnswer, expect, loginViaUi, smsCode, test, waitForSmsCooldown } from './helpers';

test('forgot password: SMS code, then set a new password and log in with it', async ({ page }) => {
  // Registered by global-setup; its register SMS opened the server's one-SMS-a-minute window for
  // this phone. The file name makes it run last, so that window has mostly passed by now.
  const mobile = process.env.JPMALL_E2E_RESET_MOBILE!;
  test.setTimeout(120_000);

  const captcha = page.waitForResponse((r) => r.url().includes('/sms/get/captcha'));
  await page.goto('/login?site=');
  await page.locator('.link-forgot').click();
  await expect(page).toHaveURL(/mode=forgot/);
  await expect(page.locator('.auth-title')).toHaveText('忘记密码');
  await expect(page).toHaveTitle(/^忘记密码( - |$)/);
  const key = ((await (await captcha).json()) as { data: { captcha_key: string } }).data.captcha_key;

  await page.locator('#mobile').fill(mobile);
  await waitForSmsCooldown(mobile);
  await page.locator('#captcha').fill(captchaAnswer(mobile, key));
  const sent = page.waitForResponse((r) => r.url().includes('/sms/sendSmsText'));
  await page.locator('.send-sms').click();
  expect((await sent).status()).toBe(200);
  await page.locator('#code').fill(smsCode(mobile, 'resetpwd'));
  await page.locator('.forgot-next').click();

  await expect(page).toHaveURL(/mode=setPassword/);
  await expect(page.locator('.auth-title')).toHaveText('设置新密码');
  await expect(page).toHaveTitle(/^设置新密码( - |$)/);
  await page.locator('#password').fill('newPass456');
  await page.locator('#repassword').fill('newPass456');
  const reset = page.waitForResponse((r) => r.url().includes('/user/resetpwd'));
  await page.locator('.set-password-submit').click();
  expect((await reset).status()).toBe(200);
  await expect(page.locator('.auth-title')).toHaveText('账号登录');
  await expect(page).toHaveTitle(/^登录( - |$)/);

  await loginViaUi(page, mobile, 'newPass456');
  await expect(page.locator('.header-nickname')).toBeVisible();
});
