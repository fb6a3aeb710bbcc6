import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { listZip } from './zip';

const downloads = resolve(import.meta.dirname, '..', 'test-results', 'downloads');

interface Detail {
  id: string;
  title: string;
  price: string;
  details: string[];
  colors: { name: string }[];
  sizes: string[];
  skus: { color: string; size: string; price: string; stock: number }[];
  stall: { id: string };
}

test('home → list → product → favourite → favourites → image package → same style', async ({ page, request }) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.goto('/login?site=');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/\?site=$/);

  // home: banners, notices, categories and the three rows, pictures loaded lazily
  await expect(page).toHaveTitle(/^爆款货源网/);
  await expect(page.locator('.home-row-hot .product-tile').first()).toBeVisible();
  for (const row of ['hot', 'new', 'sea']) {
    await expect(page.locator(`.home-row-${row} .product-tile`).first()).toBeVisible();
  }
  await expect(page.locator('.home-categories .home-category').first()).toBeVisible();
  await expect(page.locator('.home-notices li').first()).toBeVisible();
  await expect(page.locator('.home-row-hot .product-tile img').first()).toHaveAttribute('loading', 'lazy');
  await screenshot(page, 'home-zh_CN');

  // the hot-item zone: spec pagination texts, a sort and a price range go into the request
  await page.locator('.home-row-hot .section-more').click();
  await expect(page).toHaveURL(/\/recentBK\?site=$/);
  await expect(page.locator('.product-list-page .product-tile').first()).toBeVisible();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/^共 \d+ 条$/);
  await expect(page.locator('.ant-pagination-options')).toContainText('20 条/页');

  let sorted = page.waitForResponse((r) => r.url().includes('/product/lists'));
  await page.locator('.list-sort').getByText('价格从低到高').click();
  let body = (await sorted).request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ scene: 'hot', sort: 'price_asc', page: 1, pagesize: 20 });
  await expect(page).toHaveURL(/sort=price_asc/);

  sorted = page.waitForResponse((r) => r.url().includes('/product/lists'));
  await page.locator('.filter-price-min input').fill('20');
  await page.locator('.filter-price-max input').fill('500');
  await page.locator('.filter-price-apply').click();
  const answer = await sorted;
  body = answer.request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ scene: 'hot', sort: 'price_asc', price_min: '20.00', price_max: '500.00' });
  const listed = ((await answer.json()) as { data: { list: { price: string }[] } }).data.list;
  expect(listed.length).toBeGreaterThan(0);
  const prices = listed.map((p) => Number(p.price));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  for (const price of prices) expect(price).toBeGreaterThanOrEqual(20);
  await expect(page.locator('.product-list-page .product-tile-price').first()).toHaveText(`¥${listed[0]!.price}`);
  await screenshot(page, 'list-zh_CN');

  // the product: gallery, colour × size with price and stock of the chosen SKU
  const detailAnswer = page.waitForResponse((r) => r.url().includes('/product/detail'));
  await page.locator('.product-list-page .product-tile-link').first().click();
  await expect(page).toHaveURL(/\/goodsDetail\?id=[^&]+&site=$/);
  const product = ((await (await detailAnswer).json()) as { data: Detail }).data;
  await expect(page.locator('.product-title')).toHaveText(product.title);
  await expect(page.locator('.product-gallery-main img')).toBeVisible();
  const sku = product.skus.find((s) => s.stock > 0) ?? product.skus[0]!;
  await page.locator(`.sku-color[data-color="${sku.color}"]`).click();
  await page.locator(`.sku-size[data-size="${sku.size}"]`).click();
  await expect(page.locator('.sku-price')).toHaveText(`¥${sku.price}`);
  await expect(page.locator('.sku-stock')).toHaveText(sku.stock > 0 ? `${sku.stock} 件` : '缺货');

  // favourite: the button, the count on the page and the header badge change together
  const before = await page.locator('.product-favorite-count').textContent();
  const favorited = page.waitForResponse((r) => r.url().includes('/product/favorite'));
  await page.locator('.favorite-button').click();
  expect((await favorited).status()).toBe(200);
  await expect(page.locator('.favorite-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.product-favorite-count')).not.toHaveText(before ?? '');
  await expect(page.locator('.header-favorites .count-badge')).toHaveText('1');
  await screenshot(page, 'product-zh_CN');

  // the image package: saved as a zip named by the title, with main, detail and colour folders
  mkdirSync(downloads, { recursive: true });
  const downloading = page.waitForEvent('download');
  const zipAnswer = page.waitForResponse((r) => r.url().includes('/index/images_zip'));
  await page.locator('.download-images').click();
  expect((await zipAnswer).status()).toBe(200);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zipPath = join(downloads, download.suggestedFilename());
  await download.saveAs(zipPath);
  execFileSync('unzip', ['-tqq', zipPath]);
  const names = listZip(zipPath).map((e) => e.name);
  const folder = names[0]!.split('/')[0]!;
  expect(folder.length).toBeGreaterThan(0);
  expect(folder).not.toMatch(/[\\/]|^\.\.$/);
  for (const name of names) expect(name.startsWith(`${folder}/`), name).toBe(true);
  expect(names.some((n) => n.startsWith(`${folder}/main/`) && !n.endsWith('/'))).toBe(true);
  if (product.details.length > 0) expect(names.some((n) => n.startsWith(`${folder}/detail/`) && !n.endsWith('/'))).toBe(true);
  for (const color of product.colors) {
    expect(names.some((n) => n.startsWith(`${folder}/color/${color.name}`)), color.name).toBe(true);
  }

  // favourites screen lists it; the header badge counts it
  await page.locator('.header-favorites').click();
  await expect(page).toHaveURL(/\/productCollection\?site=$/);
  await expect(page.locator(`.favorites-page .product-tile[data-product-id="${product.id}"]`)).toBeVisible();
  await expect(page.locator('.favorites-page .ant-pagination-total-text')).toHaveText('共 1 条');

  // same style from that product: nearest first, with distances, the product itself left out
  await page.goBack();
  await expect(page.locator('.product-title')).toHaveText(product.title);
  const sameAnswer = page.waitForResponse((r) => r.url().includes('/product/same_style'));
  await page.locator('.same-style-link').click();
  await expect(page).toHaveURL(new RegExp(`/sameStyle\\?id=${product.id}&site=$`));
  expect((await sameAnswer).status()).toBe(200);
  await expect(page.locator('.same-style-source-title')).toHaveText(product.title);
  const distances = page.locator('.same-style-distance');
  await expect(distances.first()).toBeVisible();
  const values = (await distances.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-distance')))));
  expect(values.length).toBeGreaterThan(0);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await expect(page.locator(`.same-style-page .product-tile[data-product-id="${product.id}"]`)).toHaveCount(0);
  await screenshot(page, 'same-style-zh_CN');

  // removing the favourite empties the screen and the badge
  await page.goto('/productCollection?site=');
  const removed = page.waitForResponse((r) => r.url().includes('/product/unfavorite'));
  await page.locator(`.product-tile[data-product-id="${product.id}"] .favorite-remove`).click();
  expect((await removed).status()).toBe(200);
  await expect(page.locator('.favorites-page .list-empty')).toBeVisible();
  await expect(page.locator('.header-favorites .count-badge')).toHaveCount(0);
});

