import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../lib/api-types';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { catalogApi } from './catalog-api';
import type { Scope } from './catalog-scope';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const user = { id: 'u1', username: 'u1', nickname: 'N', avatar: '', mobile: '13800138000', qq: '', email: '', token: 'tok' };
const scope: Scope = { language: 'zh_CN', areaSite: '', token: 'tok' };

const stall = {
  id: 's1', name: '档口', market: { id: 'm1', name: '市场' }, floor: '2F', number: 'A01', contact: '', wechat: '',
  category: { id: 'c1', name: '女装' }, follow_count: 5, ranking: 1, product_count: 10, logo: '', followed: false,
};
const product: ProductDetail = {
  id: 'p1', item_no: 'JP001', title: '连衣裙', price: '39.00', image: '/m.jpg', favorite_count: 3, views: 10, popularity: 1,
  sales: 2, shelf_at: 1795000000, hot: true, new: false, sea: false, category: { id: 'c1', name: '女装' }, images: ['/m.jpg'],
  details: [], colors: [], sizes: [], skus: [], favorited: false, stall,
};

const ok = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: 'ok', time: 1, data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers by path; counts the calls of each path. */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const calls: Record<string, number> = {};
  const fetchFn = vi.fn(async (input: Request) => {
    const path = new URL(input.url).pathname.replace('/jpmall/addons/unishop', '');
    calls[path] = (calls[path] ?? 0) + 1;
    const text = await input.text();
    const handler = routes[path];
    if (!handler) return new Response('not found', { status: 404 });
    return handler(text ? JSON.parse(text) : null);
  });
  vi.stubGlobal('fetch', fetchFn);
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  setIntl(makeIntl('zh_CN', zh));
  // fetchBaseQuery builds a Request from a relative path: give it the page's origin.
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://shop.test${input}` : input, init);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('catalogue cache', () => {
  it('a favourite patches the product screen in place (no second view) and refreshes the favourites count', async () => {
    let favorites = 0;
    const calls = serve({
      '/product/detail': () => ok(product),
      '/product/favorite': () => {
        favorites = 1;
        return ok({ favorited: true, favorite_count: 4 });
      },
      '/product/favorites': () => ok({ list: [], total: favorites, page: 1, pagesize: 1 }),
    });
    const store = makeStore();
    store.dispatch(loggedIn(user));
    const detail = store.dispatch(catalogApi.endpoints.productDetail.initiate({ scope, id: 'p1' }));
    const count = store.dispatch(catalogApi.endpoints.favorites.initiate({ scope, page: 1, pagesize: 1 }));
    await detail;
    await count;
    expect(catalogApi.endpoints.favorites.select({ scope, page: 1, pagesize: 1 })(store.getState()).data?.total).toBe(0);

    await store.dispatch(catalogApi.endpoints.favorite.initiate({ id: 'p1', favorited: true }));
    await settle();
    const patched = catalogApi.endpoints.productDetail.select({ scope, id: 'p1' })(store.getState()).data;
    expect(patched).toMatchObject({ favorited: true, favorite_count: 4 });
    expect(calls['/product/detail']).toBe(1);
    expect(calls['/product/favorites']).toBe(2);
    expect(catalogApi.endpoints.favorites.select({ scope, page: 1, pagesize: 1 })(store.getState()).data?.total).toBe(1);
    detail.unsubscribe();
    count.unsubscribe();
  });

  it('a follow patches the stall shown on the product screen and refreshes followed stalls', async () => {
    const calls = serve({
      '/product/detail': () => ok(product),
      '/shop/follow': () => ok({ followed: true, follow_count: 6 }),
      '/shop/shop_like': () => ok({ list: [], total: 0, page: 1, pagesize: 100 }),
    });
    const store = makeStore();
    store.dispatch(loggedIn(user));
    const detail = store.dispatch(catalogApi.endpoints.productDetail.initiate({ scope, id: 'p1' }));
    const follows = store.dispatch(catalogApi.endpoints.followedStalls.initiate({ scope, page: 1, pagesize: 100 }));
    await detail;
    await follows;
    await store.dispatch(catalogApi.endpoints.follow.initiate({ id: 's1', followed: true }));
    await settle();
    const patched = catalogApi.endpoints.productDetail.select({ scope, id: 'p1' })(store.getState()).data;
    expect(patched?.stall).toMatchObject({ followed: true, follow_count: 6 });
    expect(calls['/product/detail']).toBe(1);
    expect(calls['/shop/shop_like']).toBe(2);
    detail.unsubscribe();
    follows.unsubscribe();
  });

  it('a refused favourite (logged out) changes nothing', async () => {
    const calls = serve({
      '/product/detail': () => ok(product),
      '/product/favorite': () =>
        new Response(JSON.stringify({ code: 401, msg: 'login', time: 1, data: null }), { status: 401, headers: { 'content-type': 'application/json' } }),
    });
    const store = makeStore();
    const detail = store.dispatch(catalogApi.endpoints.productDetail.initiate({ scope: { ...scope, token: '' }, id: 'p1' }));
    await detail;
    const result = await store.dispatch(catalogApi.endpoints.favorite.initiate({ id: 'p1', favorited: true }));
    expect(result.error).toMatchObject({ status: 401 });
    await settle();
    expect(catalogApi.endpoints.productDetail.select({ scope: { ...scope, token: '' }, id: 'p1' })(store.getState()).data?.favorited).toBe(false);
    expect(calls['/product/detail']).toBe(1);
    detail.unsubscribe();
  });

  it('lists send their filters as the body, and followed stalls page through the query', async () => {
    const seen: unknown[] = [];
    serve({
      '/product/lists': (body) => {
        seen.push(body);
        return ok({ list: [], total: 0, page: 1, pagesize: 20 });
      },
    });
    const urls: string[] = [];
    const inner = globalThis.fetch as unknown as (r: Request) => Promise<Response>;
    vi.stubGlobal('fetch', async (r: Request) => {
      urls.push(r.url);
      return r.url.includes('shop_like') ? ok({ list: [], total: 0, page: 2, pagesize: 5 }) : inner(r);
    });
    const store = makeStore();
    store.dispatch(loggedIn(user));
    await store.dispatch(catalogApi.endpoints.productList.initiate({ scope, scene: 'hot', keyword: '衬衫', sort: 'popularity', page: 2, pagesize: 40 }));
    expect(seen).toEqual([{ scene: 'hot', keyword: '衬衫', sort: 'popularity', page: 2, pagesize: 40 }]);
    await store.dispatch(catalogApi.endpoints.followedStalls.initiate({ scope, page: 2, pagesize: 5 }));
    expect(urls.at(-1)).toBe('http://shop.test/jpmall/addons/unishop/shop/shop_like?page=2&pagesize=5');
  });
});
