import { expect, test } from './helpers';

test('a screen chunk that fails to load asks to click to refresh', async ({ page }) => {
  await page.goto('/login?site=');
  await expect(page.locator('.auth-title')).toBeVisible();
  await page.route(/\/assets\/not-found-screen-[^/]+\.js$/, (route) => route.abort());
  await page.evaluate(() => {
    history.pushState(null, '', '/404?site=');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('.new-version-refresh')).toBeVisible();
  await expect(page.locator('.route-error-refresh')).toHaveText('点击刷新');
});

test('a changed build id in /version.json asks to click to refresh', async ({ page }) => {
  await page.route(/\/version\.json/, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ build: 'a-newer-build' }) }),
  );
  await page.goto('/login?site=');
  await expect(page.locator('.auth-title')).toBeVisible();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.locator('.new-version-refresh')).toBeVisible();
  await expect(page.locator('.new-version-refresh')).toHaveText(/点击刷新/);
});
