import path from 'node:path';
import type { Page } from '@playwright/test';
import { chooseEnglish, walk } from './english';
import { expect, loginViaUi, newMobile, registerViaApi, test } from './helpers';
import { call, operator, productWithStock, topUp, type Order } from './shop';

/**
 * The states english.spec.ts does not reach: platform order imports (a preview with
 * ready, blocked and skipped orders, the link dialog, a label, the batch's report, the write-back,
 * earlier imports and 'my links'); an after-sale the service desk rejected and a withdrawal the
 * finance desk rejected, their reasons typed in Chinese as staff type them; expired and used
 * coupons; the checkout's coupon choice and a platform order's label there; the order popups a
 * seller opens (confirm receipt, review, cancel, customer service); an abnormal and a cancelled order
 * whose reasons were typed in Chinese; the messages all this sent. Each is opened in en_US and its visible
 * text searched for Han characters (e2e/english.ts says what may stay Chinese).
 */

const EXPORTS = path.resolve(import.meta.dirname, '../../tests/fixtures/platform-exports');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** Uploads a platform export on /platformOrders (the platform recognised) and waits for its preview. */
async function upload(page: Page, file: string): Promise<string> {
  await page.locator('.platform-upload-file').setInputFiles(path.join(EXPORTS, file));
  const answer = page.waitForResponse((r) => r.url().includes('/order/platform/import'));
  await page.locator('.platform-upload-submit').click();
  const body = (await (await answer).json()) as { code: number; msg: string; data: { id: string } };
  expect(body.code, body.msg).toBe(1);
  await expect(page).toHaveURL(new RegExp(`id=${body.data.id}`));
  await expect(page.locator('.platform-preview')).toHaveAttribute('data-import', body.data.id);
  return body.data.id;
}

