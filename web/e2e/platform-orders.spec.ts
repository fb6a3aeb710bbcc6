import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, loginViaUi, newMobile, registerViaApi, test } from './helpers';
import { call, exchange, fen, operator, topUp, yuan, type Order, type Sku } from './shop';
import { readWorkbook } from './xlsx';

/**
 * The platform imports screen (`/platformOrders`, docs/api.md "Platform imports"): a
 * Douyin export uploaded and previewed, its two items linked to jpmall SKUs, a label attached to
 * the order whose buyer Douyin hides, the batch ordered, both orders paid and shipped, and the
 * write-back file read back.
 */

const DOUYIN = path.resolve(import.meta.dirname, '../../tests/fixtures/platform-exports/douyin.csv');
const UNLINKED = '6921000000000000001';
const HIDDEN = '6921000000000000002';
const CLOSED = '6921000000000000003';

interface Product {
  id: string;
  item_no: string;
  sku: Sku;
}

/** Two different products of the demo market from the `nth` card on, each with a SKU of at least `pieces` in stock. */
async function twoProducts(request: APIRequestContext, nth: number, pieces: number): Promise<[Product, Product]> {
  const list = await call<{ list: { id: string }[] }>(request, '', '/product/lists', { page: 1, pagesize: 60 });
  const found: Product[] = [];
  for (const card of list.list.slice(nth)) {
    const detail = await call<{ id: string; item_no: string; skus: Sku[] }>(request, '', '/product/detail', { id: card.id });
    const sku = detail.skus.find((s) => s.stock >= pieces);
    if (sku && !found.some((p) => p.item_no === detail.item_no)) found.push({ id: detail.id, item_no: detail.item_no, sku });
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error(`no two products with ${pieces} in stock`);
}

/** Links an unlinked item (by its Douyin variation) to `product`'s SKU through the link dialog. */
async function link(page: Page, variation: string, product: Product): Promise<void> {
  await page.locator(`.platform-unlinked-item[data-variation="${variation}"] .platform-unlinked-link`).click();
  const dialog = page.locator('.platform-link-modal');
  await expect(dialog.locator('.platform-link-target')).toContainText(variation);
  // the search starts from the variation's colour and size
  const [colour, size] = variation.split(';');
  await expect(dialog.locator('.platform-link-color input')).toHaveValue(colour!);
  await expect(dialog.locator('.platform-link-size input')).toHaveValue(size!);
  await dialog.locator('.platform-link-item_no input').fill(product.item_no);
  await dialog.locator('.platform-link-color input').fill(product.sku.color);
  await dialog.locator('.platform-link-size input').fill(product.sku.size);
  await dialog.locator('.platform-link-find').click();
  const row = dialog.locator(`.platform-sku-row[data-sku="${product.sku.id}"]`);
  await expect(row.locator('.platform-sku-item-no')).toHaveText(product.item_no);
  const linked = await exchange(page, '/order/platform/link', () => row.locator('.platform-sku-choose').click());
  expect(linked.sent).toMatchObject({ platform: 'douyin', sku_id: product.sku.id, variation });
  await expect(dialog).toBeHidden();
}

async function saved(download: Download, file: string): Promise<Buffer> {
  await download.saveAs(file);
  return readFileSync(file);
}

test('a Douyin export: preview, link, label, order the batch, pay, ship and write back', async ({ page, context, request }, testInfo) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const [hoodie, tee] = await twoProducts(request, 24, 3);

  await page.goto(`/login?site=&redirect=${encodeURIComponent('/platformOrders?site=')}`);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/platformOrders\?site=$/);
  await expect(page.locator('.platform-orders-title')).toHaveText('平台订单导入');
  await expect(page.locator('.site-nav .site-nav-link.is-current')).toHaveText(/^订单管理/);

  // a file without the columns Douyin writes is refused with what it lacks
  await page.locator('.platform-upload-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('主订单编号,选购商品\n1,卫衣\n') });
  await page.locator('.platform-upload-platform').click();
  await page.locator('.platform-upload-platform-popup .ant-select-item-option').filter({ hasText: '抖音' }).click();
  await page.locator('.platform-upload-submit').click();
  await expect(page.locator('.platform-upload-error')).toContainText('收件人手机号');

  // the real export, its platform recognised
  await page.locator('.platform-upload-platform').click();
  await page.locator('.platform-upload-platform-popup .ant-select-item-option').filter({ hasText: '自动识别平台' }).click();
  await page.locator('.platform-upload-file').setInputFiles(DOUYIN);
  const imported = await exchange<{ id: string; platform: string }>(page, '/order/platform/import?platform=', () => page.locator('.platform-upload-submit').click());
  expect(imported.data.platform).toBe('douyin');
  await expect(page).toHaveURL(new RegExp(`id=${imported.data.id}`));
  const order = (source: string) => page.locator(`.platform-order[data-source="${source}"]`);
  await expect(order(UNLINKED)).toHaveAttribute('data-state', 'blocked');
  await expect(order(UNLINKED).locator('.platform-line-unlinked')).toHaveCount(2);
  await expect(order(HIDDEN)).toHaveAttribute('data-state', 'blocked');
  await expect(order(HIDDEN).locator('.platform-order-hidden').first()).toHaveText('平台已隐藏');
  await expect(order(CLOSED)).toHaveAttribute('data-state', 'skipped');
  await expect(page.locator('.platform-total-unlinked')).toHaveAttribute('data-value', '2');
  await expect(page.locator('.platform-unlinked-item')).toHaveCount(2);

  // link both items to real SKUs found by item number
  await link(page, '黑色;L', hoodie);
  await expect(page.locator('.platform-unlinked-item')).toHaveCount(1);
  await link(page, '白色;M', tee);
  await expect(page.locator('.platform-unlinked-item')).toHaveCount(0);
  await expect(order(UNLINKED)).toHaveAttribute('data-state', 'ready');
  await expect(order(UNLINKED).locator('.platform-line-item-no')).toHaveText([hoodie.item_no, tee.item_no]);
  await expect(order(HIDDEN)).toHaveAttribute('data-state', 'blocked');

  // the buyer Douyin hides: the order ships on the platform's PDF label
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
  const attached = await exchange(page, '/order/platform/label', () =>
    order(HIDDEN).locator('.label-upload input[type=file]').setInputFiles({ name: 'douyin-label.pdf', mimeType: 'application/pdf', buffer: pdf }),
  );
  expect(attached.sent).toMatchObject({ id: imported.data.id, source_order_no: HIDDEN, label_file: expect.stringMatching(/^\/jpmall\/addons\/unishop\/order\/label\/[0-9a-f]{32}$/) });
  await expect(order(HIDDEN)).toHaveAttribute('data-state', 'ready');
  await expect(order(HIDDEN).locator('.label-file-open')).toBeVisible();
  await expect(page.locator('.platform-total-ready')).toHaveAttribute('data-value', '2');

  // nothing has shipped yet: the write-back file says so
  await page.locator('.platform-writeback-button').click();
  await expect(page.locator('.platform-writeback-error')).toBeVisible();

  // order the batch: two orders created
  const started = await exchange<{ id: string; status: string }>(page, '/order/platform/order', () => page.locator('.platform-order-batch').click());
  expect(started.sent).toMatchObject({ id: imported.data.id, courier: expect.any(String) });
  await expect(page.locator('.platform-report-created')).toHaveAttribute('data-count', '2', { timeout: 30_000 });
  const created = page.locator('.platform-report-row[data-outcome="created"]');
  await expect(created).toHaveCount(2);
  const orderNos = await created.locator('.platform-report-order').allTextContents();
  expect(orderNos).toHaveLength(2);
  await expect(order(UNLINKED)).toHaveAttribute('data-state', 'ordered');
  await expect(order(HIDDEN)).toHaveAttribute('data-state', 'ordered');

  // pay both from the wallet on the usual payment screen
  const orders = await Promise.all(orderNos.map((no) => call<Order>(request, user.token, '/order/detail', { order_no: no })));
  const total = orders.reduce((sum, o) => sum + fen(o.fees.total), 0);
  await topUp(request, context, user.token, yuan(Math.ceil(total / 100) * 100 + 100));
  await page.locator('.platform-report-pay').click();
  for (const no of orderNos) {
    await page.goto('/orderList?tab=pending_payment&site=');
    await page.locator(`.order-card[data-order="${no}"] .order-pay`).click();
    await expect(page).toHaveURL(new RegExp(`/order_pay\\?order_no=${no}&site=$`));
    await page.locator('.order-pay-submit').click();
    await exchange(page, '/order/pay', () => page.locator('.order-pay-confirm .order-pay-confirm-ok').click());
    await expect(page.locator('.order-pay-done')).toBeVisible();
  }

  // the warehouse ships them
  const tracking: Record<string, string> = {};
  for (const [i, no] of orderNos.entries()) {
    tracking[no] = `7310${String(Date.now()).slice(-7)}${i}`;
    await operator(request, '/orders/prepare_stock', { order_no: no });
    await operator(request, '/orders/ship', { order_no: no, courier: 'zto', tracking_no: tracking[no] });
  }
  const sourceOf = Object.fromEntries(orders.map((o) => [o.order_no, (o as Order & { source_order_no: string }).source_order_no]));
  expect(Object.values(sourceOf).sort()).toEqual([UNLINKED, HIDDEN]);

  // the write-back file: Douyin's batch-shipping layout with both tracking numbers
  await page.goto(`/platformOrders?id=${imported.data.id}&site=`);
  await expect(order(UNLINKED)).toHaveAttribute('data-state', 'ordered');
  const downloading = page.waitForEvent('download');
  await page.locator('.platform-writeback-button').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const [sheet] = readWorkbook(await saved(download, testInfo.outputPath('writeback.xlsx')));
  expect(sheet!.rows[0]).toEqual(['订单号', '物流公司', '运单号']);
  const rows = Object.fromEntries(sheet!.rows.slice(1).map((row) => [row[0], row[2]]));
  expect(rows).toEqual(Object.fromEntries(orderNos.map((no) => [sourceOf[no], tracking[no]])));

  // the same two orders by shipping day (no days chosen: every day), Douyin being the first platform
  const byDay = page.waitForEvent('download');
  await page.locator('.platform-writeback-day-button').click();
  const [daySheet] = readWorkbook(await saved(await byDay, testInfo.outputPath('writeback-day.xlsx')));
  expect(daySheet!.rows.slice(1).map((row) => row[0]).sort()).toEqual([HIDDEN, UNLINKED].sort());

  // my links: both
  await page.locator('.platform-tab-links').click();
  await expect(page.locator('.platform-link-row')).toHaveCount(2);

  // in English
  await page.locator('.platform-tab-imports').click();
  await page.locator('[data-language="en_US"]').click();
  await expect(page.locator('.platform-orders-title')).toHaveText('Platform order import');
  await expect(page.locator('.platform-writeback-button')).toHaveText('Download the write-back file');
});
