import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { forwardApi } from './forward-api';
import { count, DEFAULTS, forwardServer, serve, session, stubRequestOrigin } from './forward-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const settle = () => new Promise((r) => setTimeout(r, 20));

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

const saved = { sender_name: '小王', sender_phone: '13900001111', courier: 'sf', qc_level: 'advanced', shipping_priority: 'split', remark_template: '不要放发票' };

describe('drop-shipping settings calls', () => {
  it('send the bodies of docs/api.md with the token header', async () => {
    const { routes } = forwardServer();
    const calls = serve(routes);
    const store = loggedInStore();
    const settings = await store.dispatch(forwardApi.endpoints.forwardSettings.initiate({ token: 'tok' })).unwrap();
    expect(settings).toMatchObject(DEFAULTS);
    await store.dispatch(forwardApi.endpoints.saveForwardSettings.initiate(saved));
    expect(calls.map(({ path, body }) => [path, body])).toEqual([
      ['/settings', {}],
      ['/save', saved],
    ]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('a save asks for the settings again; a refused one does not and is not toasted by the base query', async () => {
    const { routes } = forwardServer();
    const calls = serve(routes);
    const store = loggedInStore();
    const sub = store.dispatch(forwardApi.endpoints.forwardSettings.initiate({ token: 'tok' }));
    await sub;

    const refusal = await store.dispatch(forwardApi.endpoints.saveForwardSettings.initiate({ ...saved, sender_phone: '123' }));
    expect(refusal.error).toMatchObject({ status: 422, msg: '手机号码格式不正确', data: { field: 'sender_phone' } });
    expect(toast).not.toHaveBeenCalled();
    await settle();
    expect(count(calls, '/settings')).toBe(1);

    await store.dispatch(forwardApi.endpoints.saveForwardSettings.initiate(saved));
    await settle();
    expect(count(calls, '/settings')).toBe(2);
    expect(forwardApi.endpoints.forwardSettings.select({ token: 'tok' })(store.getState()).data).toMatchObject(saved);
    sub.unsubscribe();
  });

  it('the shop exchange rates: listed, saved as a whole set (asked again), a refused save silent and asking nothing', async () => {
    const { routes } = forwardServer();
    const calls = serve(routes);
    const store = loggedInStore();
    const sub = store.dispatch(forwardApi.endpoints.platformRates.initiate({ token: 'tok' }));
    expect((await sub).data).toEqual({ rates: [] });
    const saved = await store.dispatch(forwardApi.endpoints.savePlatformRates.initiate({ rates: [{ platform: 'lazada', currency: 'myr', rate: '1.53' }] })).unwrap();
    expect(saved.rates).toEqual([{ platform: 'lazada', currency: 'MYR', rate: '1.5300', micro_cny: 1530000 }]);
    await settle();
    expect(count(calls, '/platform_rates')).toBe(2);
    const refusal = await store.dispatch(forwardApi.endpoints.savePlatformRates.initiate({ rates: [{ platform: 'lazada', currency: 'MYR', rate: '0' }] }));
    expect(refusal.error).toMatchObject({ status: 422, data: { field: 'rate' } });
    expect(toast).not.toHaveBeenCalled();
    await settle();
    expect(count(calls, '/platform_rates')).toBe(2);
    expect(calls.filter((c) => c.path.startsWith('/platform_rates')).map((c) => [c.path, c.body])).toEqual([
      ['/platform_rates', {}],
      ['/platform_rates/save', { rates: [{ platform: 'lazada', currency: 'myr', rate: '1.53' }] }],
      ['/platform_rates', {}],
      ['/platform_rates/save', { rates: [{ platform: 'lazada', currency: 'MYR', rate: '0' }] }],
    ]);
    sub.unsubscribe();
  });
});
