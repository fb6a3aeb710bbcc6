import { expect, test } from './helpers';

test('a path without site gets the stored one (empty when none)', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login\?site=$/);
  await expect(page.locator('.auth-title')).toBeVisible();

  // a site in the address is stored at start and then added to later addresses
  const info = (await (await request.post('/jpmall/addons/unishop/index/site', { data: { site: '' } })).json()) as {
    data: { site: string };
  };
  const site = info.data.site;
  await page.goto(`/login?site=${encodeURIComponent(site)}`);
  await expect(page.locator('.auth-title')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('site'))).toBe(site);
  await page.goto('/personalData');
  await expect(page).toHaveURL(`/personalData?site=${encodeURIComponent(site)}`);
  await page.goto('/login?mode=register');
  await expect(page).toHaveURL(new RegExp(`/login\\?mode=register&site=${site}$`));
});

test('unknown paths, hashes and unknown sites go to 404; module paths redirect', async ({ page }) => {
  await page.goto('/no/such/page?site=');
  await expect(page).toHaveURL(/\/404\?site=$/);
  await expect(page.getByText('页面不存在')).toBeVisible();
  await expect(page).toHaveTitle(/^页面不存在/);

  await page.goto('/login?site=#section');
  await expect(page).toHaveURL(/\/404\?site=$/);

  await page.goto('/modulePersonal?site=');
  await expect(page).toHaveURL(/\/personalData\?site=$/);

  await page.goto('/login?site=no-such-site-xyz');
  await expect(page).toHaveURL(/\/404\?site=no-such-site-xyz$/);

  // the unknown site is asked for once and said once (the 404 screen used to ask again: two toasts)
  const asked: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/index/site')) asked.push(r.status());
  });
  await page.goto('/?site=no-such-site-abc');
  await expect(page).toHaveURL(/\/404\?site=no-such-site-abc$/);
  await expect(page.locator('.ant-message-notice').first()).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  expect(asked).toEqual([404]);
});
