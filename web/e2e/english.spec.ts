import { chooseEnglish, HAN, walk } from './english';
import { expect, loginViaUi, newMobile, registerViaApi, test } from './helpers';
import { call, operator, productWithStock, topUp, type Order } from './shop';

/**
 * A seller who chose English sees no Chinese. The seller gets data in every state the
 * storefront shows (orders in each status, a shortage, an abnormal order, an after-sale, coupons,
 * a top-up and a withdrawal, an export job, messages), then every route of the storefront is
 * opened in en_US and its visible text is searched for Han characters (e2e/english.ts says what
 * may stay Chinese). english-more.spec.ts walks the states this one does not reach.
 */

test('en_US: every storefront route and its usual popups show no Chinese but what people typed', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const t = user.token;
  const stamp = Date.now();

  // what the seller typed is English here, so any Chinese left comes from the site itself
  const address = { recipient: 'Wang Wu', phone: '13900002222', province: '广东省', city: '广州市', district: '白云区', detail: 'No. 2 Airport Road' };
  await call(request, t, '/address/add', address);
  await call(request, t, '/forward/save', {
    sender_name: 'Dropship Co',
    sender_phone: '13900003333',
    courier: 'sf',
    qc_level: 'basic',
    shipping_priority: 'split',
    remark_template: 'Handle with care',
  });
  await topUp(request, context, t, '3000');
  await call(request, t, '/fund/bind_account', { payee: 'Li Si', account: `li.si.${mobile}@example.com` });
  const { withdrawal: paidOut } = await call<{ withdrawal: { id: string } }>(request, t, '/fund/withdraw', { amount: '30.00', request_id: `e2e-en-w1-${stamp}` });
  await operator(request, '/withdrawals/approve', { id: paidOut.id });
  await call(request, t, '/fund/withdraw', { amount: '20.00', request_id: `e2e-en-w2-${stamp}` });

  const product = await productWithStock(request, 24, 12);
  const other = await productWithStock(request, 27, 3);
  const place = async (n: string, quantity = 1) =>
    (
      await call<{ order: Order }>(request, t, '/order/submit', {
        source: 'manual',
        lines: [{ sku_id: product.sku.id, quantity }],
        type: 'domestic',
        address,
        remark: 'Leave at the door',
        request_id: `e2e-en-${n}-${stamp}`,
      })
    ).order;
  const pay = (order: Order) => call(request, t, '/order/pay', { order_no: order.order_no, method: 'wallet' });
  const pending = await place('pending');
  const cancelled = await place('cancelled');
  await call(request, t, '/order/cancel', { order_no: cancelled.order_no, reason: 'Ordered by mistake' });
  const short = await place('short', 2);
  await pay(short);
  await operator(request, '/orders/out_of_stock', { order_no: short.order_no, shortages: [{ sku_id: product.sku.id, quantity: 1 }], request_id: `e2e-en-short-${stamp}` });
  const abnormal = await place('abnormal');
  await pay(abnormal);
  await operator(request, '/orders/flag_abnormal', { order_no: abnormal.order_no, reason: 'Address cannot be reached' });
  const shipped = await place('shipped');
  await pay(shipped);
  await operator(request, '/orders/prepare_stock', { order_no: shipped.order_no });
  await operator(request, '/orders/ship', { order_no: shipped.order_no, courier: 'zto', tracking_no: `7310${String(stamp).slice(-8)}` });
  const received = await place('received', 2);
  await pay(received);
  await operator(request, '/orders/prepare_stock', { order_no: received.order_no });
  await operator(request, '/orders/ship', { order_no: received.order_no, courier: 'sf', tracking_no: `SF${stamp}` });
  await call(request, t, '/order/confirm', { order_no: received.order_no });
  const { after_sale: sale } = await call<{ after_sale: { id: string } }>(request, t, '/aftersale/apply', {
    order_no: received.order_no,
    kind: 'return_refund',
    lines: [{ sku_id: product.sku.id, quantity: 1 }],
    reason: 'Wrong colour',
    description: 'The colour is not the one ordered',
    request_id: `e2e-en-sale-${stamp}`,
  });
  await operator(request, '/aftersales/approve', { id: sale.id });

  const now = Math.floor(Date.now() / 1000);
  const coupon = { type: 'product', discount_type: 'full_reduction', threshold: '0.00', amount: '5.00', valid_to: now + 7 * 86_400 };
  // the operator names a coupon in both languages; the Chinese name must not show in English
  await operator(request, '/coupons/issue', { ...coupon, mobile, name: `新人立减5元 ${stamp}`, name_en: `Welcome 5 off ${stamp}` });
  const published = await operator<{ template_id: string }>(request, '/coupons/publish', { ...coupon, name: `领取立减5元 ${stamp}`, name_en: `Claimed 5 off ${stamp}`, quantity: 5 });
  await call(request, t, '/coupon/claim', { template_id: published.template_id });
  await operator(request, '/coupons/publish', { ...coupon, type: 'shipping', name: `运费券 ${stamp}`, name_en: `Free shipping ${stamp}`, quantity: 5 });

  const job = await call<{ id: string }>(request, t, '/excel/export', { table: 'orders', filters: {} });
  await expect.poll(async () => (await call<{ status: string }>(request, t, '/excel/job', { id: job.id })).status).toBe('done');

  const detail = await call<{ stall: { id: string }; item_no: string }>(request, '', '/product/detail', { id: product.id });
  await call(request, t, '/product/favorite', { id: product.id });
  await call(request, t, '/shop/follow', { id: detail.stall.id });
  await call(request, t, '/cart/add', { sku_id: product.sku.id, quantity: 1 });
  await call(request, t, '/cart/add', { sku_id: other.sku.id, quantity: 2 });
  const notices = await call<{ list: { id: string }[] }>(request, '', '/notice/lists', { page: 1, pagesize: 1 });
  const tutorials = await call<{ articles: { id: string }[] }[]>(request, '', '/tutorial/lists', {});
  const tutorial = tutorials.flatMap((c) => c.articles)[0];

  const { visit, popup, report } = walk(page);

  // the language is chosen before the first screen, as a returning seller's browser has it
  await chooseEnglish(page);
  await visit('/login', '.login-submit');
  await visit('/login?mode=register');
  await visit('/login?mode=forgot');
  await visit('/404');
  await page.goto('/login?site=');
  await loginViaUi(page, mobile);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  // messages already on screen follow a switch of the language, both ways
  await expect.poll(async () => (await call<{ unread: number }>(request, t, '/message/unread_count')).unread).toBeGreaterThanOrEqual(7);
  await visit('/mail', '.mail-item');
  await page.locator('[data-language="zh_CN"]').click();
  await expect(page.locator('.mail-item').first()).toContainText(HAN);
  await popup(
    '/mail',
    'switched back from Chinese',
    () => page.locator('[data-language="en_US"]').click(),
    () => expect(page.locator('.mail-item').first()).not.toContainText(HAN),
  );

  await visit('/', '.home-notices .home-notice');
  // the dialog's code loads on the first click: it is checked (and closed) once it shows
  await popup('/', 'customer service', async () => {
    await page.locator('.header-service').click();
    await expect(page.locator('.service-dialog')).toBeVisible();
  });
  // the header's module menus open on the pointer
  for (const group of await page.locator('.site-nav [data-group]').evaluateAll((els) => els.map((el) => el.getAttribute('data-group')))) {
    await popup(
      '/',
      `${group} menu`,
      async () => {
        await page.locator(`.site-nav [data-group="${group}"]`).hover();
        await expect(page.locator(`.site-nav-menu-${group}`)).toBeVisible();
      },
      async () => {
        await page.mouse.move(640, 700);
        await expect(page.locator(`.site-nav-menu-${group}`)).toBeHidden();
      },
    );
  }
  if (await page.locator('.area-site-button').isVisible()) {
    await popup('/', 'area site menu', async () => {
      await page.locator('.area-site-button').click();
      await expect(page.locator('.area-site-menu')).toBeVisible();
    });
  }
  await popup('/', 'search suggestions', async () => {
    await page.locator('.site-header input').first().fill('a');
    await page.waitForTimeout(300);
  });
  await visit('/recentnew', '.product-tile');
  await visit('/recentBK', '.product-tile');
  await visit('/recentFl_asia');
  await visit('/search?q=a', '.product-tile');
  await visit(`/goodsDetail?id=${product.id}`, '.product-stall-name');
  // the listing dialog's code loads on the first click (a new seller has no shop yet: its empty state)
  await popup(`/goodsDetail?id=${product.id}`, 'list in my shop', async () => {
    await page.locator('.product-actions .list-in-shop').click();
    await expect(page.locator('.listing-dialog .listing-dialog-count')).toBeVisible();
  });
  await visit('/wholesaleList', '.stall-card-name');
  await visit(`/wholesale?id=${detail.stall.id}`, '.product-tile');
  await visit(`/sameStyle?id=${product.id}`, '.same-style-source-title');
  await visit('/sameStyle');
  await visit('/noticeDetail', '.notice-item');
  if (notices.list[0]) await visit(`/noticeDetail?id=${notices.list[0].id}`, '.notice-article');
  await visit('/tutorialcenter', '.tutorial-menu');
  if (tutorial) await visit(`/tutorialcenter?id=${tutorial.id}`, '.tutorial-article');
  await visit('/resources', '.resource-card');
  await visit('/rankingList', '.ranking-row');
  await visit('/personalData');
  await visit('/productCollection', '.product-tile');
  await visit('/wholesaleCollection', '.stall-card-name');
  await visit('/myFund', '.ledger-table tbody tr');
  await popup('/myFund', 'top-up', () => page.locator('.fund-topup').click());
  await popup('/myFund', 'date picker', () => page.locator('.ledger-start').click());
  await visit('/withdrawalStatus', 'tbody .withdrawal-payee');
  await visit('/addressCollect', '.address-card-head');
  await popup('/addressCollect', 'address dialog', async () => {
    await page.locator('.address-edit').first().click();
    await page.locator('.ant-modal .ant-cascader').first().click();
  });
  await visit('/forwardSeting', '.forward-row');
  await visit('/listingShops', '.listing-shops-table');
  await visit('/myListings', '.listings-tabs');
  await visit('/cart', '.cart-checkout');
  await visit('/checkout', '.checkout-submit');
  await visit('/handOrder', '.hand-item-no');
  // a refusal is the server's sentence, then the item's colours and sizes
  await popup('/handOrder', 'unknown item number', async () => {
    await page.locator('.hand-item-no input, input.hand-item-no').first().fill('NO-SUCH-ITEM');
    await page.locator('.hand-search').click();
    await expect(page.locator('.hand-lookup-error')).toBeVisible();
  }, async () => undefined);
  await popup('/handOrder', 'item found', async () => {
    await page.locator('.hand-item-no input, input.hand-item-no').first().fill(detail.item_no);
    await page.locator('.hand-search').click();
    await expect(page.locator('.hand-sku')).toBeVisible();
  }, async () => undefined);
  await visit('/platformOrders');
  await visit('/exportExcelHistory', '.excel-job');
  await visit(`/order_pay?order_no=${pending.order_no}`, '.order-pay-total');
  await visit('/orderList', '.order-card');
  await popup('/orderList', 'date picker', () => page.locator('.order-filter-start').click());
  await popup('/orderList', 'cancel confirm', async () => {
    await page.locator(`.order-card[data-order="${pending.order_no}"] .order-cancel`).click();
    await expect(page.locator('.order-cancel-confirm')).toBeVisible();
  });
  for (const order of [pending, cancelled, short, abnormal, shipped]) await visit(`/orderDetail?order_no=${order.order_no}`, '.order-detail-summary');
  await visit(`/orderDetail?order_no=${received.order_no}`, '.order-detail-summary');
  await popup(`/orderDetail?order_no=${received.order_no}`, 'after-sale dialog', async () => {
    await page.locator('.order-detail-summary .order-after-sale').click();
    await expect(page.locator('.apply-modal .apply-kind').first()).toBeVisible();
  });
  await visit('/saleList', '.sale-list-row');
  await visit(`/saleDetail?id=${sale.id}`, '.sale-summary');
  await visit('/outStock', '.out-stock-item');
  await visit('/abnormal', '.sale-row-order');
  await visit('/coupon', '.coupon-claim-list .coupon-card');
  // the seller's own coupons show once the three filters are chosen: the first choice of each
  for (const filter of ['type', 'discount', 'status']) {
    await popup('/coupon', `${filter} filter`, async () => {
      await page.locator(`.coupon-mine .coupon-filter-${filter}`).click();
      await expect(page.locator(`.coupon-filter-${filter}-popup .ant-select-item-option`).first()).toBeVisible();
    }, () => page.locator(`.coupon-filter-${filter}-popup .ant-select-item-option`).first().click());
  }
  await page.locator('.coupon-mine .coupon-search').click();
  await popup('/coupon', 'my coupons', () => expect(page.locator('.coupon-mine .coupon-card').first()).toBeVisible(), async () => undefined);
  await visit('/mail', '.mail-item');

  report();
});
