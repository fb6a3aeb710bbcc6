import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginViaUi, newMobile, registerViaApi, test } from './helpers';
import { call, exchange, fen, operator, topUp, yuan, type Order, type Sku } from './shop';

/**
 * A 抖店 export whose 商家编码 is one product code (not a jpmall item number) over three
 * specs, one of them in Douyin's long form `颜色分类:X;尺码:Y`. Each spec is linked to its own SKU
 * through the link dialog (a link never covers another spec), the batch is ordered, the three orders
 * are paid in one confirmation, and the warehouse ships each with the SKU its line named.
 */

const CODE = 'E120-1016';
const HEADER = '主订单编号,子订单编号,选购商品,商品规格,商品数量,商品ID,商家编码,商品单价,订单应付金额,收件人,收件人手机号,省,市,区,街道,详细地址,订单状态,订单提交时间';

interface Spec {
  source: string;
  variation: string;
  sku: Sku;
}

/** A demo product with three colours, each with a SKU of at least 3 in stock. */
async function threeColours(request: APIRequestContext): Promise<{ item_no: string; skus: Sku[] }> {
  const list = await call<{ list: { id: string }[] }>(request, '', '/product/lists', { page: 1, pagesize: 60 });
  for (const card of list.list.slice(30)) {
    const detail = await call<{ item_no: string; skus: Sku[] }>(request, '', '/product/detail', { id: card.id });
    const byColour = new Map<string, Sku>();
    for (const sku of detail.skus) if (sku.stock >= 3 && !byColour.has(sku.color)) byColour.set(sku.color, sku);
    if (byColour.size >= 3) return { item_no: detail.item_no, skus: [...byColour.values()].slice(0, 3) };
  }
  throw new Error('no demo product with three colours in stock');
}

function exportOf(specs: Spec[]): Buffer {
  const rows = specs.map(
    (s, i) =>
      `${s.source}\t,${s.source}0${i}\t,女士针织开衫,${s.variation},1,3590000000001\t,${CODE},59.00,59.00,张伟,1380013800${i},广东省,深圳市,南山区,粤海街道,科技园南路${i + 1}号,待发货,2026-12-01 09:12:0${i}\t`,
  );
  return Buffer.from(`\ufeff${HEADER}\n${rows.join('\n')}\n`);
}

async function linkSpec(page: Page, spec: Spec, itemNo: string): Promise<void> {
  await page.locator(`.platform-unlinked-item[data-variation="${spec.variation}"] .platform-unlinked-link`).click();
  const dialog = page.locator('.platform-link-modal');
  await expect(dialog.locator('.platform-link-target')).toContainText(spec.variation);
  await expect(dialog.locator('.ant-radio-wrapper-checked .platform-link-scope-sku')).toBeVisible();
  await dialog.locator('.platform-link-item_no input').fill(itemNo);
  await dialog.locator('.platform-link-color input').fill(spec.sku.color);
  await dialog.locator('.platform-link-size input').fill(spec.sku.size);
  await dialog.locator('.platform-link-find').click();
  const row = dialog.locator(`.platform-sku-row[data-sku="${spec.sku.id}"]`);
  const linked = await exchange<{ lines: number; scope: string }>(page, '/order/platform/link', () => row.locator('.platform-sku-choose').click());
  expect(linked.sent).toMatchObject({ platform: 'douyin', sku_key: CODE, sku_id: spec.sku.id, variation: spec.variation, scope: 'sku' });
  expect(linked.data).toMatchObject({ lines: 1, scope: 'sku' });
  await expect(dialog).toBeHidden();
}

