import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { chooseOption, expect, FIELD_ERROR, loginViaUi, newMobile, operatorToken, registerViaApi, screenshot, test } from './helpers';
import { navGroup } from './nav';

const U = '/jpmall/addons/unishop';
const ADMIN = '/jpmall/admin/orders';

interface Sku {
  id: string;
  color: string;
  size: string;
  price: string;
  stock: number;
}

interface Order {
  order_no: string;
  status: string;
  stock_status: string;
  fees: { total: string };
  items: { sku_id: string; quantity: number; short_quantity: number }[];
  refunded: string;
  tracking_no: string;
}

/** A call as the given user; fails the test unless the envelope says success. */
async function call<T>(request: APIRequestContext, token: string, path: string, data: object = {}): Promise<T> {
  const response = await request.post(`${U}${path}`, { headers: { token }, data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return body.data;
}

/** An operator call (docs/api.md "Operator: orders"); answers the order. */
async function operator(request: APIRequestContext, path: string, data: object): Promise<Order> {
  const response = await request.post(`${ADMIN}${path}`, { headers: { 'operator-token': operatorToken() }, data });
  const body = (await response.json()) as { code: number; msg: string; data: Order };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return body.data;
}

/** What a payer's phone does with a QR: opens the pay page of jpmall's local simulator and confirms. */
async function payInSecondPage(context: BrowserContext, payUrl: string): Promise<void> {
  const payer = await context.newPage();
  await payer.goto(payUrl);
  await payer.locator('button[type=submit]').click();
  await payer.waitForURL(/\/confirm$/);
  await payer.close();
}

/** Tops a new user's wallet up through the QR simulator and waits until it is credited. */
async function topUp(request: APIRequestContext, context: BrowserContext, token: string, amount: string): Promise<void> {
  const payment = await call<{ payment_id: string; pay_url: string }>(request, token, '/fund/recharge', { amount });
  await payInSecondPage(context, payment.pay_url);
  await expect.poll(async () => (await call<{ status: string }>(request, token, '/fund/payment_status', { payment_id: payment.payment_id })).status).toBe('paid');
}

/** The `nth` product of the demo market with a SKU of at least `pieces` in stock, and that SKU. */
async function productWithStock(request: APIRequestContext, nth: number, pieces: number): Promise<{ id: string; title: string; sku: Sku }> {
  const list = await call<{ list: { id: string }[] }>(request, '', '/product/lists', { page: 1, pagesize: 40 });
  for (const card of list.list.slice(nth)) {
    const detail = await call<{ id: string; title: string; skus: Sku[] }>(request, '', '/product/detail', { id: card.id });
    const sku = detail.skus.find((s) => s.stock >= pieces);
    if (sku) return { id: detail.id, title: detail.title, sku };
  }
  throw new Error(`no product with ${pieces} in stock`);
}

/** '¥107.40' → 10740, without floats. */
const fen = (text: string | null) => {
  const [whole = '0', decimals = ''] = (text ?? '').replace(/[^\d.]/g, '').split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
};

/** Waits for a call's answer and returns what was sent and answered. */
async function exchange<T>(page: Page, path: string, act: () => Promise<void>): Promise<{ sent: Record<string, unknown>; data: T }> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`${U}${path}`) && r.request().method() === 'POST');
  await act();
  const response = await answer;
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return { sent: response.request().postDataJSON() as Record<string, unknown>, data: body.data };
}

async function chooseRegion(page: Page, names: string[]) {
  await page.locator('.checkout-typed-address .ant-cascader').click();
  const popup = page.locator('.checkout-region-popup');
  for (const [level, name] of names.entries()) {
    await popup.locator('.ant-cascader-menu').nth(level).locator(`.ant-cascader-menu-item[title="${name}"]`).click();
  }
}

