import { chooseOption, expect, FIELD_ERROR, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { ADDRESS, call, exchange, fen, operator, productWithStock, topUp, yuan, type Order } from './shop';

interface AfterSale {
  id: string;
  order_no: string;
  kind: string;
  status: string;
  lines: { sku_id: string; quantity: number; price: string }[];
  breakdown: { goods: string; wrong_item_insurance: string; deductions: string; total: string };
  refund_amount: string;
  refunded: boolean;
}

test('return and refund: apply from the order, fill in the return parcel, refunded less the wrong-item insurance, in the list and the ledger', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  await topUp(request, context, user.token, '300');
  // two pieces of one SKU, dear enough that the 3.00 insurance leaves something to refund
  const product = await productWithStock(request, 5, 2, 10);
  await call(request, user.token, '/cart/add', { sku_id: product.sku.id, quantity: 2 });
  const { order } = await call<{ order: Order }>(request, user.token, '/order/submit', {
    source: 'cart',
    type: 'domestic',
    address: ADDRESS,
    request_id: `e2e-sale-${Date.now()}`,
  });
  await call(request, user.token, '/order/pay', { order_no: order.order_no, method: 'wallet' });

  // the operator prepares the stock and ships
  await operator(request, '/orders/prepare_stock', { order_no: order.order_no });
  await operator(request, '/orders/ship', { order_no: order.order_no, courier: 'zto', tracking_no: `${Date.now()}` });

  // the seller confirms receipt on the order screen
  await page.goto(`/login?site=&redirect=${encodeURIComponent(`/orderDetail?order_no=${order.order_no}&site=`)}`);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?order_no=${order.order_no}&site=$`));
  const summary = page.locator('.order-detail-summary');
  // the first screen after signing in loads the order detail's chunk and data: seen past 10 s on a
  // busy 2-core machine
  await expect(summary.locator('.order-status')).toHaveText('已发货（待收货）', { timeout: 30_000 });
  await summary.locator('.order-receive').click();
  await expect(page.locator('.order-receive-confirm')).toContainText('确认已经收到货了吗？');
  await exchange(page, '/order/confirm', () => page.locator('.order-receive-ok').click());
  await expect(summary.locator('.order-status')).toHaveText('待评价');

  // the apply dialog from the order: return and refund, one piece, a reason
  const options = page.waitForResponse((r) => r.url().endsWith('/aftersale/options'));
  await summary.locator('.order-after-sale').click();
  const dialog = page.locator('.apply-modal');
  await expect(dialog.locator('.ant-modal-title')).toHaveText(`申请售后 · 订单 ${order.order_no}`);
  expect((await options).request().postDataJSON()).toEqual({ order_no: order.order_no });
  await expect(dialog.locator('.apply-kind')).toHaveText(['仅退款（已发货）', '退货退款', '换货', '补发']);
  await expect(dialog.locator('.apply-deadline')).toContainText('收货后 30 天内');
  const item = dialog.locator(`.apply-item[data-sku="${product.sku.id}"]`);
  await expect(item.locator('.apply-item-available')).toHaveText('可申请 2 件（共购买 2 件）');
  // nothing chosen: checked in the page
  await dialog.locator('.apply-submit').click();
  await expect(dialog.locator(FIELD_ERROR)).toHaveText(['请选择退货商品', '请选择售后原因']);

  await dialog.locator('.apply-kind-return_refund').click();
  await expect(dialog.locator('.apply-kind-hint')).toContainText('请把商品寄回退货地址并填写退货快递单号');
  await item.locator('.apply-item-check').click();
  await expect(item.locator('.apply-item-quantity input')).toHaveValue('1');
  await chooseOption(page, dialog.locator('.apply-reason'), 'apply-reason-popup', '发错货');
  await dialog.locator('textarea').fill('收到的颜色和下单的不一样');
  await expect(dialog.locator(FIELD_ERROR)).toHaveCount(0);
  const applied = await exchange<{ after_sale: AfterSale }>(page, '/aftersale/apply', () => dialog.locator('.apply-submit').click());
  expect(applied.sent).toMatchObject({
    order_no: order.order_no,
    kind: 'return_refund',
    lines: [{ sku_id: product.sku.id, quantity: 1 }],
    // the reason's code: every reader sees it in their own language
    reason: 'wrong_item',
    description: '收到的颜色和下单的不一样',
  });
  expect(applied.sent.request_id).toMatch(/^[0-9a-f-]{36}$/);
  const sale = applied.data.after_sale;
  expect(sale.id).toMatch(/^SH\d{20}$/);

  // the after-sale's screen: pending review, and the estimated refund (shipped goods get no fee back)
  await expect(page).toHaveURL(new RegExp(`/saleDetail\\?id=${sale.id}&site=$`));
  await expect(page.locator('.ant-message')).toContainText('售后申请已提交');
  await expect(dialog).toBeHidden();
  const goods = fen(product.sku.price);
  await expect(page.locator('.sale-detail-id')).toHaveText(sale.id);
  await expect(page.locator('.sale-summary .sale-status')).toHaveText('待审核');
  await expect(page.locator('.sale-summary-kind')).toHaveText('退货退款');
  await expect(page.locator('.sale-summary .sale-note')).toContainText('等待平台审核');
  await expect(page.locator('.sale-order dd')).toHaveText(order.order_no);
  await expect(page.locator('.sale-quantity dd')).toHaveText('共 1 件');
  await expect(page.locator(`.sale-line[data-sku="${product.sku.id}"] .sale-line-quantity`)).toHaveText('1');
  const refund = page.locator('.sale-refund');
  await expect(refund.locator('.ant-card-head-title')).toHaveText('退款明细（预估）');
  await expect(refund.locator('.sale-breakdown-goods dd')).toHaveText(`¥${product.sku.price}`);
  await expect(refund.locator('.sale-breakdown-fees_back dd')).toHaveText('¥0.00');
  await expect(refund.locator('.sale-breakdown-wrong_item_insurance dd')).toHaveText('¥0.00');
  await expect(refund.locator('.sale-breakdown-total dt')).toHaveText('预计退款');
  await expect(refund.locator('.sale-total')).toHaveText(`¥${product.sku.price}`);
  await expect(refund.locator('.sale-estimate-hint')).toBeVisible();
  await expect(page.locator('.sale-reason dd')).toHaveText('发错货');
  await expect(page.locator('.sale-event-title')).toHaveText(['提交售后申请']);
  // the return address is shown, the form comes after approval
  await expect(page.locator('.sale-return .sale-return-later')).toBeVisible();
  await expect(page.locator('.sale-return-form')).toHaveCount(0);
  await screenshot(page, 'sale-detail-pending-zh_CN');

  // the operator approves: the return parcel is due, and its form leads the screen
  const approved = await operator<AfterSale>(request, '/aftersales/approve', { id: sale.id });
  expect(approved.status).toBe('awaiting_return');
  await page.reload();
  await expect(page.locator('.sale-summary .sale-status')).toHaveText('待填写退货单号');
  const due = page.locator('.sale-return.is-due');
  await expect(due.locator('.ant-card-head-title')).toHaveText('请填写退货单号');
  await expect(due.locator('.sale-return-due')).toContainText('请把商品寄回下方地址');
  // it comes right after the summary, before the goods and the refund
  await expect(page.locator('.sale-detail-page .sale-card').nth(1)).toHaveClass(/sale-return/);
  await expect(due.locator('.sale-return-address-where')).not.toBeEmpty();

  await due.locator('.sale-return-submit').click();
  await expect(due.locator(FIELD_ERROR)).toHaveText(['请选择快递', '请输入退货快递单号']);
  await chooseOption(page, due.locator('.sale-return-courier'), 'sale-return-courier-popup', '顺丰速运');
  const tracking = `SF${Date.now()}`;
  await due.locator('.sale-return-tracking').fill(` ${tracking} `);
  const returned = await exchange<AfterSale>(page, '/aftersale/return', () => due.locator('.sale-return-submit').click());
  expect(returned.sent).toEqual({ id: sale.id, courier: 'sf', tracking_no: tracking });
  await expect(page.locator('.ant-message')).toContainText('退货单号已提交');
  await expect(page.locator('.sale-summary .sale-status')).toHaveText('退货中');
  await expect(page.locator('.sale-summary .sale-note')).toContainText('退货运输中，仓库收到后处理');
  const returnCard = page.locator('.sale-return');
  await expect(returnCard).not.toHaveClass(/is-due/);
  await expect(returnCard.locator('.sale-return-courier-value dd')).toHaveText('顺丰速运');
  await expect(returnCard.locator('.sale-return-tracking-value dd')).toHaveText(tracking);
  await expect(returnCard.locator('.sale-return-submit')).toHaveText('修改退货单号');

  // the warehouse receives the wrong item back, and the operator refunds
  const received = await operator<AfterSale>(request, '/aftersales/receive', { id: sale.id, wrong_item: true });
  expect(received.status).toBe('return_received');
  const refunded = await operator<AfterSale>(request, '/aftersales/refund', { id: sale.id });
  expect(refunded.status).toBe('refunded');
  const total = goods - 300;
  expect(refunded.refund_amount).toBe(yuan(total));

  await page.reload();
  await expect(page.locator('.sale-summary .sale-status')).toHaveText('已退款');
  await expect(page.locator('.sale-summary .sale-refunded-note')).toContainText(`已退款 ¥${yuan(total)} 到账户余额`);
  await expect(page.locator('.sale-refunded-at dd')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(refund.locator('.ant-card-head-title')).toHaveText('退款明细');
  await expect(refund.locator('.sale-breakdown-goods dd')).toHaveText(`¥${product.sku.price}`);
  await expect(refund.locator('.sale-breakdown-wrong_item_insurance dt')).toHaveText('错件险');
  await expect(refund.locator('.sale-breakdown-wrong_item_insurance dd')).toHaveText('-¥3.00');
  await expect(refund.locator('.sale-breakdown-deductions dd')).toHaveText('-¥3.00');
  await expect(refund.locator('.sale-breakdown-wrong_station_fee dd')).toHaveText('¥0.00');
  await expect(refund.locator('.sale-breakdown-total dt')).toHaveText('实际退款');
  await expect(refund.locator('.sale-total')).toHaveText(`¥${yuan(total)}`);
  await expect(refund.locator('.sale-estimate-hint')).toHaveCount(0);
  await expect(page.locator('.sale-cancel')).toHaveCount(0);
  await expect(page.locator('.sale-return-form')).toHaveCount(0);
  await expect(page.locator('.sale-event-title')).toHaveText(['提交售后申请', '审核通过', '已寄回商品', '仓库已收到退货', '退款完成']);
  await expect(page.locator('.sale-event-ReturnReceived .sale-event-facts')).toContainText('收到错发的商品，扣除错件险');
  await screenshot(page, 'sale-detail-refunded-zh_CN');

  // the list: under 'refunded'
  await page.locator('.sale-back-link').click();
  await expect(page).toHaveURL(/\/saleList\?site=$/);
  await page.locator('.sale-tabs .sale-tab-refunded').click();
  await expect(page).toHaveURL(/\/saleList\?status=refunded&site=$/);
  await expect(page.locator('.sale-tab-refunded .sale-tab-count')).toHaveText('1');
  const row = page.locator(`.sale-list-row[data-id="${sale.id}"]`);
  await expect(page.locator('.sale-list-row')).toHaveCount(1);
  await expect(row.locator('.sale-list-order')).toHaveText(order.order_no);
  await expect(row.locator('.sale-list-kind')).toHaveText('退货退款');
  await expect(row.locator('.sale-list-status')).toHaveText('已退款');
  await expect(row.locator('.sale-list-refund')).toHaveText(`¥${yuan(total)}`);
  await expect(row.locator('.sale-list-quantity')).toHaveText('1');
  // nothing waits for review any more
  await page.locator('.sale-tabs .sale-tab-pending_review').click();
  await expect(page.locator('.sale-list-empty')).toContainText('没有符合条件的售后');

  // the refund is in the wallet ledger, referenced by the after-sale number
  await page.goto('/myFund?site=');
  const top = page.locator('.ledger-table tbody tr').first();
  await expect(top.locator('.ledger-type')).toHaveText('退款');
  await expect(top.locator('.ledger-amount')).toHaveText(`+${yuan(total)}`);
  await expect(top.locator('.ledger-reference')).toHaveText(sale.id);
  await expect(page.locator('.ledger-table tbody tr').nth(1).locator('.ledger-type')).toHaveText('订单支付');
});