test('stalls: ranking list, follow, followed stalls, and an unknown stall', async ({ page, request }) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.goto('/login?site=&redirect=%2FwholesaleList%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/wholesaleList\?site=$/);
  const first = page.locator('.stall-card').first();
  await expect(first).toBeVisible();
  await expect(first.locator('.stall-rank')).toContainText('第 1 名');
  const stallId = await first.getAttribute('data-stall-id');
  const followed = page.waitForResponse((r) => r.url().includes('/shop/follow'));
  await first.locator('.follow-button').click();
  expect((await followed).status()).toBe(200);
  await expect(first.locator('.follow-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.header-follows .count-badge')).toHaveText('1');

  await first.locator('.stall-card-name').click();
  await expect(page).toHaveURL(new RegExp(`/wholesale\\?id=${stallId}&site=$`));
  await expect(page.locator('.stall-page .follow-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.stall-page .product-tile').first()).toBeVisible();

  await page.locator('.header-follows').click();
  await expect(page.locator(`.followed-page .stall-card[data-stall-id="${stallId}"]`)).toBeVisible();
  await page.locator('.unfollow-button').first().click();
  await expect(page.locator('.followed-page .list-empty')).toBeVisible();
  await expect(page.locator('.header-follows .count-badge')).toHaveCount(0);

  await page.goto('/wholesale?id=no-such-stall&site=');
  await expect(page.locator('.stall-missing')).toContainText('店铺不存在');

  // the other public screens answer in English too
  await page.locator('[data-language="en_US"]').click();
  for (const [path, selector] of [
    ['/tutorialcenter?site=', '.tutorial-article'],
    ['/resources?site=', '.resource-card'],
    ['/noticeDetail?site=', '.notice-item'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(selector).first()).toBeVisible();
  }
  await page.goto('/recentBK?site=');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/^\d+ items$/);
  await expect(page.locator('.ant-pagination-options')).toContainText('20 items/page');
  await screenshot(page, 'list-en_US');
});

test('an unknown product says it was not found, in the server words, with a way home', async ({ page }) => {
  await page.goto('/goodsDetail?id=999999999&site=');
  const missing = page.locator('.product-missing');
  await expect(missing.locator('.ant-result-title')).toHaveText('商品不存在或已下架');
  await expect(missing.locator('.ant-result-title')).not.toHaveText(/请求错误/);
  await expect(missing.getByRole('link')).toHaveAttribute('href', '/?site=');
  await expect(page.locator('.product-page')).toHaveCount(0);
});
