import { chooseOption, expect, FIELD_ERROR, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { ADDRESS, call, exchange, fen, operator, productWithStock, U, yuan, type Order } from './shop';
import { navGroup, navTo } from './nav';

interface Coupon {
  id: string;
  name: string;
  name_zh: string;
  name_en: string;
  type: string;
  status: string;
  order_no: string;
}

interface Preview {
  fees: { product_amount: string; coupon_discount: string; total: string };
  coupons: { usable: (Coupon & { discount: string })[]; applied: { id: string; discount: string }[] };
}

test('claim a published coupon on /coupon, use it at checkout, and get it back by cancelling the order', async ({ page, request }) => {
  // the operator publishes a claimable coupon: 5.00 off the goods, no threshold, ten of them, for a week
  const stamp = Date.now();
  const name = `无门槛5元券 ${stamp}`;
  const nameEn = `5 off, no threshold ${stamp}`;
  const now = Math.floor(Date.now() / 1000);
  const published = await operator<{ template_id: string }>(request, '/coupons/publish', {
    name,
    name_en: nameEn,
    type: 'product',
    discount_type: 'full_reduction',
    threshold: '0.00',
    amount: '5.00',
    quantity: 10,
    valid_to: now + 7 * 86_400,
  });
  expect(published.template_id).toBeTruthy();

  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  await call(request, user.token, '/address/add', ADDRESS);
  const product = await productWithStock(request, 8, 1, 10);
  await call(request, user.token, '/cart/add', { sku_id: product.sku.id, quantity: 1 });

  await page.goto('/login?site=&redirect=%2Fcoupon%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/coupon\?site=$/);
  await expect(page).toHaveTitle(/^优惠券/);
  await expect(navGroup(page, 'fund')).toHaveClass(/is-current/);

  // nothing is asked before the three filters are chosen; searching without them says so under each
  const lists: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`${U}/coupon/lists`)) lists.push(r.url());
  });
  const mine = page.locator('.coupon-mine');
  await expect(mine.locator('.coupon-hint')).toHaveText('请选择优惠券类型、优惠类型和使用状态后查询');
  await mine.locator('.coupon-search').click();
  await expect(mine.locator(FIELD_ERROR)).toHaveText(['请选择优惠券类型', '请选择优惠类型', '请选择使用状态']);
  expect(lists).toEqual([]);

  // goods coupons, full reductions, any status: none yet
  await chooseOption(page, mine.locator('.coupon-filter-type'), 'coupon-filter-type-popup', '商品券');
  await chooseOption(page, mine.locator('.coupon-filter-discount'), 'coupon-filter-discount-popup', '满减');
  await chooseOption(page, mine.locator('.coupon-filter-status'), 'coupon-filter-status-popup', '全部状态');
  await expect(mine.locator(FIELD_ERROR)).toHaveCount(0);
  const searched = await exchange<{ list: Coupon[] }>(page, '/coupon/lists', () => mine.locator('.coupon-search').click());
  expect(searched.sent).toMatchObject({ type: 'product', discount_type: 'full_reduction', status: 'all', page: 1 });
  expect(searched.data.list).toEqual([]);
  await expect(page).toHaveURL(/\/coupon\?type=product&discount=full_reduction&status=all&site=$/);
  await expect(mine.locator('.coupon-list-empty')).toContainText('没有符合条件的优惠券');
  await expect(mine.locator('.coupon-tab-all .coupon-tab-count')).toHaveText('0');

  // claim the published coupon: it leaves the claim section and is listed as unused
  const claimable = page.locator(`.coupon-claimable[data-template="${published.template_id}"]`);
  await expect(claimable.locator('.coupon-name')).toHaveText(name);
  await expect(claimable.locator('.coupon-discount')).toHaveText('无门槛减5');
  await expect(claimable.locator('.coupon-type')).toHaveText('商品券');
  await expect(claimable.locator('.coupon-remaining')).toHaveText('剩余 10 张');
  const claimed = await exchange<{ coupon: Coupon }>(page, '/coupon/claim', () => claimable.locator('.coupon-claim').click());
  expect(claimed.sent).toEqual({ template_id: published.template_id });
  const coupon = claimed.data.coupon;
  // the page reads Chinese; the English name comes along for a reader of English
  expect([coupon.name, coupon.name_zh, coupon.name_en]).toEqual([name, name, nameEn]);
  await expect(page.locator('.ant-message')).toContainText('领取成功');
  await expect(claimable).toHaveCount(0);
  const card = mine.locator(`.coupon-card[data-coupon="${coupon.id}"]`);
  await expect(card.locator('.coupon-name')).toHaveText(name);
  await expect(card.locator('.coupon-discount')).toHaveText('无门槛减5');
  await expect(card.locator('.coupon-status')).toHaveText('未使用');
  await expect(card.locator('.coupon-validity')).toHaveText(/^有效期 \d{4}-\d\d-\d\d \d\d:\d\d 至 \d{4}-\d\d-\d\d \d\d:\d\d$/);
  await expect(card.locator('.coupon-order')).toHaveCount(0);
  await expect(mine.locator('.coupon-tab-unused .coupon-tab-count')).toHaveText('1');
  await screenshot(page, 'coupon-claimed-zh_CN');

  // cart → checkout: the coupon, the only one that applies, is chosen for the seller; the fees show
  // the discount and a lower total. 'No coupon' takes it back, and choosing it again brings it back.
  await navTo(page, 'order', '代发购物车');
  await expect(page).toHaveURL(/\/cart\?site=$/);
  const firstPreview = page.waitForResponse((r) => r.url().endsWith(`${U}/order/preview`) && !(r.request().postDataJSON() as { coupon_ids?: string[] }).coupon_ids);
  const bestPreview = page.waitForResponse((r) => r.url().endsWith(`${U}/order/preview`) && Boolean((r.request().postDataJSON() as { coupon_ids?: string[] }).coupon_ids));
  await page.locator('.cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\?site=$/);
  const first = (await (await firstPreview).json()) as { data: Preview };
  expect(first.data.coupons.usable.map((c) => [c.id, c.discount])).toEqual([[coupon.id, '5.00']]);
  expect((await bestPreview).request().postDataJSON()).toMatchObject({ source: 'cart', coupon_ids: [coupon.id] });
  await expect(page.locator(`.checkout-line[data-sku="${product.sku.id}"]`)).toBeVisible();
  const fees = page.locator('.checkout-fees');
  const total = fees.locator('.order-fee-total .order-total');
  const choice = page.locator(`.checkout-coupon-group-product .checkout-coupon-${coupon.id}`);
  await expect(page.locator('.checkout-coupon-group-product .checkout-coupon-type')).toHaveText('商品券');
  await expect(choice.locator('.checkout-coupon-name')).toHaveText(name);
  await expect(choice.locator('.checkout-coupon-saves')).toHaveText('本单可减 -¥5.00');
  await expect(choice.locator('input')).toBeChecked();
  const discounted = fen(first.data.fees.total) - 500;
  await expect(total).toHaveText(`¥${yuan(discounted)}`);
  await expect(fees.locator('.order-fee-coupon_discount dt')).toHaveText('优惠券抵扣');
  await expect(fees.locator('.order-fee-coupon_discount dd')).toHaveText('-¥5.00');
  await expect(page.locator(`.checkout-applied-${coupon.id}`)).toHaveText(`商品券 · ${name}-¥5.00`);
  const skipped = await exchange<Preview>(page, '/order/preview', () => page.locator('.checkout-coupon-group-product .checkout-coupon-skip').click());
  expect(skipped.sent).not.toHaveProperty('coupon_ids');
  await expect(total).toHaveText(`¥${first.data.fees.total}`);
  await expect(fees.locator('.order-fee-coupon_discount')).toHaveCount(0);
  const chosen = await exchange<Preview>(page, '/order/preview', () => choice.click());
  expect(chosen.sent).toMatchObject({ source: 'cart', coupon_ids: [coupon.id] });
  expect(chosen.data.fees.coupon_discount).toBe('5.00');
  await expect(total).toHaveText(`¥${yuan(discounted)}`);
  await screenshot(page, 'checkout-coupon-zh_CN');

  const placed = await exchange<{ order: Order }>(page, '/order/submit', () => page.locator('.checkout-submit').click());
  expect(placed.sent).toMatchObject({ source: 'cart', type: 'domestic', coupon_ids: [coupon.id] });
  const order = placed.data.order;
  expect(order.fees.coupon_discount).toBe('5.00');
  expect(order.coupons).toEqual([{ id: coupon.id, type: 'product', name, discount: '5.00' }]);
  await expect(page).toHaveURL(new RegExp(`/order_pay\\?order_no=${order.order_no}&site=$`));
  await expect(page.locator('.order-pay-total')).toHaveText(`¥${yuan(discounted)}`);

  // /coupon: used, by that order
  await page.goto('/coupon?type=product&discount=full_reduction&status=all&site=');
  await expect(card.locator('.coupon-status')).toHaveText('已使用');
  await expect(card.locator('.coupon-order-no')).toHaveText(order.order_no);
  await expect(card.locator('.coupon-used-at')).toHaveText(/^使用时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(mine.locator('.coupon-tab-used .coupon-tab-count')).toHaveText('1');
  await expect(mine.locator('.coupon-tab-unused .coupon-tab-count')).toHaveText('0');

  // cancel the order from its screen (the coupon card links to it)
  await card.locator('.coupon-order-no').click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?order_no=${order.order_no}&site=$`));
  const summary = page.locator('.order-detail-summary');
  await expect(summary.locator('.order-status')).toHaveText('待付款');
  await expect(page.locator('.order-detail-fees .order-fee-coupon_discount dd')).toHaveText('-¥5.00');
  await summary.locator('.order-cancel').click();
  await expect(page.locator('.order-cancel-confirm')).toContainText('确定取消这个订单吗？');
  const cancelled = await exchange<Order>(page, '/order/cancel', () => page.locator('.order-cancel-ok').click());
  expect(cancelled.sent).toMatchObject({ order_no: order.order_no });
  await expect(page.locator('.ant-message')).toContainText('订单已取消');
  await expect(summary.locator('.order-status')).toHaveText('已取消');

  // /coupon: unused again, no longer naming the order
  await page.goto('/coupon?type=product&discount=full_reduction&status=all&site=');
  await expect(card.locator('.coupon-status')).toHaveText('未使用');
  await expect(card.locator('.coupon-order')).toHaveCount(0);
  await expect(mine.locator('.coupon-tab-unused .coupon-tab-count')).toHaveText('1');
  await expect(mine.locator('.coupon-tab-used .coupon-tab-count')).toHaveText('0');
  // and the unused tab lists it
  await mine.locator('.coupon-tabs .coupon-tab-unused').click();
  await expect(page).toHaveURL(/\/coupon\?type=product&discount=full_reduction&status=unused&site=$/);
  await expect(mine.locator('.coupon-card')).toHaveCount(1);
  await expect(card.locator('.coupon-status')).toHaveText('未使用');
});