test('cart → checkout with a typed address → pay from the wallet → the operator ships → shipped with its tracking number → confirm receipt → review', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  await topUp(request, context, user.token, '500');
  const product = await productWithStock(request, 0, 3);
  await call(request, user.token, '/cart/add', { sku_id: product.sku.id, quantity: 2 });

  await page.goto('/login?site=&redirect=%2Fcart%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/cart\?site=$/);
  await expect(navGroup(page, 'order')).toBeVisible();
  const firstPreview = page.waitForResponse((r) => r.url().endsWith(`${U}/order/preview`));
  await page.locator('.cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\?site=$/);
  await expect(page).toHaveTitle(/^确认订单/);
  expect((await firstPreview).request().postDataJSON()).toMatchObject({ source: 'cart', type: 'domestic' });

  const line = page.locator(`.checkout-line[data-sku="${product.sku.id}"]`);
  await expect(line.locator('.checkout-line-title')).toHaveText(product.title);
  await expect(line.locator('.checkout-line-quantity')).toHaveText('2');
  await expect(line.locator('.checkout-line-amount')).toHaveText(`¥${(fen(product.sku.price) * 2 / 100).toFixed(2)}`);
  const total = page.locator('.checkout-fees .order-fee-total .order-total');
  await expect(total).toHaveText(/^¥\d+\.\d\d$/);

  // advanced QC is priced again: 1.30 per piece instead of the default's fee
  const before = fen(await total.textContent());
  const beforeQc = fen(await page.locator('.checkout-fees .order-fee-qc dd').textContent());
  const advanced = await exchange<{ fees: { qc: string; total: string } }>(page, '/order/preview', () => page.locator('.checkout-qc-advanced').click());
  expect(advanced.sent).toMatchObject({ qc_level: 'advanced' });
  expect(advanced.data.fees.qc).toBe('2.60');
  await expect(total).toHaveText(`¥${advanced.data.fees.total}`);
  expect(fen(advanced.data.fees.total) - before).toBe(260 - beforeQc);

  // no saved address: the typed one is checked in the page first
  await page.locator('.checkout-submit').click();
  await expect(page.locator('.checkout-destination').locator(FIELD_ERROR)).toHaveText(['请输入收货人', '请输入手机号码', '请选择省市区', '请输入详细地址']);
  // pasted as copied out of a platform: short names and no district or phone first, then the whole recipient
  const regionShown = page.locator('.checkout-typed-address .ant-cascader .ant-select-content');
  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`${U}/order/submit`)) submits.push(r.url());
  });
  await page.locator('#checkout_paste').fill('王五 广东 广州 三元里大道 2 号');
  await page.locator('.checkout-paste-recognise').click();
  await expect(page.locator('.ant-message')).toContainText('已填入识别出的内容；未能识别手机号码和区县，请手动填写');
  await expect(page.locator('#checkout_recipient')).toHaveValue('王五');
  await expect(page.locator('#checkout_phone')).toHaveValue('');
  await expect(regionShown).toHaveText('广东省 / 广州市');
  await expect(page.locator('#checkout_detail')).toHaveValue('三元里大道 2 号');
  await page.locator('#checkout_paste').fill('收件人：李四，电话：139-0000-1111，地址：广东省 广州市 白云区 三元里大道 1 号');
  await page.locator('.checkout-paste-recognise').click();
  await expect(page.locator('.ant-message')).toContainText('已识别收货人、手机号码和地址，请核对后再提交');
  await expect(page.locator('#checkout_recipient')).toHaveValue('李四');
  await expect(page.locator('#checkout_phone')).toHaveValue('13900001111');
  await expect(regionShown).toHaveText('广东省 / 广州市 / 白云区');
  await expect(page.locator('#checkout_detail')).toHaveValue('三元里大道 1 号');
  await expect(page.locator('.checkout-destination').locator(FIELD_ERROR)).toHaveCount(0);
  expect(submits).toEqual([]); // recognising submits nothing
  // the picker opens on the recognised region; choosing by hand works as before
  await chooseRegion(page, ['广东省', '广州市', '白云区']);
  await screenshot(page, 'checkout-zh_CN');
  const placed = await exchange<{ order: Order }>(page, '/order/submit', () => page.locator('.checkout-submit').click());
  expect(placed.sent).toMatchObject({
    source: 'cart',
    type: 'domestic',
    qc_level: 'advanced',
    address: { recipient: '李四', phone: '13900001111', province: '广东省', city: '广州市', district: '白云区', detail: '三元里大道 1 号' },
  });
  expect(placed.sent.request_id).toMatch(/^[0-9a-f-]{36}$/);
  const order = placed.data.order;
  expect(order.status).toBe('pending_payment');
  expect(order.fees.total).toBe(advanced.data.fees.total);

  // the payment screen: the total and the balance; pay from the wallet
  await expect(page).toHaveURL(new RegExp(`/order_pay\\?order_no=${order.order_no}&site=$`));
  await expect(page.locator('.order-pay-total')).toHaveText(`¥${order.fees.total}`);
  await expect(page.locator('.order-pay-balance-value')).toHaveText('¥500.00');
  await expect(page.locator('.site-nav .cart-count')).toHaveCount(0); // the ordered lines left the cart
  // the wallet is charged only after the amount (and what is left) is confirmed
  await page.locator('.order-pay-submit').click();
  const confirm = page.locator('.order-pay-confirm');
  await expect(confirm.locator('.ant-modal-title')).toHaveText('确认余额支付');
  await expect(confirm.locator('.order-pay-confirm-amount')).toHaveText(`将从账户余额支付 ¥${order.fees.total}`);
  const left = ((50000 - Math.round(Number(order.fees.total) * 100)) / 100).toFixed(2);
  await expect(confirm.locator('.order-pay-confirm-after')).toHaveText(`支付后余额 ¥${left}`);
  const paid = await exchange<{ order: Order }>(page, '/order/pay', () => confirm.locator('.order-pay-confirm-ok').click());
  expect(paid.sent).toEqual({ order_no: order.order_no, method: 'wallet' });
  await expect(page.locator('.order-pay-done')).toContainText('订单已支付');
  await screenshot(page, 'order-paid-zh_CN');
  await page.locator('.order-pay-detail').click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?order_no=${order.order_no}&site=$`));
  await expect(page.locator('.order-detail-summary .order-status')).toHaveText('待发货');
  await expect(page.locator('.order-detail-summary .order-stock')).toHaveText('待备货');

  // the operator prepares the stock and ships
  await operator(request, '/prepare_stock', { order_no: order.order_no });
  const tracking = `SF${Date.now()}`;
  const shipped = await operator(request, '/ship', { order_no: order.order_no, courier: 'sf', tracking_no: tracking });
  expect(shipped.status).toBe('shipped');

  await page.reload();
  await expect(page.locator('.order-detail-summary .order-status')).toHaveText('已发货（待收货）');
  await expect(page.locator('.order-tracking dd')).toHaveText(tracking);
  await expect(page.locator('.order-ship-courier dd')).toHaveText('顺丰速运');
  await expect(page.locator('.order-event-title')).toContainText(['提交订单', '完成付款', '备货完成', '已发货']);
  await screenshot(page, 'order-detail-zh_CN');

  // the list: under 'to be received', confirm receipt after a confirm
  await page.locator('.order-back-link').click();
  await expect(page).toHaveURL(/\/orderList\?site=$/);
  await page.locator('.order-tabs .order-tab-shipped').click();
  await expect(page).toHaveURL(/\/orderList\?tab=shipped&site=$/);
  await expect(page.locator('.order-tab-shipped .order-tab-count')).toHaveText('1');
  const card = page.locator(`.order-card[data-order="${order.order_no}"]`);
  await expect(card.locator('.order-card-tracking')).toHaveText(`快递单号 ${tracking}`);
  await card.locator('.order-receive').click();
  await expect(page.locator('.order-receive-confirm')).toContainText('确认已经收到货了吗？');
  await exchange(page, '/order/confirm', () => page.locator('.order-receive-ok').click());
  await expect(card).toHaveCount(0);
  await page.locator('.order-tabs .order-tab-to_be_reviewed').click();
  await expect(card.locator('.order-status')).toHaveText('待评价');

  // review it from the detail
  await card.locator('.order-detail-link').click();
  await page.locator('.order-detail-summary .order-review').click();
  const dialog = page.locator('.order-review-modal');
  await dialog.locator('.order-review-rating .ant-rate-star').nth(4).locator('> div').click();
  await dialog.locator('textarea').fill('质量很好，发货快');
  const reviewed = await exchange(page, '/order/review', () => dialog.locator('.order-review-submit').click());
  expect(reviewed.sent).toEqual({ order_no: order.order_no, rating: 5, content: '质量很好，发货快' });
  await expect(page.locator('.order-detail-summary .order-status')).toHaveText('已完成');

  // the payment is in the ledger
  await page.goto('/myFund?site=');
  const row = page.locator('.ledger-table tbody tr').first();
  await expect(row.locator('.ledger-type')).toHaveText('订单支付');
  await expect(row.locator('.ledger-amount')).toHaveText(`-${order.fees.total}`);
});

test('a platform order with an uploaded shipping label, paid by QR', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const product = await productWithStock(request, 1, 1);
  await call(request, user.token, '/cart/add', { sku_id: product.sku.id, quantity: 1 });

  await page.goto('/login?site=&redirect=%2Fcheckout%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/checkout\?site=$/);
  await expect(page.locator(`.checkout-line[data-sku="${product.sku.id}"]`)).toBeVisible();
  await page.locator('.checkout-type-platform').click();
  await page.locator('.checkout-submit').click();
  await expect(page.locator('.checkout-destination').locator(FIELD_ERROR)).toHaveText(['请选择平台', '请输入来源订单号', '请上传面单文件']);

  await chooseOption(page, page.locator('.checkout-platform'), 'checkout-platform-popup', 'TikTok');
  const sourceNo = `TT-${Date.now()}`;
  await page.locator('#checkout_source_order_no').fill(sourceNo);
  // a label picture made in the page: sent as it is (never rescaled) and shown read back with the token
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 1500;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#000';
    ctx.fillRect(100, 100, 800, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  const pngBytes = Buffer.from(png, 'base64');
  const labelUrl = /^\/jpmall\/addons\/unishop\/order\/label\/[0-9a-f]{32}$/;
  const picture = page.waitForResponse((r) => r.url().endsWith('/jpmall/addons/unishop/order/label'));
  await page.locator('.label-upload input[type=file]').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: pngBytes });
  const pictureLabel = ((await (await picture).json()) as { data: { url: string; size: number; content_type: string } }).data;
  expect(pictureLabel.url).toMatch(labelUrl);
  expect(pictureLabel).toMatchObject({ size: pngBytes.length, content_type: 'image/png' });
  await expect(page.locator('.label-upload-preview img')).toHaveAttribute('src', /^blob:/);
  // the label URL is private: without the token it is not there
  expect((await request.get(pictureLabel.url)).status()).toBe(404);

  // then the platform's PDF instead
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/jpmall/addons/unishop/order/label'));
  await page.locator('.label-upload input[type=file]').setInputFiles({ name: 'label.pdf', mimeType: 'application/pdf', buffer: pdf });
  const label = ((await (await uploaded).json()) as { data: { url: string; size: number; content_type: string } }).data;
  expect(label.url).toMatch(labelUrl);
  expect(label).toMatchObject({ size: pdf.length, content_type: 'application/pdf' });
  await expect(page.locator('.label-upload-preview .label-file-open')).toBeVisible();
  await expect(page.locator('.label-upload-preview img')).toHaveCount(0);

  const placed = await exchange<{ order: Order }>(page, '/order/submit', () => page.locator('.checkout-submit').click());
  expect(placed.sent).toMatchObject({ source: 'cart', type: 'platform', platform: 'tiktok', source_order_no: sourceNo, label_file: label.url });
  expect(placed.sent).not.toHaveProperty('address');
  const order = placed.data.order;

  // no balance: pay by QR on a second page; the dialog closes itself and the order shows paid
  await expect(page).toHaveURL(new RegExp(`/order_pay\\?order_no=${order.order_no}&site=$`));
  await expect(page.locator('.order-pay-short')).toContainText('余额不足');
  await page.locator('.order-pay-qr').click();
  const qr = await exchange<{ payment: { pay_url: string; amount: string } }>(page, '/order/pay', () => page.locator('.order-pay-submit').click());
  expect(qr.sent).toEqual({ order_no: order.order_no, method: 'qr' });
  expect(qr.data.payment.amount).toBe(order.fees.total);
  const dialog = page.locator('.order-qr-modal');
  await expect(dialog.locator('img.topup-qr')).toHaveAttribute('src', /^data:image\//);
  await expect(dialog.locator('a.topup-pay-link')).toHaveAttribute('href', qr.data.payment.pay_url);
  await payInSecondPage(context, qr.data.payment.pay_url);
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('.order-pay-done')).toContainText('订单已支付', { timeout: 15_000 });
  await expect(page.locator('.order-pay-done')).toContainText('扫码支付');

  await page.locator('.order-pay-detail').click();
  await expect(page.locator('.order-platform dd')).toHaveText('TikTok');
  await expect(page.locator('.order-source-no dd')).toHaveText(sourceNo);
  await expect(page.locator('.order-label .label-file-open')).toHaveText('打开面单');
  const opened = context.waitForEvent('page');
  await page.locator('.order-label .label-file-open').click();
  const tab = await opened;
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();
  await expect(page.locator('.order-recipient')).toHaveCount(0);

  // the list finds it by its source order number and platform
  await page.goto(`/orderList?source=${encodeURIComponent(sourceNo)}&platform=tiktok&site=`);
  await expect(page.locator('.order-card')).toHaveCount(1);
  await expect(page.locator('.order-card-type')).toHaveText(`TikTok · ${sourceNo}`);
});

test('an out-of-stock refund shows in the out-of-stock notices, the order and the wallet ledger', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  await topUp(request, context, user.token, '300');
  const product = await productWithStock(request, 2, 2);
  await call(request, user.token, '/cart/add', { sku_id: product.sku.id, quantity: 2 });
  const address = { recipient: '王五', phone: '13900002222', province: '广东省', city: '广州市', district: '白云区', detail: '机场路 2 号' };
  const { order } = await call<{ order: Order }>(request, user.token, '/order/submit', {
    source: 'cart',
    type: 'domestic',
    address,
    request_id: `e2e-${Date.now()}`,
  });
  await call(request, user.token, '/order/pay', { order_no: order.order_no, method: 'wallet' });

  // the warehouse has only one of the two
  const short = await operator(request, '/out_of_stock', { order_no: order.order_no, shortages: [{ sku_id: product.sku.id, quantity: 1 }] });
  expect(short.items[0]!.short_quantity).toBe(1);
  expect(fen(short.refunded)).toBeGreaterThan(0);

  await page.goto('/login?site=&redirect=%2FoutStock%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/outStock\?site=$/);
  await expect(page).toHaveTitle(/^缺货通知/);
  const notice = page.locator(`.out-stock-row[data-order="${order.order_no}"]`);
  await expect(notice.locator('.out-stock-scope')).toHaveText('部分缺货');
  await expect(notice.locator('.out-stock-refund-value')).toHaveText(`¥${short.refunded}`);
  await expect(notice.locator('.out-stock-quantity')).toHaveText('缺 1 件');

  await notice.locator('.sale-row-order').click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?order_no=${order.order_no}&site=$`));
  await expect(page.locator('.order-item-short')).toHaveText('缺货 1 件（已退款）');
  await expect(page.locator('.order-refunded-value')).toHaveText(`¥${short.refunded}`);
  await expect(page.locator('.order-event-title')).toContainText(['商品缺货']);

  await page.goto('/myFund?site=');
  const row = page.locator('.ledger-table tbody tr').first();
  await expect(row.locator('.ledger-type')).toHaveText('退款');
  await expect(row.locator('.ledger-amount')).toHaveText(`+${short.refunded}`);
  await expect(row.locator('.ledger-reference')).toContainText(order.order_no);
  await expect(page.locator('.ledger-table tbody tr').nth(1).locator('.ledger-type')).toHaveText('订单支付');
});

