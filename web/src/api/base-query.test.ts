// @vitest-environment node
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../state/session-slice';
import { makeStore } from '../testing/store';
import en from '../i18n/en_US.json';
import zh from '../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../lib/i18n';
import { createBaseQuery } from './base-query';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const showLoginPrompt = vi.fn();
vi.mock('./login-prompt-view', () => ({ showLoginPrompt: (props: unknown) => showLoginPrompt(props) }));

const { resetLoginPrompt } = await import('./login-prompt');

const navigations: string[] = [];
const location = { pathname: '/personalData', search: '?site=s1', assign: (to: string) => navigations.push(to), replace: vi.fn() };
vi.stubGlobal('window', { location });
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
vi.stubGlobal('localStorage', new MemoryStorage());

const user = { id: 'u1', username: 'u1', nickname: 'N', avatar: '', mobile: '13800138000', qq: '', email: '', token: 'tok-1' };

function envelope(code: number, msg: string, data: unknown = null) {
  return { code, msg, time: 1795000000, data };
}

function respond(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
  });
}

function setup(fetchFn: typeof fetch, timeout?: number) {
  const store = makeStore();
  store.dispatch(loggedIn(user));
  const query = createBaseQuery({ baseUrl: 'http://test', fetchFn, ...(timeout ? { timeout } : {}) });
  const api = (): BaseQueryApi => ({
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  });
  return { store, call: (url = '/jpmall/x') => query(url, api(), {}) };
}

beforeEach(() => {
  toast.mockClear();
  showLoginPrompt.mockClear();
  navigations.length = 0;
  resetLoginPrompt();
  setIntl(makeIntl('zh_CN', zh));
});

describe('base query', () => {
  it('sends token, content-language and areasite and unwraps data on code 1', async () => {
    const fetchFn = vi.fn(async (request: Request) => {
      expect(request.headers.get('token')).toBe('tok-1');
      expect(request.headers.get('content-language')).toBe('zh_CN');
      expect(request.headers.get('areasite')).toBe('');
      return respond(200, envelope(1, 'ok', { a: 1 }));
    });
    const { call } = setup(fetchFn as unknown as typeof fetch);
    const result = await call();
    expect(result).toMatchObject({ data: { a: 1 } });
    expect(toast).not.toHaveBeenCalled();
  });

  it('code other than 1 fails with the msg as an error toast', async () => {
    const { call } = setup((async () => respond(200, envelope(0, '店铺不存在'))) as unknown as typeof fetch);
    const result = await call();
    expect(result.error).toMatchObject({ kind: 'code', code: 0, msg: '店铺不存在' });
    expect(toast).toHaveBeenCalledWith('店铺不存在', 'error', undefined);
  });

  it.each([
    [403, '拒绝访问'],
    [404, '请求错误，未找到该资源'],
    [500, '服务器错误'],
    [504, '服务器响应超时'],
  ])('HTTP %i without an envelope (a proxy, a crash) shows the spec message', async (status, text) => {
    const { call } = setup((async () => respond(status, '<html>Bad Gateway</html>')) as unknown as typeof fetch);
    const result = await call();
    expect(result.error).toMatchObject({ kind: 'http', status, msg: text });
    expect(toast).toHaveBeenCalledWith(text, 'error', undefined);
  });

  it('an enveloped refusal shows the server message, e.g. an unknown site', async () => {
    const { call } = setup((async () => respond(404, envelope(0, '店铺不存在'))) as unknown as typeof fetch);
    expect((await call()).error).toMatchObject({ kind: 'http', status: 404, code: 0, msg: '店铺不存在' });
    expect(toast).toHaveBeenCalledWith('店铺不存在', 'error', undefined);
  });

  it('other statuses show the server msg when there is one, else request error', async () => {
    const { call } = setup((async () => respond(422, envelope(0, '手机号或密码错误', { field: 'password' }))) as unknown as typeof fetch);
    expect((await call()).error).toMatchObject({ kind: 'http', status: 422, msg: '手机号或密码错误', data: { field: 'password' } });
    const other = setup((async () => respond(418, 'teapot')) as unknown as typeof fetch);
    expect((await other.call()).error).toMatchObject({ kind: 'http', status: 418, msg: '请求错误' });
    expect(toast).toHaveBeenLastCalledWith('请求错误', 'error', undefined);
  });

  it('no response: failed to connect to the server', async () => {
    const { call } = setup((async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    expect((await call()).error).toMatchObject({ kind: 'network', msg: '连接服务器失败' });
    expect(toast).toHaveBeenCalledWith('连接服务器失败', 'error', undefined);
  });

  it('timeout: server response timeout', async () => {
    const fetchFn = (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const { call } = setup(fetchFn as unknown as typeof fetch, 20);
    expect((await call()).error).toMatchObject({ kind: 'timeout', msg: '服务器响应超时' });
  });

  it('uses the language of the session for messages and the header', async () => {
    setIntl(makeIntl('en_US', { ...zh, ...en }));
    const { store, call } = setup((async (request: Request) => {
      expect(request.headers.get('content-language')).toBe('en_US');
      return respond(403, 'Forbidden');
    }) as unknown as typeof fetch);
    store.dispatch({ type: 'session/languageChanged', payload: 'en_US' });
    expect((await call()).error).toMatchObject({ msg: 'Access denied' });
  });

  it('several 401 answers log out once and show one login dialog', async () => {
    const { store, call } = setup((async () =>
      respond(401, envelope(401, '未登录或登录已过期，请重新登录'))) as unknown as typeof fetch);
    const results = await Promise.all([call('/a'), call('/b'), call('/c')]);
    for (const r of results) expect(r.error).toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(showLoginPrompt).toHaveBeenCalledTimes(1));
    expect(store.getState().session.token).toBe('');
    expect(store.getState().session.user).toBeNull();
    // toasts share one key, so they replace each other
    expect(toast).toHaveBeenCalledWith('未授权，请登录', 'error', 'unauthorized');
    const props = showLoginPrompt.mock.calls[0]![0] as { title: string; content: string; onOk: () => void; onCancel: () => void };
    expect(props.title).toBe('登录提示');
    expect(props.content).toBe('未登录或登录已过期，请重新登录');
    props.onOk();
    expect(navigations).toEqual(['/login?redirect=%2FpersonalData%3Fsite%3Ds1&site=']);
    // the dialog closed: a later 401 may show it again
    await call('/d');
    await vi.waitFor(() => expect(showLoginPrompt).toHaveBeenCalledTimes(2));
  });

  it('code 401 inside a 200 answer is handled the same way', async () => {
    const { store, call } = setup((async () => respond(200, envelope(401, '未登录或登录已过期，请重新登录'))) as unknown as typeof fetch);
    await Promise.all([call(), call()]);
    await vi.waitFor(() => expect(showLoginPrompt).toHaveBeenCalledTimes(1));
    expect(store.getState().session.token).toBe('');
  });
});