test('one product code over three specs: each spec linked to its own SKU, paid in one step, shipped as bought', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const product = await threeColours(request);
  const [a, b, c] = product.skus as [Sku, Sku, Sku];
  const stamp = String(Date.now()).slice(-9);
  const specs: Spec[] = [
    { source: `69310${stamp}1`, variation: `${a.color};${a.size}`, sku: a },
    { source: `69310${stamp}2`, variation: `${b.color};${b.size}`, sku: b },
    { source: `69310${stamp}3`, variation: `颜色分类:${c.color};尺码:${c.size}`, sku: c },
  ];

  await page.goto(`/login?site=&redirect=${encodeURIComponent('/platformOrders?site=')}`);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/platformOrders\?site=$/);
  await page.locator('.platform-upload-file').setInputFiles({ name: '抖店订单.csv', mimeType: 'text/csv', buffer: exportOf(specs) });
  const imported = await exchange<{ id: string }>(page, '/order/platform/import?platform=', () => page.locator('.platform-upload-submit').click());

  // three specs of one code: three unlinked items, and each link takes only its own line
  await expect(page.locator('.platform-unlinked-item')).toHaveCount(3);
  for (const [done, spec] of specs.entries()) {
    await linkSpec(page, spec, product.item_no);
    await expect(page.locator('.platform-unlinked-item')).toHaveCount(2 - done);
    const line = page.locator(`.platform-order[data-source="${spec.source}"] .platform-line`);
    await expect(line.locator('.platform-line-item-no')).toHaveText(product.item_no);
  }
  for (const spec of specs) await expect(page.locator(`.platform-order[data-source="${spec.source}"]`)).toHaveAttribute('data-state', 'ready');

  // order the batch
  await exchange(page, '/order/platform/order', () => page.locator('.platform-order-batch').click());
  await expect(page.locator('.platform-report-created')).toHaveAttribute('data-count', '3', { timeout: 30_000 });
  const orderNos = await page.locator('.platform-report-row[data-outcome="created"] .platform-report-order').allTextContents();
  const orders = await Promise.all(orderNos.map((no) => call<Order & { source_order_no: string }>(request, user.token, '/order/detail', { order_no: no })));
  const total = orders.reduce((sum, o) => sum + fen(o.fees.total), 0);

  // pay all three in one confirmation, the total shown first
  await topUp(request, context, user.token, yuan(Math.ceil(total / 100) * 100 + 100));
  await page.reload();
  await page.locator('.platform-pay-all').click();
  const modal = page.locator('.order-pay-batch-modal');
  await expect(modal.locator('.order-pay-batch-body')).toHaveAttribute('data-count', '3');
  await expect(modal.locator('.order-pay-batch-body')).toHaveAttribute('data-total', String(total));
  await expect(modal.locator('.order-pay-batch-total')).toContainText(yuan(total));
  const paid = await exchange<{ count: number; paid: string[] }>(page, '/order/pay_batch', () => modal.locator('.order-pay-batch-confirm').click());
  expect(paid.sent).toMatchObject({ all: true, import_id: imported.data.id, total });
  expect(paid.data.paid.sort()).toEqual([...orderNos].sort());

  // the warehouse ships each order with the SKU its line named
  for (const [i, order] of orders.entries()) {
    const spec = specs.find((s) => s.source === order.source_order_no)!;
    const detail = await call<Order>(request, user.token, '/order/detail', { order_no: order.order_no });
    expect(detail.status).toBe('to_be_shipped');
    expect(detail.items.map((item) => item.sku_id)).toEqual([spec.sku.id]);
    await operator(request, '/orders/prepare_stock', { order_no: order.order_no });
    await operator(request, '/orders/ship', { order_no: order.order_no, courier: 'zto', tracking_no: `7311${stamp}${i}` });
    const shipped = await call<Order>(request, user.token, '/order/detail', { order_no: order.order_no });
    expect(shipped.status).toBe('shipped');
    expect(shipped.items.map((item) => item.sku_id)).toEqual([spec.sku.id]);
  }

  // my links: three, each for one spec
  await page.locator('.platform-tab-links').click();
  await expect(page.locator('.platform-link-row[data-scope="sku"]')).toHaveCount(3);
});
