import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, operatorToken } from './helpers';

/**
 * Calls the after-sales and coupon specs share, made the way order.spec.ts makes them: a seller's
 * calls with the user's token, the operator's with the operator token, a top-up paid on the local
 * QR simulator, a product of the demo market with stock, and amounts read into fen.
 */

export const U = '/jpmall/addons/unishop';

export interface Sku {
  id: string;
  color: string;
  size: string;
  price: string;
  stock: number;
}

export interface Order {
  order_no: string;
  status: string;
  fees: { product_amount: string; coupon_discount: string; total: string };
  items: { sku_id: string; quantity: number; price: string }[];
  coupons?: { id: string; type: string; name: string; discount: string }[];
}

/** A call as the given user; fails the test unless the envelope says success. */
export async function call<T>(request: APIRequestContext, token: string, path: string, data: object = {}): Promise<T> {
  const response = await request.post(`${U}${path}`, { headers: { token }, data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return body.data;
}

/** An operator call under /jpmall/admin (docs/api.md "Operator: …"); fails the test unless it succeeds. */
export async function operator<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/jpmall/admin${path}`, { headers: { 'operator-token': operatorToken() }, data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
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
export async function topUp(request: APIRequestContext, context: BrowserContext, token: string, amount: string): Promise<void> {
  const payment = await call<{ payment_id: string; pay_url: string }>(request, token, '/fund/recharge', { amount });
  await payInSecondPage(context, payment.pay_url);
  await expect.poll(async () => (await call<{ status: string }>(request, token, '/fund/payment_status', { payment_id: payment.payment_id })).status).toBe('paid');
}

/** '¥107.40' or '-3.00' → 10740 / 300 (the sign dropped), without floats. */
export const fen = (text: string | null) => {
  const [whole = '0', decimals = ''] = (text ?? '').replace(/[^\d.]/g, '').split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
};

/** Fen → '12.30'. */
export const yuan = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

/**
 * The first product of the demo market from the `nth` card on with a SKU of at least `pieces` in
 * stock priced at least `minPrice` yuan, and that SKU (tests pick different `nth` so that their
 * stock does not meet).
 */
export async function productWithStock(request: APIRequestContext, nth: number, pieces: number, minPrice = 0): Promise<{ id: string; title: string; sku: Sku }> {
  const list = await call<{ list: { id: string }[] }>(request, '', '/product/lists', { page: 1, pagesize: 40 });
  for (const card of list.list.slice(nth)) {
    const detail = await call<{ id: string; title: string; skus: Sku[] }>(request, '', '/product/detail', { id: card.id });
    const sku = detail.skus.find((s) => s.stock >= pieces && fen(s.price) >= minPrice * 100);
    if (sku) return { id: detail.id, title: detail.title, sku };
  }
  throw new Error(`no product with ${pieces} in stock at ${minPrice} or more`);
}

/** Waits for a call's answer and returns what was sent and answered. */
export async function exchange<T>(page: Page, path: string, act: () => Promise<void>): Promise<{ sent: Record<string, unknown>; data: T }> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`${U}${path}`) && r.request().method() === 'POST');
  await act();
  const response = await answer;
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return { sent: response.request().postDataJSON() as Record<string, unknown>, data: body.data };
}

/** A domestic address in the caller's book (the first one becomes the default checkout address). */
export const ADDRESS = { recipient: '王五', phone: '13900002222', province: '广东省', city: '广州市', district: '白云区', detail: '机场路 2 号' };