test('the ranking list is public: products or stalls within a window', async ({ page }) => {
  const first = page.waitForResponse((r) => r.url().endsWith(`${U}/ranking/lists`) && r.request().postDataJSON()?.range === '90d');
  await page.goto('/rankingList?site=');
  await expect(page).toHaveTitle(/^排行榜/);
  // it lists what the server ranked (at most 100), says how many, 20 to a page
  const ranked = ((await (await first).json()) as { data: { list: unknown[] } }).data.list.length;
  expect(ranked).toBeGreaterThan(0);
  expect(ranked).toBeLessThanOrEqual(100);
  await expect(page.locator('.ranking-count')).toHaveText(`${ranked} 个商品上榜`);
  await expect(page.locator('.ranking-products .ranking-row')).toHaveCount(Math.min(ranked, 20));
  if (ranked > 20) {
    await page.locator('.ranking-pagination').getByText('2', { exact: true }).click();
    await expect(page).toHaveURL(/\/rankingList\?page=2&site=$/);
    await expect(page.locator('.ranking-products .ranking-row').first().locator('.ranking-rank')).toHaveText('21');
  }
  await expect(page.locator('.site-nav').getByText('排行榜')).toBeVisible();
  // The first load (90 days) may still be answering when the window is changed: wait for the week's.
  const answer = page.waitForResponse((r) => r.url().endsWith(`${U}/ranking/lists`) && r.request().postDataJSON()?.range === '7d');
  await page.locator('.ranking-range').getByText('近一周').click();
  expect((await answer).request().postDataJSON()).toEqual({ kind: 'product', range: '7d' });
  await expect(page).toHaveURL(/\/rankingList\?range=7d&site=$/);
  await page.locator('.ranking-kind').getByText('档口榜').click();
  await expect(page).toHaveURL(/\/rankingList\?kind=stall&range=7d&site=$/);
  await expect(page.locator('.ranking-window')).toHaveText(/^统计时间 \d{4}-\d\d-\d\d 至 \d{4}-\d\d-\d\d$/);
});
