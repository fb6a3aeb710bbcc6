import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartApi } from '../../api/cart-api';
import { languageChanged, loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { bodiesOf, cartServer, count, refused, serve, session, stubRequestOrigin } from './cart-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const settle = () => new Promise((r) => setTimeout(r, 20));
const zhArgs = { token: 'tok', language: 'zh_CN' as const };
const enArgs = { token: 'tok', language: 'en_US' as const };

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

describe('cart calls', () => {
  it('send the bodies of docs/api.md with the token header', async () => {
    const { routes } = cartServer();
    const calls = serve(routes);
    const store = loggedInStore();
    const e = cartApi.endpoints;
    await store.dispatch(e.cart.initiate(zhArgs)).unwrap();
    await store.dispatch(e.addToCart.initiate({ sku_id: 'K1', quantity: 2 }));
    await store.dispatch(e.addToCart.initiate({ sku_id: 'K3', quantity: 1 }));
    await store.dispatch(e.changeCartQuantity.initiate({ sku_id: 'K1', quantity: 3 }));
    await store.dispatch(e.selectCartLines.initiate({ sku_ids: ['K1'], selected: false }));
    await store.dispatch(e.selectCartLines.initiate({ sku_ids: 'all', selected: true }));
    await store.dispatch(e.acceptCartPrices.initiate({ sku_ids: 'all' }));
    await store.dispatch(e.removeCartLines.initiate({ sku_ids: ['K3'] }));
    expect(calls.map(({ path, body }) => [path, body])).toEqual([
      ['/cart/lists', {}],
      ['/cart/add', { sku_id: 'K1', quantity: 2 }],
      ['/cart/add', { sku_id: 'K3', quantity: 1 }],
      ['/cart/change', { sku_id: 'K1', quantity: 3 }],
      ['/cart/select', { sku_ids: ['K1'], selected: false }],
      ['/cart/select', { sku_ids: 'all', selected: true }],
      ['/cart/accept_prices', { sku_ids: 'all' }],
      ['/cart/remove', { sku_ids: ['K3'] }],
    ]);
    expect(calls.every((c) => c.token === 'tok' && c.language === 'zh_CN')).toBe(true);
  });

  it('a change writes its answer (the whole cart) into the cached cart without asking again', async () => {
    const { routes } = cartServer();
    const calls = serve(routes);
    const store = loggedInStore();
    const sub = store.dispatch(cartApi.endpoints.cart.initiate(zhArgs));
    await sub;
    const cached = () => cartApi.endpoints.cart.select(zhArgs)(store.getState()).data;
    expect(cached()?.total_quantity).toBe(0);

    await store.dispatch(cartApi.endpoints.addToCart.initiate({ sku_id: 'K1', quantity: 2 }));
    await settle();
    expect(cached()?.total_quantity).toBe(2);
    expect(cached()?.selected_amount).toBe('99.80');
    expect(cached()?.groups.map((g) => [g.stall.name, g.items.map((i) => [i.sku_id, i.quantity, i.amount])])).toEqual([['一号档口', [['K1', 2, '99.80']]]]);

    await store.dispatch(cartApi.endpoints.changeCartQuantity.initiate({ sku_id: 'K1', quantity: 3 }));
    await store.dispatch(cartApi.endpoints.selectCartLines.initiate({ sku_ids: ['K1'], selected: false }));
    await settle();
    expect(cached()).toMatchObject({ total_quantity: 3, selected_quantity: 0, selected_amount: '0.00' });
    expect(count(calls, '/cart/lists')).toBe(1);
    sub.unsubscribe();
  });

  it('an add with nothing cached yet fills the cache the badge reads', async () => {
    const { routes } = cartServer();
    serve(routes);
    const store = loggedInStore();
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ sku_id: 'K2', quantity: 1 }));
    await settle();
    expect(cartApi.endpoints.cart.select(zhArgs)(store.getState()).data?.total_quantity).toBe(1);
  });

  it('a refusal that means the screen is out of date (422 stock, 404 gone) toasts the msg and asks again', async () => {
    const { routes } = cartServer([{ sku_id: 'K2', quantity: 2, selected: true }]);
    const calls = serve({ ...routes, '/cart/select': () => refused(500, '服务器错误') });
    const store = loggedInStore();
    const sub = store.dispatch(cartApi.endpoints.cart.initiate(zhArgs));
    await sub;

    const refusal = await store.dispatch(cartApi.endpoints.changeCartQuantity.initiate({ sku_id: 'K2', quantity: 4 }));
    expect(refusal.error).toMatchObject({ status: 422, msg: '库存仅剩 3 件', data: { field: 'quantity' } });
    expect(toast).toHaveBeenCalledWith('库存仅剩 3 件', 'error', undefined);
    await settle();
    expect(count(calls, '/cart/lists')).toBe(2);

    await store.dispatch(cartApi.endpoints.changeCartQuantity.initiate({ sku_id: 'K1', quantity: 1 }));
    await settle();
    expect(count(calls, '/cart/lists')).toBe(3);

    // a server error is no news about the cart: shown, not asked again
    await store.dispatch(cartApi.endpoints.selectCartLines.initiate({ sku_ids: ['K2'], selected: false }));
    await settle();
    expect(count(calls, '/cart/lists')).toBe(3);
    expect(bodiesOf(calls, '/cart/change')).toEqual([
      { sku_id: 'K2', quantity: 4 },
      { sku_id: 'K1', quantity: 1 },
    ]);
    sub.unsubscribe();
  });

  it('titles follow the language: a switch asks again, and a change drops the cart kept in the other language', async () => {
    const { routes } = cartServer([{ sku_id: 'K1', quantity: 1, selected: true }]);
    const calls = serve(routes);
    const store = loggedInStore();
    store.dispatch(languageChanged('en_US'));
    const en = store.dispatch(cartApi.endpoints.cart.initiate(enArgs));
    await en;
    expect(cartApi.endpoints.cart.select(enArgs)(store.getState()).data?.groups[0]?.items[0]?.title).toBe('Summer T-shirt');
    en.unsubscribe();

    store.dispatch(languageChanged('zh_CN'));
    const zhSub = store.dispatch(cartApi.endpoints.cart.initiate(zhArgs));
    await zhSub;
    expect(cartApi.endpoints.cart.select(zhArgs)(store.getState()).data?.groups[0]?.items[0]?.title).toBe('夏季T恤');
    expect(calls.filter((c) => c.path === '/cart/lists').map((c) => c.language)).toEqual(['en_US', 'zh_CN']);

    await store.dispatch(cartApi.endpoints.addToCart.initiate({ sku_id: 'K1', quantity: 1 }));
    await settle();
    expect(cartApi.endpoints.cart.select(zhArgs)(store.getState()).data?.total_quantity).toBe(2);
    // the English cart (one piece, now wrong) is not kept to be shown after a switch back
    expect(cartApi.endpoints.cart.select(enArgs)(store.getState()).data).toBeUndefined();
    zhSub.unsubscribe();
  });
});
