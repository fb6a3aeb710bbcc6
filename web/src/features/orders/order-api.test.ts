import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartApi } from '../../api/cart-api';
import type { OrderRequest } from './types';
import { walletApi } from '../../api/wallet-api';
import { makeStore } from '../../testing/store';
import { loggedIn } from '../../state/session-slice';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { orderApi } from './order-api';
import { count, ok, orderOf, priceRequest, refused, serve, session, stubRequestOrigin } from './order-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const settle = () => new Promise((r) => setTimeout(r, 20));
const page = (list: unknown[] = [], extra: object = {}) => ok({ list, total: list.length, page: 1, pagesize: 10, ...extra });

beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  setIntl(makeIntl('zh_CN', zh));
  stubRequestOrigin();
});
afterEach(() => vi.unstubAllGlobals());

function loggedInStore() {
  const store = makeStore();
  store.dispatch(loggedIn(session));
  return store;
}

describe('order calls', () => {
  it('send the bodies of docs/api.md with the token header, never the token in the body', async () => {
    const calls = serve({
      '/order/preview': (body) => ok(priceRequest(body as unknown as OrderRequest)),
      '/order/submit': () => ok({ order: orderOf() }),
      '/order/item': () => ok({ product_id: 'P1', item_no: 'A1001', title: 'T', image: '', stall_name: 'S', skus: [] }),
      '/order/lists': () => page([], { counts: { all: 0 } }),
      '/order/detail': () => ok(orderOf()),
      '/order/pay': () => ok({ order: orderOf({ status: 'to_be_shipped' }) }),
      '/order/cancel': () => ok({ order: orderOf({ status: 'cancelled' }) }),
      '/order/confirm': () => ok({ order: orderOf({ status: 'completed' }) }),
      '/order/review': () => ok(null),
      '/order/out_stock': () => page(),
      '/order/abnormal': () => page(),
    });
    const store = loggedInStore();
    const request = { source: 'cart' as const, type: 'domestic' as const, value_added: [] };
    await store.dispatch(orderApi.endpoints.orderPreview.initiate({ token: 'tok', language: 'zh_CN', request }));
    await store.dispatch(orderApi.endpoints.submitOrder.initiate({ ...request, address_id: 'A1', request_id: 'r1' }));
    await store.dispatch(orderApi.endpoints.lookupItem.initiate({ item_no: 'A1001' }));
    await store.dispatch(orderApi.endpoints.orders.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10, tab: 'shipped' }));
    await store.dispatch(orderApi.endpoints.orderDetail.initiate({ token: 'tok', language: 'zh_CN', order_no: 'JP1' }));
    await store.dispatch(orderApi.endpoints.payOrder.initiate({ order_no: 'JP1', method: 'wallet' }));
    await store.dispatch(orderApi.endpoints.cancelOrder.initiate({ order_no: 'JP1' }));
    await store.dispatch(orderApi.endpoints.confirmOrder.initiate({ order_no: 'JP1' }));
    await store.dispatch(orderApi.endpoints.reviewOrder.initiate({ order_no: 'JP1', rating: 5, content: '好' }));
    await store.dispatch(orderApi.endpoints.outStockNotices.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10 }));
    await store.dispatch(orderApi.endpoints.abnormalOrders.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10, status: 'open' }));
    // the first body each path was sent with (changes make the open lists and detail ask again)
    const first = (path: string) => calls.find((c) => c.path === `/order${path}`)?.body;
    expect(first('/preview')).toEqual(request);
    expect(first('/submit')).toEqual({ ...request, address_id: 'A1', request_id: 'r1' });
    expect(first('/item')).toEqual({ item_no: 'A1001' });
    expect(first('/lists')).toEqual({ page: 1, pagesize: 10, tab: 'shipped' });
    expect(first('/detail')).toEqual({ order_no: 'JP1' });
    expect(first('/pay')).toEqual({ order_no: 'JP1', method: 'wallet' });
    expect(first('/cancel')).toEqual({ order_no: 'JP1' });
    expect(first('/confirm')).toEqual({ order_no: 'JP1' });
    expect(first('/review')).toEqual({ order_no: 'JP1', rating: 5, content: '好' });
    expect(first('/out_stock')).toEqual({ page: 1, pagesize: 10 });
    expect(first('/abnormal')).toEqual({ page: 1, pagesize: 10, status: 'open' });
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('placing an order asks the cart and the lists again; paying and cancelling also the wallet; a refusal nothing', async () => {
    const calls = serve({
      '/cart/lists': () => ok({ groups: [], total_quantity: 0, selected_quantity: 0, selected_amount: '0.00' }),
      '/order/lists': () => page([], { counts: {} }),
      '/fund/index': () => ok({ balance: '1.00' }),
      '/order/submit': (body) =>
        body.request_id === 'bad' ? refused(422, '库存仅剩 1 件', { field: 'lines', sku: 'K2' }) : ok({ order: orderOf() }),
      '/order/pay': (body) => (body.method === 'qr' ? ok({ payment: { payment_id: 'P1' } }) : refused(422, '余额不足', { field: 'amount' })),
      '/order/cancel': () => ok({ order: orderOf({ status: 'cancelled' }) }),
    });
    const store = loggedInStore();
    const subs = [
      store.dispatch(cartApi.endpoints.cart.initiate({ token: 'tok', language: 'zh_CN' })),
      store.dispatch(orderApi.endpoints.orders.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10 })),
      store.dispatch(walletApi.endpoints.fundSummary.initiate({ token: 'tok' })),
    ];
    await Promise.all(subs);
    const request = { source: 'cart' as const, type: 'domestic' as const, address_id: 'A1' };

    const refusal = await store.dispatch(orderApi.endpoints.submitOrder.initiate({ ...request, request_id: 'bad' }));
    expect(refusal.error).toMatchObject({ status: 422, msg: '库存仅剩 1 件', data: { field: 'lines', sku: 'K2' } });
    expect(toast).not.toHaveBeenCalled(); // silent: the screen shows it
    await settle();
    expect([count(calls, '/cart/lists'), count(calls, '/order/lists')]).toEqual([1, 1]);

    await store.dispatch(orderApi.endpoints.submitOrder.initiate({ ...request, request_id: 'r1' }));
    await settle();
    expect([count(calls, '/cart/lists'), count(calls, '/order/lists'), count(calls, '/fund/index')]).toEqual([2, 2, 1]);

    // a refused wallet payment and a QR payment (not paid yet) change nothing
    await store.dispatch(orderApi.endpoints.payOrder.initiate({ order_no: 'JP1', method: 'wallet' }));
    await store.dispatch(orderApi.endpoints.payOrder.initiate({ order_no: 'JP1', method: 'qr' }));
    await settle();
    expect([count(calls, '/order/lists'), count(calls, '/fund/index')]).toEqual([2, 1]);

    await store.dispatch(orderApi.endpoints.cancelOrder.initiate({ order_no: 'JP1' }));
    await settle();
    expect([count(calls, '/order/lists'), count(calls, '/fund/index'), count(calls, '/cart/lists')]).toEqual([3, 2, 2]);
    for (const sub of subs) sub.unsubscribe();
  });

  it('a batch payment quotes its orders and pays the quoted total: a paid batch asks the lists and the wallet again, a refused one nothing', async () => {
    let short = true;
    const calls = serve({
      '/order/lists': () => page([], { counts: {} }),
      '/fund/index': () => ok({ balance: '1.00' }),
      '/order/pay_quote': () => ok({ orders: [], count: 2, total: 8000, balance: 10000, enough: true, message: 'm' }),
      '/order/pay_batch': () => (short ? refused(422, '余额不足') : ok({ paid: ['JP1', 'JP2'], count: 2, balance: 2000, message: '已支付 2 单' })),
    });
    const store = loggedInStore();
    const subs = [
      store.dispatch(orderApi.endpoints.orders.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10 })),
      store.dispatch(walletApi.endpoints.fundSummary.initiate({ token: 'tok' })),
    ];
    await Promise.all(subs);
    const quote = await store.dispatch(orderApi.endpoints.payQuote.initiate({ token: 'tok', language: 'zh_CN', request: { all: true, import_id: 'P1' } })).unwrap();
    expect(quote.total).toBe(8000);
    await store.dispatch(orderApi.endpoints.payQuote.initiate({ token: 'tok', language: 'zh_CN', request: { order_nos: ['JP1', 'JP2'] } }));
    const refusal = await store.dispatch(orderApi.endpoints.payBatch.initiate({ order_nos: ['JP1', 'JP2'], total: 8000 }));
    expect(refusal.error).toMatchObject({ status: 422, msg: '余额不足' });
    expect(toast).not.toHaveBeenCalled(); // silent: the dialog shows it
    await settle();
    expect([count(calls, '/order/lists'), count(calls, '/fund/index')]).toEqual([1, 1]);
    short = false;
    await store.dispatch(orderApi.endpoints.payBatch.initiate({ all: true, import_id: 'P1', total: 8000 }));
    await settle();
    expect([count(calls, '/order/lists'), count(calls, '/fund/index')]).toEqual([2, 2]);
    expect(calls.filter((c) => c.path.startsWith('/order/pay_')).map((c) => [c.path, c.body])).toEqual([
      ['/order/pay_quote', { all: true, import_id: 'P1' }],
      ['/order/pay_quote', { order_nos: ['JP1', 'JP2'] }],
      ['/order/pay_batch', { order_nos: ['JP1', 'JP2'], total: 8000 }],
      ['/order/pay_batch', { all: true, import_id: 'P1', total: 8000 }],
    ]);
    for (const sub of subs) sub.unsubscribe();
  });

  it('asks a list, a detail and the notices again in another language (their titles and colours are in it)', async () => {
    const calls = serve({
      '/order/lists': () => page([], { counts: {} }),
      '/order/detail': () => ok(orderOf()),
      '/order/out_stock': () => page(),
    });
    const store = loggedInStore();
    for (const language of ['zh_CN', 'en_US', 'zh_CN'] as const) {
      await store.dispatch(orderApi.endpoints.orders.initiate({ token: 'tok', language, page: 1, pagesize: 10 }));
      await store.dispatch(orderApi.endpoints.orderDetail.initiate({ token: 'tok', language, order_no: 'JP1' }));
      await store.dispatch(orderApi.endpoints.outStockNotices.initiate({ token: 'tok', language, page: 1, pagesize: 10 }));
    }
    // the third round is the first one's cache
    expect([count(calls, '/order/lists'), count(calls, '/order/detail'), count(calls, '/order/out_stock')]).toEqual([2, 2, 2]);
    expect(calls.find((c) => c.path === '/order/lists')?.body).toEqual({ page: 1, pagesize: 10 });
  });
});
