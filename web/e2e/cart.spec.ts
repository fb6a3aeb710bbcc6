import type { Page } from '@playwright/test';
import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { navGroup, navTo } from './nav';

const CART = '/jpmall/addons/unishop/cart';
const LOGIN_TO_NEW_ARRIVALS = '/login?site=&redirect=%2Frecentnew%3Fsite%3D';

interface Detail {
  id: string;
  title: string;
  item_no: string;
  skus: { id: string; color: string; size: string; price: string; stock: number }[];
  colors: { name: string; image: string }[];
  stall: { id: string; name: string };
}

/** '49.90' → 4990, without floats. */
const fen = (yuan: string) => {
  const [whole = '0', decimals = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
};
const yuan = (amount: number) => `¥${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

// the count on the nav's order button: a menu opened once stays in the page, hidden, with its entries' counts
const badge = (page: Page) => navGroup(page, 'order').locator('.cart-count');
const footer = (page: Page, part: string) => page.locator(`.cart-footer .cart-${part}`);

/** Waits for a cart call's answer and returns the body it sent. */
async function sent(page: Page, path: string, act: () => Promise<void>): Promise<Record<string, unknown>> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`${CART}${path}`));
  await act();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return response.request().postDataJSON() as Record<string, unknown>;
}

test('cart: add 2 from the product screen, see it under its stall, change to 3, check out, unselect, remove', async ({ page, request }) => {
  // a cart of its own: a new user starts with an empty one
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.goto(LOGIN_TO_NEW_ARRIVALS);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/recentnew\?site=$/);
  await expect(navGroup(page, 'order')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // a product from the list, and one of its SKUs with at least 3 in stock: the fifth newest, which
  // no spec running beside this one buys from (the order specs take the 1st, 2nd, 3rd, 6th, 9th, …
  // newest: see productWithStock), so its stock holds still while this test reads it
  const detailAnswer = page.waitForResponse((r) => r.url().includes('/product/detail'));
  await page.locator('.product-list-page .product-tile-link').nth(4).click();
  await expect(page).toHaveURL(/\/goodsDetail\?id=[^&]+&site=$/);
  const product = ((await (await detailAnswer).json()) as { data: Detail }).data;
  const sku = product.skus.find((s) => s.stock >= 3);
  expect(sku, 'a SKU with 3 in stock').toBeTruthy();
  await page.locator(`.sku-color[data-color="${sku!.color}"]`).click();
  await page.locator(`.sku-size[data-size="${sku!.size}"]`).click();
  await expect(page.locator('.sku-price')).toHaveText(`¥${sku!.price}`);

  await page.locator('.add-to-cart-quantity input').fill('2');
  const added = await sent(page, '/add', () => page.locator('.add-to-cart-button').click());
  expect(added).toEqual({ sku_id: sku!.id, quantity: 2 });
  await expect(badge(page)).toHaveText('2');
  const message = page.locator('.ant-message-notice', { hasText: '已加入购物车 2 件' });
  await expect(message).toBeVisible();
  await expect(message.locator('a.toast-link')).toHaveText('去购物车');
  await expect(message.locator('a.toast-link')).toHaveAttribute('href', '/cart?site=');
  await screenshot(page, 'cart-added-zh_CN');

  // the whole stock on top of the 2 held is refused by the server: its message as a toast, the badge stays
  await page.locator('.add-to-cart-quantity input').fill(String(sku!.stock));
  const refusal = page.waitForResponse((r) => r.url().endsWith(`${CART}/add`));
  await page.locator('.add-to-cart-button').click();
  expect((await refusal).status()).toBe(422);
  await expect(page.locator('.ant-message')).toContainText(`库存仅剩 ${sku!.stock} 件`);
  await expect(badge(page)).toHaveText('2');

  // the cart: the line under its stall with the right amount
  await navTo(page, 'order', '代发购物车');
  await expect(page).toHaveURL(/\/cart\?site=$/);
  await expect(page).toHaveTitle(/^代发购物车/);
  const group = page.locator(`.cart-group[data-stall="${product.stall.id}"]`);
  await expect(group.locator('.cart-stall-name')).toHaveText(product.stall.name);
  const line = group.locator(`.cart-line[data-sku="${sku!.id}"]`);
  await expect(line.locator('.cart-line-title')).toHaveText(product.title);
  await expect(line.locator('.cart-line-item-no')).toHaveText(`货号：${product.item_no}`);
  await expect(line.locator('.cart-line-spec')).toHaveText([sku!.color, sku!.size].filter(Boolean).join(' / '));
  await expect(line.locator('.cart-line-price')).toHaveText(`¥${sku!.price}`);
  // the chosen colour's picture, not the product's main one
  const colorPicture = product.colors.find((c) => c.name === sku!.color)?.image;
  expect(colorPicture, 'the colour has a picture').toBeTruthy();
  await expect(line.locator('img')).toHaveAttribute('src', colorPicture!);
  await expect(line.locator('.cart-quantity input')).toHaveValue('2');
  await expect(line.locator('.cart-line-amount')).toHaveText(yuan(fen(sku!.price) * 2));
  await expect(footer(page, 'selected-quantity')).toHaveText('已选 2 件');
  await expect(footer(page, 'selected-amount')).toHaveText(yuan(fen(sku!.price) * 2));
  await expect(line.locator('.cart-line-check input')).toBeChecked();
  await expect(group.locator('.cart-group-check input')).toBeChecked();

  // one step up: the quantity is set to 3 and the amounts follow the server's answer
  const changed = await sent(page, '/change', () => line.locator('.qty-stepper-up').click());
  expect(changed).toEqual({ sku_id: sku!.id, quantity: 3 });
  await expect(line.locator('.cart-quantity input')).toHaveValue('3');
  await expect(line.locator('.cart-line-amount')).toHaveText(yuan(fen(sku!.price) * 3));
  await expect(footer(page, 'selected-amount')).toHaveText(yuan(fen(sku!.price) * 3));
  await expect(badge(page)).toHaveText('3');
  await screenshot(page, 'cart-zh_CN');

  // checkout opens the order screen with the selected line priced by the server; back to the cart
  await page.locator('.cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\?site=$/);
  await expect(page.locator(`.checkout-line[data-sku="${sku!.id}"] .checkout-line-quantity`)).toHaveText('3');
  await expect(page.locator(`.checkout-line[data-sku="${sku!.id}"] img`)).toHaveAttribute('src', colorPicture!);
  await page.goBack();
  await expect(page).toHaveURL(/\/cart\?site=$/);

  // unselect: nothing selected, 0.00, checkout off
  const selected = await sent(page, '/select', () => line.locator('.cart-line-check').click());
  expect(selected).toEqual({ sku_ids: [sku!.id], selected: false });
  await expect(footer(page, 'selected-amount')).toHaveText('¥0.00');
  await expect(footer(page, 'selected-quantity')).toHaveText('已选 0 件');
  await expect(page.locator('.cart-checkout')).toBeDisabled();
  await expect(line.locator('.cart-line-amount')).toHaveText(yuan(fen(sku!.price) * 3));

  // remove after a confirm: the empty cart with a way to the products, no badge
  await line.locator('.cart-line-remove').click();
  const confirm = page.locator('.cart-remove-confirm');
  await expect(confirm).toContainText('确定从购物车删除这件商品吗？');
  const removed = await sent(page, '/remove', () => confirm.locator('.cart-remove-ok').click());
  expect(removed).toEqual({ sku_ids: [sku!.id] });
  await expect(page.locator('.cart-empty')).toContainText('购物车还是空的');
  await expect(page.locator('.cart-line')).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);
  await page.locator('.cart-browse').click();
  await expect(page).toHaveURL(/\/recentnew\?site=$/);
});

test('cart: logged out, add to cart opens the login prompt and sends nothing', async ({ page }) => {
  let cartCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes(`${CART}/`)) cartCalls += 1;
  });
  await page.goto('/recentnew?site=');
  await page.locator('.product-list-page .product-tile-link').first().click();
  await expect(page).toHaveURL(/\/goodsDetail\?id=[^&]+&site=$/);
  await expect(navGroup(page, 'order')).toHaveCount(0);
  await page.locator('.add-to-cart-button').click();
  await expect(page.locator('.login-prompt')).toBeVisible();
  expect(cartCalls).toBe(0);
});
