import { constants, publicEncrypt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { call, fen, U } from './shop';
import { readZip } from './zip';

/**
 * List it in my shop, against the real server: a seller adds a Taobao shop with a ×1.5 + ¥5 rule,
 * lists three favourites in one package (the preview shows each SKU's listed price, the zip holds the
 * 淘宝助理 file with a row per product), then the catalogue changes one price and takes another off
 * the shelf; My listings shows both under "changed", the first with its new cost and the second
 * under "delisted", and both under "to act on" with what changed (the server follows the change log
 * within a couple of seconds), exported as a CSV of seller SKU codes; the seller marks the first
 * "updated my shop" on its row and the second, chosen, "delisted it", and the tab empties. The
 * grouped message ("2 of your listed products changed") leads back to the tab. The demo owner
 * (13900000001, demo1234) makes the catalogue changes through the staff API and puts them back at
 * the end.
 *
 * The products are taken from deep in the demo market (the 200th newest on), where no other spec
 * looks, so taking one off the shelf for a moment moves nothing another spec counts on.
 */

const ADMIN = '/jpmall/admin';
const OWNER = '13900000001';
const DEMO_PASSWORD = 'demo1234';

interface StaffForm {
  skus: { id: string; price: string }[];
  [field: string]: unknown;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const site = (await (await request.post(`${U}/index/site`, { data: { site: '' } })).json()) as { data: { rsa_public_key: string } };
  const encrypted = publicEncrypt({ key: site.data.rsa_public_key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const response = await request.post(`${ADMIN}/staff/login`, { data: { mobile: OWNER, password: encrypted } });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, `staff/login: ${body.msg}`).toBe(1);
  return body.data.token;
}

async function staff<T>(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: object): Promise<T> {
  const response = await request[method](`${ADMIN}${path}`, { headers: { 'admin-token': token }, data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return body.data;
}

/** ×1.5 (a fraction of a fen up) + ¥5. */
const listed = (cost: number) => Math.ceil((cost * 3) / 2) + 500;

test('a seller lists three products in a Taobao shop and sees what the stall changed since', async ({ page, request }) => {
  const mobile = newMobile();
  const { token } = await registerViaApi(request, mobile);
  const cards = await call<{ list: { id: string }[] }>(request, '', '/product/lists', { page: 11, pagesize: 20 });
  const products = cards.list.slice(0, 3).map((c) => c.id);
  expect(products).toHaveLength(3);
  // Favourited newest last, so the list shows them in the order picked.
  for (const id of [...products].reverse()) await call(request, token, '/product/favorite', { id });
  await page.goto('/login');
  await loginViaUi(page, mobile);

  // My shops: a Taobao shop with the rule.
  await page.goto('/listingShops');
  await page.locator('.listing-shop-add').click();
  const form = page.locator('.listing-shop-modal');
  await form.locator('.listing-shop-platforms input[value="taobao"]').check({ force: true });
  // Inputs with a prefix or a count sit in a wrapper that carries the class.
  const field = (name: string) => form.locator(`.${name} input, input.${name}`).first();
  await field('listing-shop-name-input').fill('小王的淘宝店');
  await field('listing-multiplier-input').fill('1.5');
  await field('listing-fixed-add-input').fill('5');
  await form.locator('.listing-shop-submit').click();
  await expect(page.locator('.listing-shops-table')).toContainText('小王的淘宝店');

  // Favourites: all three, listed in one package.
  await page.goto('/productCollection');
  await page.locator('.favorites-page .select-all').click();
  await page.locator('.favorites-page .list-in-shop').click();
  const dialog = page.locator('.listing-dialog');
  await expect(dialog.locator('.listing-dialog-count')).toContainText('3');
  await expect(dialog.locator('.listing-rule-summary')).toContainText('×1.5');
  const first = await call<{ skus: { id: string; price: string }[] }>(request, '', '/product/detail', { id: products[0] });
  const sku = first.skus[0]!;
  await expect(dialog.locator('.listing-preview')).toContainText((listed(fen(sku.price)) / 100).toFixed(2));
  const downloading = page.waitForEvent('download');
  await dialog.locator('.listing-package-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^taobao-\d{14}\.zip$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const files = readZip(Buffer.concat(chunks), download.suggestedFilename());
  const csv = [...files.entries()].find(([name]) => name.endsWith('.csv'))![1];
  expect([...csv.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  const lines = csv.subarray(2).toString('utf16le').trimEnd().split('\r\n');
  expect(lines[0]).toBe('version 1.00');
  expect(lines).toHaveLength(3 + 3);
  expect(lines.slice(3).join('\n')).toContain(`:${sku.id}:1627207:`);
  expect([...files.keys()].filter((name) => name.endsWith('.tbi')).length).toBeGreaterThanOrEqual(3);

  // The stall raises a price of the first and the second goes off the shelf.
  const owner = await staffToken(request);
  const before = await staff<StaffForm>(request, owner, 'get', `/catalog/product?id=${products[0]}`);
  const raised: StaffForm = JSON.parse(JSON.stringify(before)) as StaffForm;
  const newCost = fen(before.skus[0]!.price) + 1000;
  raised.skus[0]!.price = (newCost / 100).toFixed(2);
  await staff(request, owner, 'post', '/catalog/products/save', raised);
  await staff(request, owner, 'post', '/catalog/products/shelf', { ids: [products[1]], on_shelf: false });
  try {
    await page.goto('/myListings');
    await expect(page.locator('.listings-tab-all .listings-tab-count')).toHaveText(' 3');
    await expect(page.locator('.listings-tab-changed .listings-tab-count')).toHaveText(' 2');
    await expect(page.locator('.listings-tab-delisted .listings-tab-count')).toHaveText(' 1');
    await page.locator('.listings-tab-changed').click();
    const changed = page.locator('.listings-table');
    await expect(changed.locator(`.listing-sku.is-changed[data-sku="${before.skus[0]!.id}"] .listing-cost-now`)).toHaveText(`¥${(newCost / 100).toFixed(2)}`);
    await expect(changed).toContainText('已下架');
    await screenshot(page, 'my-listings-changed');
    await page.locator('.listings-tab-delisted').click();
    await expect(page.locator('.listings-table .listing-title')).toHaveCount(1);

    // To act on: both changes recorded against the listings once the server has followed the change log.
    await page.goto('/myListings');
    const toActOn = page.locator('.listings-tab-to_act_on .listings-tab-count');
    await expect(async () => {
      await page.reload();
      await expect(toActOn).toHaveText(' 2', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.locator('.listings-tab-to_act_on').click();
    await expect(page).toHaveURL(/[?&]filter=to_act_on(&|$)/);
    const rows = page.locator('.listings-table .listing-row');
    await expect(rows).toHaveCount(2);
    // listing ids are LS<user>.<shop>.<product>
    const rowOf = (product: string) => page.locator(`.listing-row[data-listing$=".${product}"]`);
    const newCostText = `¥${(newCost / 100).toFixed(2)}`;
    await expect(rowOf(products[0]!).locator(`.listing-pending-change[data-kind="price"][data-sku="${before.skus[0]!.id}"]`)).toContainText(newCostText);
    await expect(rowOf(products[1]!).locator('.listing-pending-change[data-kind="delisted"]')).toHaveCount(1);
    await expect(rowOf(products[1]!).locator('.listing-pending-change[data-kind="delisted"]')).toContainText('商品已下架');
    await screenshot(page, 'my-listings-to-act-on');

    // The seller SKU codes of the tab, for the shop's batch delist tool: UTF-8 with a BOM, one row per listed SKU.
    const exporting = page.waitForEvent('download');
    await page.locator('.listings-export-skus').click();
    const exported = await exporting;
    expect(exported.suggestedFilename()).toMatch(/^listing-skus-to_act_on-\d{14}\.csv$/);
    const exportChunks: Buffer[] = [];
    for await (const chunk of await exported.createReadStream()) exportChunks.push(chunk as Buffer);
    const skuCsv = Buffer.concat(exportChunks);
    expect([...skuCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(skuCsv.subarray(3).toString('utf8')).toContain(before.skus[0]!.id);

    // Product 0 done on its row (the shop's price updated), product 1 chosen and marked delisted in the shop.
    const markedOne = page.waitForResponse((r) => r.url().endsWith('/listing/mark_done'));
    await rowOf(products[0]!).locator('.listing-mark-updated').click();
    expect((await markedOne).status()).toBe(200);
    await expect(rows).toHaveCount(1);
    await expect(toActOn).toHaveText(' 1');
    await rowOf(products[1]!).locator('.ant-checkbox-input').check();
    await page.locator('.listings-mark-delisted').click();
    await expect(toActOn).toHaveText(' 0');
    await expect(page.locator('.listings-empty')).toContainText('没有需要处理的变动');

    // The grouped message counts both, and leads back to the tab.
    await page.goto('/mail');
    const newest = page.locator('.mail-item').first();
    await expect(async () => {
      await page.reload();
      const words = await newest.evaluate((item) => [...item.querySelectorAll('.mail-title, .mail-content')].map((e) => e.textContent).join(' '), undefined, { timeout: 2_000 });
      expect(words).toMatch(/(^|\D)2(\D|$)/);
    }).toPass({ timeout: 20_000 });
    await expect(newest).toContainText('2');
    await newest.locator('.mail-item-open').click();
    await expect(page).toHaveURL(/\/myListings\?filter=to_act_on(&|$)/);
    await expect(page.locator('.listings-tabs .ant-tabs-tab-active .listings-tab-to_act_on')).toBeVisible();
    await expect(page.locator('.listings-empty')).toContainText('没有需要处理的变动');
  } finally {
    await staff(request, owner, 'post', '/catalog/products/save', before);
    await staff(request, owner, 'post', '/catalog/products/shelf', { ids: [products[1]], on_shelf: true });
  }
});
