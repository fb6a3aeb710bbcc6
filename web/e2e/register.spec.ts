import { captchaAnswer, expect, newMobile, PASSWORD, smsCode, test } from './helpers';

test('register with captcha and SMS code, then land on the root', async ({ page }) => {
  const mobile = newMobile();
  const firstCaptcha = page.waitForResponse((r) => r.url().includes('/sms/get/captcha'));
  await page.goto('/login?site=&mode=register');
  await expect(page.locator('.auth-title')).toHaveText('注册账号');
  // the register panel of /login has its own page title
  await expect(page).toHaveTitle(/^注册( - |$)/);
  let key = ((await (await firstCaptcha).json()) as { data: { captcha_key: string } }).data.captcha_key;

  // the rules of spec section 5 show before anything is sent
  await page.locator('.register-submit').click();
  await expect(page.getByText('手机号不能为空')).toBeVisible();
  await expect(page.getByText('请阅读并同意用户协议')).toBeVisible();
  await page.locator('#mobile').fill('12345');
  await expect(page.getByText('手机号格式不正确')).toBeVisible();

  await page.locator('#mobile').fill(mobile);
  await page.locator('#captcha').fill(captchaAnswer(mobile, key));
  const nextCaptcha = page.waitForResponse((r) => r.url().includes('/sms/get/captcha'));
  const sent = page.waitForResponse((r) => r.url().includes('/sms/sendSmsText'));
  await page.locator('.send-sms').click();
  expect((await sent).status()).toBe(200);
  // the countdown runs and a fresh captcha replaces the used one
  await expect(page.locator('.send-sms')).toBeDisabled();
  await expect(page.locator('.send-sms')).toContainText('秒后重新获取');
  key = ((await (await nextCaptcha).json()) as { data: { captcha_key: string } }).data.captcha_key;
  expect(key).toBeTruthy();

  await page.locator('#code').fill(smsCode(mobile, 'register'));
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#repassword').fill(`${PASSWORD}x`);
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.locator('#repassword').fill(PASSWORD);
  await page.locator('#agree').check();

  const registered = page.waitForResponse((r) => r.url().includes('/user/register'));
  await page.locator('.register-submit').click();
  const answer = await registered;
  expect(answer.status()).toBe(200);
  const body = answer.request().postDataJSON() as Record<string, unknown>;
  expect(body.password).not.toBe(PASSWORD);
  expect(String(body.password)).toMatch(/^[A-Za-z0-9+/]+=*$/);

  await expect(page).toHaveURL(/\/\?site=$/);
  await expect(page.locator('.header-nickname')).toBeVisible();
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ mobile, token: stored.token });
});
