import { expect, loginViaUi, newMobile, ops, registerViaApi, screenshot, test } from './helpers';
import { ADDRESS, call, exchange, operator, productWithStock, topUp, U, type Order } from './shop';

interface Message {
  id: string;
  kind: string;
  title: string;
  link: { type: string; id: string; path: string } | null;
  read: boolean;
}

interface SiteInfo {
  service: { qq: string; wechat: string; phone: string; hours: string };
}

test('messages: two paid orders and a shipment make three unread; reading one and then all brings the badge down', async ({ page, context, request }) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const product = await productWithStock(request, 14, 2);
  const orders: Order[] = [];
  for (const n of [1, 2]) {
    const { order } = await call<{ order: Order }>(request, user.token, '/order/submit', {
      source: 'manual',
      lines: [{ sku_id: product.sku.id, quantity: 1 }],
      type: 'domestic',
      address: ADDRESS,
      request_id: `e2e-mail-${n}-${Date.now()}`,
    });
    orders.push(order);
  }
  const [first, second] = orders as [Order, Order];
  const total = (Number(first.fees.total) + Number(second.fees.total)).toFixed(2);
  await topUp(request, context, user.token, total);
  for (const order of orders) await call(request, user.token, '/order/pay', { order_no: order.order_no, method: 'wallet' });
  // the operator prepares and ships the second one
  await operator(request, '/orders/prepare_stock', { order_no: second.order_no });
  await operator(request, '/orders/ship', { order_no: second.order_no, courier: 'zto', tracking_no: `${Date.now()}` });
  await expect.poll(async () => (await call<{ unread: number }>(request, user.token, '/message/unread_count')).unread).toBe(3);

  await page.goto('/login?site=');
  await loginViaUi(page, mobile);
  const bell = page.locator('.header-mail');
  await expect(bell.locator('.header-mail-badge')).toHaveText('3');
  await expect(page.locator('.nav-mail-badge')).toHaveText('3');

  // /mail from the bell: three unread, newest first
  await bell.click();
  await expect(page).toHaveURL(/\/mail\?site=$/);
  await expect(page).toHaveTitle(/^消息通知/);
  const unread = page.locator('.mail-item.is-unread');
  await expect(unread).toHaveCount(3);
  await expect(page.locator('.mail-item')).toHaveCount(3);
  await expect(unread.locator('.mail-title')).toHaveText(['订单已发货', '订单已支付', '订单已支付']);
  await expect(unread.locator('.mail-type')).toHaveText(['订单', '订单', '订单']);
  await expect(page.locator('.mail-unread-total')).toHaveText('3 条未读');
  await expect(page.locator('.mail-tab-unread .mail-tab-count')).toHaveText('3');
  const shipped = page.locator('.mail-item', { has: page.locator('.mail-title', { hasText: '订单已发货' }) });
  await expect(shipped.locator('.mail-content')).toContainText(second.order_no);
  await screenshot(page, 'mail-zh_CN');

  // the shipped one: marked read and opens that order
  const read = await exchange<{ unread: number }>(page, '/message/read', () => shipped.locator('.mail-item-open').click());
  expect(read.data).toEqual({ unread: 2 });
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?order_no=${second.order_no}&site=$`));
  await expect(page.locator('.order-detail-summary .order-status')).toHaveText('已发货（待收货）');
  await expect(bell.locator('.header-mail-badge')).toHaveText('2');

  await page.goBack();
  await expect(page).toHaveURL(/\/mail\?site=$/);
  await expect(shipped).toHaveClass(/is-read/);
  await expect(unread).toHaveCount(2);
  await expect(unread.locator('.mail-title')).toHaveText(['订单已支付', '订单已支付']);
  await expect(page.locator('.mail-unread-total')).toHaveText('2 条未读');
  await expect(bell.locator('.header-mail-badge')).toHaveText('2');
  await expect(page.locator('.nav-mail-badge')).toHaveText('2');

  // mark all read: no badge, nothing under 'unread', all three under 'read'
  const all = await exchange<{ unread: number }>(page, '/message/read_all', () => page.locator('.mail-read-all').click());
  expect(all.data).toEqual({ unread: 0 });
  await expect(page.locator('.ant-message')).toContainText('已将全部消息标为已读');
  await expect(unread).toHaveCount(0);
  await expect(page.locator('.mail-item.is-read')).toHaveCount(3);
  await expect(bell.locator('.header-mail-badge')).toHaveCount(0);
  await expect(page.locator('.nav-mail-badge')).toHaveCount(0);
  await expect(page.locator('.mail-read-all')).toBeDisabled();
  await page.locator('.mail-tabs .mail-tab-unread').click();
  await expect(page).toHaveURL(/\/mail\?status=unread&site=$/);
  await expect(page.locator('.mail-empty')).toContainText('没有未读消息');
  await expect(page.locator('.mail-item')).toHaveCount(0);
  await page.locator('.mail-tabs .mail-tab-read').click();
  await expect(page.locator('.mail-item.is-read')).toHaveCount(3);

  // the messages as the server has them: the shipped one links to the order
  const listed = await call<{ list: Message[]; unread: number }>(request, user.token, '/message/lists', { page: 1, pagesize: 10 });
  expect(listed.unread).toBe(0);
  expect(listed.list.map((m) => [m.kind, m.link?.path, m.read])).toEqual([
    ['order_shipped', `/orderDetail?order_no=${second.order_no}`, true],
    ['order_paid', expect.stringMatching(/^\/orderDetail\?order_no=JP/), true],
    ['order_paid', expect.stringMatching(/^\/orderDetail\?order_no=JP/), true],
  ]);
});

test('announcements: a pinned one published by the operator leads the home page and the notice list, and is gone once withdrawn', async ({ page }) => {
  const title = `系统维护公告 ${Date.now()}`;
  const content = '本周六 02:00-04:00 系统维护，期间暂停下单。';
  const said = ops(['notice', 'publish', '--title', title, '--content', content, '--pinned']);
  const id = /^published (\S+)$/m.exec(said)?.[1];
  expect(id, said).toBeTruthy();
  expect(ops(['notice', 'list'])).toMatch(new RegExp(`^${id}\\s+\\d+\\s+pinned\\s+${title}$`, 'm'));

  await page.goto('/?site=');
  const notices = page.locator('.home-notices .home-notice');
  await expect(notices.first()).toHaveText(new RegExp(title));
  await page.locator('.home-notices .section-more').click();
  await expect(page).toHaveURL(/\/noticeDetail\?site=$/);
  const first = page.locator('.notice-item').first();
  await expect(first.locator('.notice-item-title')).toHaveText(`置顶${title}`);
  await first.locator('.notice-item-title').click();
  await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=${id!}&site=$`));
  await expect(page.locator('.notice-article .article-title')).toHaveText(title);
  await expect(page.locator('.notice-article')).toContainText(content);

  expect(ops(['notice', 'withdraw', id!])).toContain(`withdrew ${id!}`);
  await page.reload();
  await expect(page.locator('.ant-result-404 .ant-result-title')).toHaveText('公告不存在或已撤回');
  await expect(page.locator('.notice-article')).toHaveCount(0);
  await page.goto('/noticeDetail?site=');
  await expect(page.locator('.notice-item').first()).toBeVisible();
  await expect(page.locator('.notice-item', { hasText: title })).toHaveCount(0);
  await page.goto('/?site=');
  await expect(page.locator('.home-notices .home-notice').first()).toBeVisible();
  await expect(page.locator('.home-notices .home-notice', { hasText: title })).toHaveCount(0);
});