test('en_US: platform order imports show no Chinese but what the platform file holds', async ({ page, request }) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  const product = await productWithStock(request, 30, 3);
  const detail = await call<{ item_no: string }>(request, '', '/product/detail', { id: product.id });

  await chooseEnglish(page, `/login?site=&redirect=${encodeURIComponent('/platformOrders?site=')}`);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/platformOrders/);
  const { visit, popup, check, report } = walk(page);
  const route = '/platformOrders';
  await visit(route, '.platform-upload');

  // a file without the columns a platform writes is refused with what it lacks
  await page.locator('.platform-upload-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('主订单编号,选购商品\n1,卫衣\n') });
  await page.locator('.platform-upload-platform').click();
  await page.locator('.platform-upload-platform-popup .ant-select-item-option').nth(1).click();
  await page.locator('.platform-upload-submit').click();
  await expect(page.locator('.platform-upload-error')).toBeVisible();
  await check(`${route} (refused upload)`);
  await page.locator('.platform-upload-platform').click();
  await page.locator('.platform-upload-platform-popup .ant-select-item-option').first().click();

  // a Shopee export (addresses abroad, a hidden buyer), then a Douyin one (Chinese titles and addresses)
  await upload(page, 'shopee.csv');
  await check(`${route} (Shopee preview)`);
  const douyin = await upload(page, 'douyin.csv');
  await check(`${route} (Douyin preview)`);
  await popup(route, 'link dialog', async () => {
    await page.locator('.platform-unlinked-link').first().click();
    await expect(page.locator('.platform-link-modal .platform-link-target')).toBeVisible();
  }, async () => undefined);
  const dialog = page.locator('.platform-link-modal');
  await dialog.locator('.platform-link-item_no input').fill('NO-SUCH-ITEM');
  await dialog.locator('.platform-link-find').click();
  await expect(dialog.locator('.platform-link-empty, .platform-link-error').first()).toBeVisible();
  await check(`${route} (link dialog, nothing found)`);
  await dialog.locator('.platform-link-item_no input').fill(detail.item_no);
  await dialog.locator('.platform-link-color input').fill(product.sku.color);
  await dialog.locator('.platform-link-size input').fill(product.sku.size);
  await dialog.locator('.platform-link-find').click();
  await expect(dialog.locator(`.platform-sku-row[data-sku="${product.sku.id}"]`)).toBeVisible();
  await check(`${route} (link dialog, found)`);
  await dialog.locator(`.platform-sku-row[data-sku="${product.sku.id}"] .platform-sku-choose`).click();
  await expect(dialog).toBeHidden();
  await page.locator('.platform-unlinked-link').first().click();
  await dialog.locator('.platform-link-item_no input').fill(detail.item_no);
  await dialog.locator('.platform-link-color input').fill(product.sku.color);
  await dialog.locator('.platform-link-size input').fill(product.sku.size);
  await dialog.locator('.platform-link-find').click();
  await dialog.locator(`.platform-sku-row[data-sku="${product.sku.id}"] .platform-sku-choose`).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.platform-unlinked-item')).toHaveCount(0);

  // the order whose buyer Douyin hides ships on a label; the label's preview shows beside it
  const hidden = page.locator('.platform-order[data-source="6921000000000000002"]');
  await hidden.locator('.label-upload input[type=file]').setInputFiles({ name: '抖音面单.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(hidden.locator('.label-file-open')).toBeVisible();
  await check(`${route} (linked, label attached)`);

  // nothing has shipped yet: the write-back file says so
  await popup(route, 'write-back refused', async () => {
    await page.locator('.platform-writeback-button').click();
    await expect(page.locator('.platform-writeback-error')).toBeVisible();
  }, async () => undefined);
  await popup(route, 'courier choice', async () => {
    await page.locator('.platform-courier').click();
    await expect(page.locator('.platform-courier-popup')).toBeVisible();
  });
  await popup(route, 'write-back platform choice', async () => {
    await page.locator('.platform-writeback-platform').click();
    await expect(page.locator('.platform-writeback-platform-popup')).toBeVisible();
  });
  await popup(route, 'write-back day picker', async () => {
    await page.locator('.platform-writeback-start').click();
    await expect(page.locator('.ant-picker-dropdown:visible')).toBeVisible();
  });
  await page.locator('.platform-writeback-day-button').click();
  await expect(page.locator('.platform-writeback-day-error, .platform-writeback-day-button:not(.ant-btn-loading)').first()).toBeVisible();
  await check(`${route} (write-back by day)`);

  // order the batch: its report, and the orders placed
  await page.locator('.platform-order-batch').click();
  await expect(page.locator('.platform-report-created')).toHaveAttribute('data-count', '2', { timeout: 30_000 });
  await check(`${route} (batch report)`);
  const placed = await page.locator('.platform-report-row[data-outcome="created"] .platform-report-order').allTextContents();
  await visit(`${route}?id=${douyin}`, '.platform-order[data-state="ordered"]');
  await visit(`${route}?tab=links`, '.platform-link-row');
  await popup(`${route}?tab=links`, 'unlink confirm', async () => {
    await page.locator('.platform-unlink').first().click();
    await expect(page.locator('.platform-unlink-ok')).toBeVisible();
  });
  for (const no of placed) await visit(`/orderDetail?order_no=${no}`, '.order-detail-summary');
  await visit('/orderList?tab=pending_payment', '.order-card');
  report();
});

test('en_US: rejections, expired and used coupons, the coupon choice at checkout and the order popups show no Chinese', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const t = user.token;
  const stamp = Date.now();
  const address = { recipient: 'Zhao Liu', phone: '13900004444', province: '广东省', city: '广州市', district: '白云区', detail: 'No. 8 Airport Road' };
  await call(request, t, '/address/add', address);

  // a withdrawal the finance desk rejects, with a reason typed in Chinese
  await topUp(request, context, t, '2000');
  await call(request, t, '/fund/bind_account', { payee: 'Zhao Liu', account: `zhao.liu.${mobile}@example.com` });
  const { withdrawal } = await call<{ withdrawal: { id: string } }>(request, t, '/fund/withdraw', { amount: '25.00', request_id: `e2e-en2-w-${stamp}` });
  await operator(request, '/withdrawals/reject', { id: withdrawal.id, reason: '收款账户信息有误' });

  // coupons: one expired, one used by an order, and unused ones of every type for checkout
  const now = Math.floor(Date.now() / 1000);
  const terms = { type: 'product', discount_type: 'full_reduction', threshold: '0.00', amount: '3.00' };
  await operator(request, '/coupons/issue', { ...terms, mobile, name: `过期券 ${stamp}`, name_en: `Expired 3 off ${stamp}`, valid_from: now - 3 * 86_400, valid_to: now - 86_400 });
  const used = await operator<{ id: string }>(request, '/coupons/issue', { ...terms, mobile, name: `已用券 ${stamp}`, name_en: `Used 3 off ${stamp}`, valid_to: now + 7 * 86_400 });
  const week = { mobile, valid_to: now + 7 * 86_400 };
  await operator(request, '/coupons/issue', { ...week, type: 'product', discount_type: 'discount', threshold: '0.00', percent_off: 10, name: `九折券 ${stamp}`, name_en: `10% off ${stamp}` });
  await operator(request, '/coupons/issue', { ...week, type: 'shipping', discount_type: 'full_reduction', threshold: '0.00', amount: '2.00', name: `运费券 ${stamp}`, name_en: `2 off shipping ${stamp}` });
  await operator(request, '/coupons/issue', { ...week, type: 'service', discount_type: 'discount', threshold: '0.00', percent_off: 50, name: `服务费券 ${stamp}`, name_en: `Half off service ${stamp}` });

  const product = await productWithStock(request, 33, 8);
  const place = async (n: string, quantity = 1, coupons: string[] = []) =>
    (
      await call<{ order: Order }>(request, t, '/order/submit', {
        source: 'manual',
        lines: [{ sku_id: product.sku.id, quantity }],
        type: 'domestic',
        address,
        remark: '请放门口',
        coupon_ids: coupons,
        request_id: `e2e-en2-${n}-${stamp}`,
      })
    ).order;
  const pay = (order: Order) => call(request, t, '/order/pay', { order_no: order.order_no, method: 'wallet' });
  const ship = async (order: Order, tracking: string) => {
    await operator(request, '/orders/prepare_stock', { order_no: order.order_no });
    await operator(request, '/orders/ship', { order_no: order.order_no, courier: 'zto', tracking_no: tracking });
  };
  const completed = await place('completed', 2, [used.id]);
  await pay(completed);
  await ship(completed, `7311${String(stamp).slice(-8)}`);
  await call(request, t, '/order/confirm', { order_no: completed.order_no });
  const shipped = await place('shipped');
  await pay(shipped);
  await ship(shipped, `7312${String(stamp).slice(-8)}`);
  const paid = await place('paid');
  await pay(paid);
  // an order the warehouse flags and one the seller cancels, both with reasons typed in Chinese
  const abnormal = await place('abnormal');
  await pay(abnormal);
  await operator(request, '/orders/flag_abnormal', { order_no: abnormal.order_no, reason: '地址无法送达' });
  const cancelled = await place('cancelled');
  await call(request, t, '/order/cancel', { order_no: cancelled.order_no, reason: '拍错了' });

  // an after-sale the service desk rejects, with a reason typed in Chinese
  const { after_sale: sale } = await call<{ after_sale: { id: string } }>(request, t, '/aftersale/apply', {
    order_no: completed.order_no,
    kind: 'refund_only',
    lines: [{ sku_id: product.sku.id, quantity: 1 }],
    reason: '质量问题',
    description: '线头很多',
    request_id: `e2e-en2-sale-${stamp}`,
  });
  await operator(request, '/aftersales/reject', { id: sale.id, reason: '商品无质量问题，不支持退款' });
  await call(request, t, '/cart/add', { sku_id: product.sku.id, quantity: 1 });

  await chooseEnglish(page);
  await loginViaUi(page, mobile);
  const { visit, popup, check, report } = walk(page);

  await visit('/withdrawalStatus', 'tbody .withdrawal-payee');
  await visit('/myFund', '.ledger-table tbody tr');
  await visit('/saleList', '.sale-list-row');
  await visit(`/saleDetail?id=${sale.id}`, '.sale-rejected');
  for (const status of ['expired', 'used', 'all']) await visit(`/coupon?type=all&discount=all&status=${status}`, '.coupon-mine .coupon-card');

  // the checkout's coupon choice, a coupon chosen, then a platform order with its label
  await visit('/checkout', '.checkout-coupon-groups');
  await popup('/checkout', 'coupons chosen', async () => {
    for (const group of await page.locator('.checkout-coupon-group').all()) await group.locator('.checkout-coupon-choice:not(.checkout-coupon-skip)').first().click();
    await expect(page.locator('.checkout-applied-coupon').first()).toBeVisible();
  }, async () => undefined);
  await page.locator('.checkout-type-platform').click();
  await popup('/checkout', 'platform choice', async () => {
    await page.locator('.checkout-platform').click();
    await expect(page.locator('.checkout-platform-popup')).toBeVisible();
  }, () => page.locator('.checkout-platform-popup .ant-select-item-option').first().click());
  await popup('/checkout', 'label preview', async () => {
    await page.locator('.label-upload input[type=file]').setInputFiles({ name: '面单.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.locator('.label-upload-preview .label-file-open')).toBeVisible();
  }, async () => undefined);
  await page.locator('.checkout-submit').click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await check('/checkout (refused: no platform order number)');

  await visit('/orderList', '.order-card');
  const card = (order: Order) => page.locator(`.order-card[data-order="${order.order_no}"]`);
  await popup('/orderList', 'confirm receipt', async () => {
    await card(shipped).locator('.order-receive').click();
    await expect(page.locator('.order-receive-confirm')).toBeVisible();
  });
  await popup('/orderList', 'review dialog', async () => {
    await card(completed).locator('.order-review').click();
    await expect(page.locator('.order-review-modal')).toBeVisible();
    await page.locator('.order-review-submit').click();
    await expect(page.locator('.order-review-modal .ant-form-item-explain-error').first()).toBeVisible();
  });
  await popup('/orderList', 'cancel a paid order', async () => {
    await card(paid).locator('.order-cancel').click();
    await expect(page.locator('.order-cancel-confirm')).toBeVisible();
  });
  await popup('/orderList', 'customer service', async () => {
    await card(paid).locator('.order-service').click();
    await expect(page.locator('.ant-modal:visible').first()).toBeVisible();
  });
  for (const order of [completed, shipped, paid, abnormal, cancelled]) await visit(`/orderDetail?order_no=${order.order_no}`, '.order-detail-summary');
  await visit('/abnormal', '.sale-row-order');
  await visit('/mail', '.mail-item');
  await visit('/mail?page=2', '.mail-item');
  report();
});
