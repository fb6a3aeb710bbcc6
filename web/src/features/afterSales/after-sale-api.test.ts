import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterSaleSharedApi } from '../../api/after-sale-api';
import { api } from '../../api/api';
import { walletApi } from '../../api/wallet-api';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { afterSaleApi } from './after-sale-api';
import { count, ok, optionsOf, refused, RETURN_ADDRESS, saleOf, serve, session, stubRequestOrigin } from './after-sale-test-kit';

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

/** An order list query of the orders feature, as the order screens hold it (the `Order` tag). */
const orderLists = api.injectEndpoints({
  endpoints: (build) => ({
    testOrders: build.query<unknown, { token: string }>({ query: () => ({ url: '/jpmall/addons/unishop/order/lists', method: 'POST', body: {} }), providesTags: ['Order'] }),
  }),
  overrideExisting: false,
});

describe('after-sale calls', () => {
  it('send the bodies of docs/api.md with the token header, never the token in the body; the return address is a GET', async () => {
    const calls = serve({
      '/aftersale/options': () => ok(optionsOf()),
      '/aftersale/apply': () => ok({ after_sale: saleOf() }),
      '/aftersale/lists': () => page([], { counts: { all: 0 } }),
      '/aftersale/detail': () => ok(saleOf()),
      '/aftersale/return': () => ok(saleOf({ status: 'return_in_transit' })),
      '/aftersale/cancel': () => ok(saleOf({ status: 'cancelled' })),
      '/home/refund_address': () => ok(RETURN_ADDRESS),
    });
    const store = loggedInStore();
    const apply = { order_no: 'JP1', kind: 'return_refund' as const, lines: [{ sku_id: 'K1', quantity: 1 }], reason: '质量问题', request_id: 'r1' };
    await store.dispatch(afterSaleSharedApi.endpoints.afterSaleOptions.initiate({ token: 'tok', language: 'zh_CN', order_no: 'JP1' }));
    await store.dispatch(afterSaleSharedApi.endpoints.applyAfterSale.initiate(apply));
    await store.dispatch(afterSaleSharedApi.endpoints.refundAddress.initiate({ token: 'tok' }));
    await store.dispatch(afterSaleApi.endpoints.afterSales.initiate({ token: 'tok', language: 'zh_CN', page: 2, pagesize: 20, status: 'awaiting_return', order_no: 'JP1' }));
    await store.dispatch(afterSaleApi.endpoints.afterSaleDetail.initiate({ token: 'tok', language: 'zh_CN', id: 'SH1' }));
    await store.dispatch(afterSaleApi.endpoints.submitReturn.initiate({ id: 'SH1', courier: 'zto', tracking_no: 'ZT1' }));
    await store.dispatch(afterSaleApi.endpoints.cancelAfterSale.initiate({ id: 'SH1' }));
    const first = (path: string) => calls.find((c) => c.path === path);
    expect(first('/aftersale/options')?.body).toEqual({ order_no: 'JP1' });
    expect(first('/aftersale/apply')?.body).toEqual(apply);
    expect(first('/aftersale/lists')?.body).toEqual({ page: 2, pagesize: 20, status: 'awaiting_return', order_no: 'JP1' });
    expect(first('/aftersale/detail')?.body).toEqual({ id: 'SH1' });
    expect(first('/aftersale/return')?.body).toEqual({ id: 'SH1', courier: 'zto', tracking_no: 'ZT1' });
    expect(first('/aftersale/cancel')?.body).toEqual({ id: 'SH1' });
    expect(first('/home/refund_address')?.method).toBe('GET');
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('applying asks the after-sales and the orders again; a refused one the options alone; the return the after-sales; cancelling both; none the wallet', async () => {
    let applies = 0;
    const calls = serve({
      '/aftersale/options': () => ok(optionsOf()),
      '/aftersale/lists': () => page([], { counts: {} }),
      '/order/lists': () => page([], { counts: {} }),
      '/fund/index': () => ok({ balance: '1.00' }),
      '/aftersale/apply': () => {
        applies += 1;
        return applies === 1 ? refused(422, 'A1001 最多可申请 1 件', { field: 'lines' }) : ok({ after_sale: saleOf() });
      },
      '/aftersale/return': () => refused(422, '请输入快递单号', { field: 'tracking_no' }),
      '/aftersale/cancel': () => ok(saleOf({ status: 'cancelled' })),
    });
    const store = loggedInStore();
    const subs = [
      store.dispatch(afterSaleSharedApi.endpoints.afterSaleOptions.initiate({ token: 'tok', language: 'zh_CN', order_no: 'JP1' })),
      store.dispatch(afterSaleApi.endpoints.afterSales.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10 })),
      store.dispatch(orderLists.endpoints.testOrders.initiate({ token: 'tok' })),
      store.dispatch(walletApi.endpoints.fundSummary.initiate({ token: 'tok' })),
    ];
    await Promise.all(subs);
    const counts = () => [count(calls, '/aftersale/options'), count(calls, '/aftersale/lists'), count(calls, '/order/lists'), count(calls, '/fund/index')];
    const apply = { order_no: 'JP1', kind: 'refund_only' as const, lines: [{ sku_id: 'K1', quantity: 2 }], reason: '质量问题', request_id: 'r1' };

    const refusal = await store.dispatch(afterSaleSharedApi.endpoints.applyAfterSale.initiate(apply));
    expect(refusal.error).toMatchObject({ status: 422, msg: 'A1001 最多可申请 1 件', data: { field: 'lines' } });
    expect(toast).not.toHaveBeenCalled(); // silent: the dialog shows it
    await settle();
    expect(counts()).toEqual([2, 1, 1, 1]);

    await store.dispatch(afterSaleSharedApi.endpoints.applyAfterSale.initiate(apply));
    await settle();
    expect(counts()).toEqual([3, 2, 2, 1]);

    // a refused return changes nothing and is not toasted (the form shows it)
    await store.dispatch(afterSaleApi.endpoints.submitReturn.initiate({ id: 'SH1', courier: 'zto', tracking_no: '' }));
    await settle();
    expect(counts()).toEqual([3, 2, 2, 1]);
    expect(toast).not.toHaveBeenCalled();

    await store.dispatch(afterSaleApi.endpoints.cancelAfterSale.initiate({ id: 'SH1' }));
    await settle();
    expect(counts()).toEqual([4, 3, 3, 1]);
    for (const sub of subs) sub.unsubscribe();
  });
});
