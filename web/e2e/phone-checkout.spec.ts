import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, FIELD_ERROR, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { overflow } from './overflow';
import { ADDRESS, exchange, productWithStock, topUp, U, type Order, type Sku } from './shop';

/**
 * Issue 48 item 10: the checkout within a thumb's reach on a phone (390 × 844), in Chinese and in
 * English. A new seller opens a product and finds add to cart in the bar at the bottom of the first
 * screen, adds the chosen colour and size through it, checks out with the total and submit in the
 * bar, pays, and on the order list finds the orders in the first screen with the filters folded
 * under one button; every order action is a 44 × 44 px target and cancel keeps apart from the
 * others. At a desk (1366 × 800) the same screens keep their layout: no bar, the filters inline.
 */

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 800 };
/** The smallest target a thumb hits reliably (Apple's and WCAG 2.5.5's 44 px). */
const TARGET = 44;
/**
 * The least room between cancel and any other action: twice the 8 px the other actions keep
 * between them, so it reads as apart and a thumb aiming at a neighbour misses it.
 */
const APART = 16;

const WORDS = {
  zh_CN: {
    add: '加入购物车',
    added: '已加入购物车 1 件',
    viewCart: '去购物车',
    submit: '提交订单',
    total: '应付总额',
    recipientRequired: '请输入收货人',
    filters: '筛选',
    filtersOne: '筛选（1）',
    cancel: '取消订单',
    afterSale: '申请售后',
    pendingShipment: '待发货',
  },
  en_US: {
    add: 'Add to cart',
    added: 'Added 1 to the cart',
    viewCart: 'View cart',
    submit: 'Place order',
    total: 'Total',
    recipientRequired: 'Please enter the recipient',
    filters: 'Filters',
    filtersOne: 'Filters (1)',
    cancel: 'Cancel order',
    afterSale: 'Apply for after-sales',
    pendingShipment: 'To be shipped',
  },
} as const;
type Language = keyof typeof WORDS;

/** Whether the page can be scrolled sideways, and what sticks out if so. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const found = await overflow(page);
  expect(found.scrollWidth, `${where}: sticking out past ${found.width} px: ${found.culprits.join('; ')}`).toBeLessThanOrEqual(found.width);
}

/** The box of what a person sees without scrolling: inside the viewport, and the page not scrolled. */
async function expectInFirstScreen(page: Page, target: Locator, what: string): Promise<{ x: number; y: number; width: number; height: number }> {
  expect(await page.evaluate(() => window.scrollY), `${what}: the page is at its top`).toBe(0);
  const box = (await target.boundingBox())!;
  expect(box, `${what} is laid out`).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  return box;
}

/** How far the bottom of `target` reaches down under the top of the bar (0 or less: clear of it). */
async function overlapWithBar(target: Locator, bar: Locator): Promise<number> {
  const [box, barBox] = [await target.boundingBox(), await bar.boundingBox()];
  return box!.y + box!.height - barBox!.y;
}

/** The boxes of an order's actions (its buttons and links), named by their text. */
function actionBoxes(actions: Locator) {
  return actions.evaluate((el) =>
    [...el.querySelectorAll('button, a')].map((target) => {
      const box = target.getBoundingClientRect();
      return { text: (target.textContent ?? '').trim(), left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height };
    }),
  );
}

/** The product's title and `skuId` as the page shows them in `language` (English translates both the title and the colours). */
async function shownIn(request: APIRequestContext, id: string, skuId: string, language: Language): Promise<{ title: string; sku: Sku }> {
  const response = await request.post(`${U}/product/detail`, { headers: { 'content-language': language }, data: { id } });
  const detail = ((await response.json()) as { data: { title: string; skus: Sku[] } }).data;
  return { title: detail.title, sku: detail.skus.find((s) => s.id === skuId)! };
}

/**
 * Chooses province, city and district (`names`, as addresses store them) in the checkout's region
 * picker by what it shows in `language`: English shows each division's English name.
 */
