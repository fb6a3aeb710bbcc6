import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { addressApi } from './address-api';
import { address, addressBook, count, refused, serve, session, stubRequestOrigin } from './address-test-kit';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(() => {
  localStorage.clear();
  setIntl(makeIntl('zh_CN', zh));
  stubRequestOrigin();
});
afterEach(() => vi.unstubAllGlobals());

function loggedInStore() {
  const store = makeStore();
  store.dispatch(loggedIn(session));
  return store;
}

const body = {
  recipient: '李四',
  phone: '13900001111',
  province: '广东省',
  city: '广州市',
  district: '白云区',
  detail: '三元里大道 1 号',
  is_default: false,
};

describe('address calls', () => {
  it('send the bodies of docs/api.md with the token header, never the token in the body', async () => {
    const { routes } = addressBook([address('A1', { is_default: true })]);
    const calls = serve(routes);
    const store = loggedInStore();
    await store.dispatch(addressApi.endpoints.areaChildren.initiate({ pid: '' }));
    await store.dispatch(addressApi.endpoints.areaChildren.initiate({ pid: '44' }));
    const list = store.dispatch(addressApi.endpoints.addresses.initiate({ token: 'tok' }));
    await list;
    list.unsubscribe(); // no refetches among the calls below
    await store.dispatch(addressApi.endpoints.addAddress.initiate(body));
    await store.dispatch(addressApi.endpoints.editAddress.initiate({ id: 'A1', ...body, is_default: true, is_favorite: true }));
    await store.dispatch(addressApi.endpoints.setDefaultAddress.initiate({ id: 'A101' }));
    await store.dispatch(addressApi.endpoints.favoriteAddress.initiate({ id: 'A101', favorite: true }));
    await store.dispatch(addressApi.endpoints.favoriteAddress.initiate({ id: 'A101', favorite: false }));
    await store.dispatch(addressApi.endpoints.deleteAddress.initiate({ id: 'A1' }));
    expect(calls.map(({ path, body: sent }) => [path, sent])).toEqual([
      ['/area', { pid: '' }],
      ['/area', { pid: '44' }],
      ['/lists', {}],
      ['/add', body],
      ['/edit', { id: 'A1', ...body, is_default: true, is_favorite: true }],
      ['/set_default', { id: 'A101' }],
      ['/favorite', { id: 'A101', favorite: true }],
      ['/favorite', { id: 'A101', favorite: false }],
      ['/delete', { id: 'A1' }],
    ]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('every change asks the list again; a refused one does not', async () => {
    const { routes } = addressBook([address('A1', { is_default: true })]);
    const calls = serve({
      ...routes,
      '/add': (sent) => (sent.detail === '' ? refused(422, '请输入详细地址', { field: 'detail' }) : routes['/add']!(sent)),
    });
    const store = loggedInStore();
    const sub = store.dispatch(addressApi.endpoints.addresses.initiate({ token: 'tok' }));
    await sub;
    expect(count(calls, '/lists')).toBe(1);

    const refusal = await store.dispatch(addressApi.endpoints.addAddress.initiate({ ...body, detail: '' }));
    expect(refusal.error).toMatchObject({ status: 422, msg: '请输入详细地址', data: { field: 'detail' } });
    await settle();
    expect(count(calls, '/lists')).toBe(1);

    const changes = [
      () => store.dispatch(addressApi.endpoints.addAddress.initiate(body)),
      () => store.dispatch(addressApi.endpoints.editAddress.initiate({ id: 'A1', ...body, recipient: '王五', is_favorite: false })),
      () => store.dispatch(addressApi.endpoints.setDefaultAddress.initiate({ id: 'A101' })),
      () => store.dispatch(addressApi.endpoints.favoriteAddress.initiate({ id: 'A1', favorite: true })),
      () => store.dispatch(addressApi.endpoints.deleteAddress.initiate({ id: 'A1' })), // answers data null
    ];
    for (const [i, change] of changes.entries()) {
      await change();
      await settle();
      expect(count(calls, '/lists'), `after change ${i}`).toBe(i + 2);
    }
    const list = addressApi.endpoints.addresses.select({ token: 'tok' })(store.getState()).data;
    expect(list?.map((a) => [a.id, a.is_default])).toEqual([['A101', true]]);
    sub.unsubscribe();
  });

  it('the divisions are asked once per parent code', async () => {
    const { routes } = addressBook();
    const calls = serve(routes);
    const store = loggedInStore();
    await store.dispatch(addressApi.endpoints.areaChildren.initiate({ pid: '44' }));
    const again = await store.dispatch(addressApi.endpoints.areaChildren.initiate({ pid: '44' }));
    expect(again.data?.map((a) => a.name)).toEqual(['广州市', '深圳市']);
    expect(count(calls, '/area')).toBe(1);
  });
});
