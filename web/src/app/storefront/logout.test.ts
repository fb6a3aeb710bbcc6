import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../features/auth/auth-api';
import { messageApi } from '../../features/messages/message-api';
import { orderApi } from '../../features/orders/order-api';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { count, ok, refused, serve, session, stubRequestOrigin, type Handler } from '../../testing/screen-test-kit';
import { loggedIn, loggedOut } from '../../state/session-slice';
import { makeStore } from './store';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const openLoginPrompt = vi.fn();
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => openLoginPrompt() }));

beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  openLoginPrompt.mockClear();
  setIntl(makeIntl('zh_CN', zh));
  stubRequestOrigin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const settle = () => new Promise((r) => setTimeout(r, 50));

/** A server that drops the token on logout: later calls with it answer 401, as jpmall does. */
function server(extra: Record<string, Handler> = {}) {
  const live = new Set([session.token]);
  const authed =
    (answer: () => Response): Handler =>
    (_body, call) =>
      call.token && live.has(call.token) ? answer() : refused(401, '未登录或登录已过期，请重新登录');
  return serve({
    '/message/unread_count': authed(() => ok({ unread: 3 })),
    '/user/logout': (_body, call) => {
      if (call.token) live.delete(call.token);
      return ok(null);
    },
    ...extra,
  });
}

function loggedInStore() {
  const store = makeStore();
  store.dispatch(loggedIn(session));
  return store;
}

describe('logging out', () => {
  it('is not an expired login: no 401 toast, no login dialog, nothing asked with the old token', async () => {
    const calls = server({ '/order/cancel': () => ok({ order: {} }) });
    const store = loggedInStore();
    // the layout's unread badge, subscribed while logged in
    const badge = store.dispatch(messageApi.endpoints.unreadMessageCount.initiate({ token: session.token }));
    await badge;
    expect(count(calls, '/message/unread_count')).toBe(1);

    await store.dispatch(authApi.endpoints.logout.initiate(session.token));
    await settle();

    const logout = calls.find((c) => c.path === '/user/logout');
    expect(logout?.token).toBe(session.token);
    expect(store.getState().session.token).toBe('');
    expect(count(calls, '/message/unread_count')).toBe(1);
    expect(toast).not.toHaveBeenCalled();
    expect(openLoginPrompt).not.toHaveBeenCalled();
    // the old session's answers are gone from the cache
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
    badge.unsubscribe();
  });

  it('a query made for a session that has ended is not sent', async () => {
    const calls = server();
    const store = loggedInStore();
    const badge = store.dispatch(messageApi.endpoints.unreadMessageCount.initiate({ token: session.token }));
    await badge;
    store.dispatch(loggedOut());
    // a poll or an invalidation before the badge has let go of the old session
    store.dispatch(messageApi.util.invalidateTags(['Message']));
    await settle();
    expect(count(calls, '/message/unread_count')).toBe(1);
    expect(toast).not.toHaveBeenCalled();
    expect(openLoginPrompt).not.toHaveBeenCalled();
    badge.unsubscribe();
  });

  it('a 401 answered to a call sent with a token that has been logged out since is ignored', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = serve({
      '/order/cancel': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const store = loggedInStore();
    const cancel = store.dispatch(orderApi.endpoints.cancelOrder.initiate({ order_no: 'JP1', reason: 'x' }));
    await vi.waitFor(() => expect(count(calls, '/order/cancel')).toBe(1));
    store.dispatch(loggedIn({ ...session, token: 'tok-2' }));
    answer(refused(401, '未登录或登录已过期，请重新登录'));
    const result = await cancel;
    expect('error' in result && result.error).toMatchObject({ kind: 'stale' });
    expect(store.getState().session.token).toBe('tok-2');
    expect(toast).not.toHaveBeenCalled();
    expect(openLoginPrompt).not.toHaveBeenCalled();
  });

  it('a 401 to the current session is still an expired login', async () => {
    server();
    const store = loggedInStore();
    store.dispatch(loggedIn({ ...session, token: 'expired' }));
    await store.dispatch(messageApi.endpoints.unreadMessageCount.initiate({ token: 'expired' }));
    expect(store.getState().session.token).toBe('');
    expect(toast).toHaveBeenCalledWith('未授权，请登录', 'error', 'unauthorized');
    expect(openLoginPrompt).toHaveBeenCalledTimes(1);
  });
});