async function chooseRegion(page: Page, request: APIRequestContext, names: string[], language: Language): Promise<void> {
  await page.locator('.checkout-typed-address .ant-cascader').click();
  const popup = page.locator('.checkout-region-popup');
  let pid = '';
  for (const [level, name] of names.entries()) {
    const response = await request.post(`${U}/address/area`, { data: { pid } });
    const area = ((await response.json()) as { data: { id: string; name: string; name_en?: string }[] }).data.find((a) => a.name === name)!;
    const shown = language === 'en_US' && area.name_en ? area.name_en : area.name;
    await popup.locator('.ant-cascader-menu').nth(level).locator(`.ant-cascader-menu-item[title="${shown}"]`).click();
    pid = area.id;
  }
  await expect(popup).toBeHidden();
}

for (const [n, language] of (['zh_CN', 'en_US'] as const).entries()) {
  test(`${language}: on a 390 × 844 phone add to cart, submit and the order actions are in reach; at 1366 px the layout stays`, async ({ page, context, request }) => {
    const words = WORDS[language];
    const mobile = newMobile();
    const user = await registerViaApi(request, mobile);
    await topUp(request, context, user.token, '1000');
    // products far down the newest list that no other spec buys from, one per language
    const { id, sku: { id: skuId } } = await productWithStock(request, 20 + 2 * n, 3);
    const product = { id, ...(await shownIn(request, id, skuId, language)) };

    await page.setViewportSize(PHONE);
    // the seller follows a shared product link, logs in on the way and chooses the language there
    await page.goto(`/login?site=&redirect=${encodeURIComponent(`/goodsDetail?id=${product.id}&site=`)}`);
    if (language === 'en_US') await page.locator('[data-language="en_US"]').click();
    await loginViaUi(page, mobile);
    await expect(page).toHaveURL(/\/goodsDetail\?id=/);
    await expect(page.locator('.product-title')).toHaveText(product.title);

    // the product: add to cart in the bar at the bottom of the first screen, what is chosen above it
    const bar = page.locator('.phone-action-bar');
    await expect(bar).toHaveCount(1);
    const add = bar.getByRole('button', { name: words.add });
    await expect(add).toBeVisible();
    const addBox = await expectInFirstScreen(page, add, `${language} product: add to cart`);
    expect(addBox.height, 'add to cart is thumb-high').toBeGreaterThanOrEqual(TARGET);
    await expectNoSidewaysScroll(page, `${language} product`);
    await screenshot(page, `phone-product-${language}`);

    // choosing colour and size (further down, past the pictures) shows them and the price in the bar
    await page.locator(`.sku-color[data-color="${product.sku.color}"]`).click();
    await page.locator(`.sku-size[data-size="${product.sku.size}"]`).click();
    await expect(bar.locator('.product-action-bar-spec')).toHaveText([product.sku.color, product.sku.size].filter(Boolean).join(' / '));
    await expect(bar.locator('.product-action-bar-price')).toHaveText(`¥${product.sku.price}`);
    await expect(add).toBeInViewport({ ratio: 1 });
    const added = await exchange(page, '/cart/add', () => add.click());
    expect(added.sent).toEqual({ sku_id: product.sku.id, quantity: 1 });
    const toast = page.locator('.ant-message-notice', { hasText: words.added });
    await expect(toast).toBeVisible();
    await toast.getByRole('link', { name: words.viewCart }).click();
    await expect(page).toHaveURL(/\/cart\?site=$/);
    // the cart has no bar of its own; leaving the product took the product's away
    await expect(bar).toHaveCount(0);
    await page.locator('.cart-checkout').click();
    await expect(page).toHaveURL(/\/checkout\?site=$/);

    // the checkout: submit and the total in the bar at first view, the total the fees' own
    const line = page.locator(`.checkout-line[data-sku="${product.sku.id}"]`);
    await expect(line.locator('.checkout-line-quantity')).toHaveText('1');
    const feesTotal = page.locator('.checkout-fees .order-fee-total .order-total');
    await expect(feesTotal).toHaveText(/^¥\d+\.\d\d$/);
    const submit = bar.getByRole('button', { name: words.submit });
    const submitBox = await expectInFirstScreen(page, submit, `${language} checkout: submit`);
    expect(submitBox.height, 'submit is thumb-high').toBeGreaterThanOrEqual(TARGET);
    await expect(bar).toContainText(words.total);
    await expect(bar.locator('.order-total')).toHaveText((await feesTotal.textContent())!);
    await expectInFirstScreen(page, bar.locator('.order-total'), `${language} checkout: the total`);
    await expectNoSidewaysScroll(page, `${language} checkout`);
    await screenshot(page, `phone-checkout-${language}`);

    // submitting with the address empty brings the first wrong field into sight, clear of the bar
    await submit.click();
    const recipientError = page.locator('.checkout-destination').locator(FIELD_ERROR).first();
    await expect(recipientError).toHaveText(words.recipientRequired);
    const recipient = page.locator('#checkout_recipient');
    await expect(recipient).toBeInViewport({ ratio: 1 });
    // the page may still be scrolling the field up when it first shows in the viewport
    await expect.poll(() => overlapWithBar(recipient, bar), { message: 'the wrong field is above the bar' }).toBeLessThanOrEqual(0);

    await recipient.fill(ADDRESS.recipient);
    await page.locator('#checkout_phone').fill(ADDRESS.phone);
    await chooseRegion(page, request, [ADDRESS.province, ADDRESS.city, ADDRESS.district], language);
    await page.locator('#checkout_detail').fill(ADDRESS.detail);
    // the end of the page scrolls out from under the bar: the fees are not hidden beneath it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => overlapWithBar(page.locator('.checkout-fees'), bar), { message: 'the fees end above the bar' }).toBeLessThanOrEqual(0);
    const placed = await exchange<{ order: Order }>(page, '/order/submit', () => submit.click());
    expect(placed.sent).toMatchObject({ source: 'cart', type: 'domestic', address: ADDRESS });
    const order = placed.data.order;
    await expect(page.locator('.order-pay-total')).toHaveText(`¥${order.fees.total}`);
    await expect(bar).toHaveCount(0);

    // paid from the wallet, as the issue's order: after-sales and cancel both offered
    await page.locator('.order-pay-submit').click();
    await page.locator('.order-pay-confirm-ok').click();
    await expect(page.locator('.order-pay-done')).toBeVisible();
    await page.locator('.order-pay-list').click();
    await expect(page).toHaveURL(/\/orderList\?site=$/);

    // the order list: the filters folded under one button, the order in the first screen
    const toggle = page.locator('.order-filter-toggle');
    await expect(toggle).toHaveText(words.filters);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const filters = page.locator('.order-filters');
    await expect(filters).toHaveCount(0);
    const card = page.locator(`.order-card[data-order="${order.order_no}"]`);
    await expect(card.locator('.order-status')).toHaveText(words.pendingShipment);
    const toggleBox = await expectInFirstScreen(page, toggle, `${language} order list: the filter button`);
    expect(toggleBox.height, 'the filter button is thumb-high').toBeGreaterThanOrEqual(TARGET);
    await expectInFirstScreen(page, card.locator('.order-card-head'), `${language} order list: the order's head`);
    await expectNoSidewaysScroll(page, `${language} order list`);
    await screenshot(page, `phone-order-list-${language}`);

    // every action of the order a thumb-sized target, cancel kept apart from the rest
    const actions = card.locator('.order-actions');
    await expect(actions.getByRole('button', { name: words.afterSale })).toBeVisible();
    await expect(actions.getByRole('button', { name: words.cancel })).toBeVisible();
    const boxes = await actionBoxes(actions);
    const small = boxes.filter((b) => b.width < TARGET || b.height < TARGET).map((b) => `${b.text}: ${Math.round(b.width)} × ${Math.round(b.height)}`);
    expect(small, 'actions smaller than 44 × 44 px').toEqual([]);
    const cancel = boxes.find((b) => b.text === words.cancel)!;
    const close = boxes
      .filter((b) => b !== cancel)
      .map((b) => ({ text: b.text, gap: Math.max(b.left - cancel.right, cancel.left - b.right, b.top - cancel.bottom, cancel.top - b.bottom) }))
      // half a pixel for text widths that fall between pixels
      .filter((b) => b.gap < APART - 0.5)
      .map((b) => `${b.text}: ${Math.round(b.gap)} px`);
    expect(close, `actions closer than ${APART} px to ${words.cancel}`).toEqual([]);

    // opening the button shows the filters; a search folds them again and says one applies
    await toggle.click();
    await expect(filters).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectNoSidewaysScroll(page, `${language} order list, filters open`);
    // the fields are thumb targets as the buttons are
    const fields = await filters.locator('.ant-input-affix-wrapper, .ant-picker, .ant-select').evaluateAll((els) => els.map((el) => ({ name: el.className.split(' ').find((c: string) => c.startsWith('order-filter')) ?? el.className, height: el.getBoundingClientRect().height })));
    expect(fields.length).toBeGreaterThanOrEqual(5);
    expect(fields.filter((f) => f.height < TARGET - 0.5), 'filter fields lower than a thumb').toEqual([]);
    await screenshot(page, `phone-order-filters-${language}`);
    await filters.locator('input.order-filter-no, .order-filter-no input').fill(order.order_no);
    const searched = page.waitForResponse((r) => r.url().includes('/order/lists') && r.request().method() === 'POST');
    await filters.locator('.order-filter-search').click();
    await searched;
    await expect(filters).toHaveCount(0);
    await expect(toggle).toHaveText(words.filtersOne);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.order-card')).toHaveCount(1);
    await expect(card).toBeInViewport();

    // at a desk: no bar on the product or the checkout, the filters inline above the orders
    await page.setViewportSize(DESK);
    await page.goto(`/goodsDetail?id=${product.id}&site=`);
    const deskAdd = page.locator('.product-info .add-to-cart-button');
    await expect(deskAdd).toHaveText(words.add);
    await expect(page.locator('.phone-action-bar')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/has-phone-action-bar/);
    await page.locator(`.sku-color[data-color="${product.sku.color}"]`).click();
    await page.locator(`.sku-size[data-size="${product.sku.size}"]`).click();
    await exchange(page, '/cart/add', () => deskAdd.click());
    await page.goto('/checkout?site=');
    await expect(page.locator(`.checkout-line[data-sku="${product.sku.id}"]`)).toBeVisible();
    await expect(page.locator('.checkout-submit-row').getByRole('button', { name: words.submit })).toBeVisible();
    await expect(page.locator('.phone-action-bar')).toHaveCount(0);
    await page.goto('/orderList?site=');
    await expect(page.locator('.order-filter-toggle')).toHaveCount(0);
    await expect(filters).toBeVisible();
    const row = await filters.evaluate((form) => {
      const items = [...form.querySelectorAll(':scope > .ant-form-item')].map((item) => item.getBoundingClientRect());
      const firstRow = items.filter((box) => Math.abs(box.top - items[0]!.top) < 1).length;
      return { firstRow, formBottom: form.getBoundingClientRect().bottom, tabsTop: document.querySelector('.order-tabs')!.getBoundingClientRect().top };
    });
    expect(row.firstRow, 'filters side by side').toBeGreaterThanOrEqual(3);
    expect(row.formBottom, 'the filters above the tabs').toBeLessThanOrEqual(row.tabsTop);
    await expect(page.locator(`.order-card[data-order="${order.order_no}"]`)).toBeVisible();
    await expectNoSidewaysScroll(page, `${language} order list at 1366 px`);
    await screenshot(page, `desk-order-list-${language}`);
  });
}