test('customer service: the header dialog shows the site contacts and copies them; an order card copies its number and names it', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const site = await request.post(`${U}/index/site`, { data: { site: '' } });
  const { service } = ((await site.json()) as { data: SiteInfo }).data;
  expect(service.qq && service.wechat && service.phone && service.hours).toBeTruthy();

  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const product = await productWithStock(request, 15, 1);
  const { order } = await call<{ order: Order }>(request, user.token, '/order/submit', {
    source: 'manual',
    lines: [{ sku_id: product.sku.id, quantity: 1 }],
    type: 'domestic',
    address: ADDRESS,
    request_id: `e2e-service-${Date.now()}`,
  });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await page.goto('/login?site=&redirect=%2ForderList%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/orderList\?site=$/);

  // from the header: the site's four contacts; copying the WeChat id puts it on the clipboard
  await page.locator('.header-service').click();
  const dialog = page.locator('.service-dialog');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('联系客服');
  for (const [field, label] of [
    ['qq', '客服QQ'],
    ['wechat', '客服微信'],
    ['phone', '客服电话'],
    ['hours', '服务时间'],
  ] as const) {
    await expect(dialog.locator(`.service-${field} .service-label`)).toHaveText(label);
    await expect(dialog.locator(`.service-${field} .service-value`)).toHaveText(service[field]);
  }
  await expect(dialog.locator('.service-order')).toHaveCount(0);
  await dialog.locator('.service-wechat .service-copy').click();
  await expect(page.locator('.ant-message-notice', { hasText: '复制成功！' })).toBeVisible();
  expect(await clipboard()).toBe(service.wechat);
  await dialog.locator('.service-phone .service-copy').click();
  await expect.poll(clipboard).toBe(service.phone);
  await dialog.locator('.service-close').click();
  await expect(dialog).toBeHidden();

  // from the order card: the order number is copied first, then the dialog names it
  const card = page.locator(`.order-card[data-order="${order.order_no}"]`);
  await card.locator('.order-service').click();
  const orderDialog = page.locator('.service-dialog', { has: page.locator('.service-order-no') });
  await expect(orderDialog).toBeVisible();
  await expect(orderDialog.locator('.service-order-no')).toHaveText(order.order_no);
  await expect(orderDialog.locator('.service-order-hint')).toHaveText('订单号已复制，咨询时请发送给客服');
  await expect(orderDialog.locator('.service-qq .service-value')).toHaveText(service.qq);
  expect(await clipboard()).toBe(order.order_no);
  await screenshot(page, 'service-order-zh_CN');
});
