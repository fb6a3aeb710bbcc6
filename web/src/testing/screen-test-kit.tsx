/**
 * The plumbing every screen and API test kit shares: a signed-in session, the server's envelopes,
 * a fake fetch answering by path below /jpmall/addons/unishop that records every call (method,
 * JSON body or a multipart upload's file, token and language headers), the stubs jsdom needs,
 * call counters, and render helpers (store, intl, antd, a MemoryRouter; logged in or out, extra
 * routes, something beside the routes) that show where the screen went. Lives in testing/ so
 * every feature's kit can import it (features may not import app/). Imported by tests and test
 * kits only.
 */
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '../lib/api-types';
import { loggedIn } from '../state/session-slice';
import { makeStore } from './store';

export const session: SessionUser = { id: 'u1', username: 'u1', nickname: 'N', avatar: '', mobile: '13800138000', qq: '', email: '', token: 'tok' };

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 1, msg: 'ok', time: 1, data }), { status: 200, headers: { 'content-type': 'application/json' } });

export const refused = (status: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ code: 0, msg, time: 1, data }), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  /** Below /jpmall/addons/unishop (or /addons/unishop), or below `under` if serve was given one: '/order/preview'. */
  path: string;
  method: string;
  /**
   * The JSON body; `{file: name, size}` of a multipart upload's `file` (jsdom's File arrives named
   * 'blob'); `{}` for no body or any other kind.
   */
  body: Record<string, unknown>;
  token: string | null;
  /** The content-language header. */
  language: string | null;
}

export type Handler = (body: Record<string, unknown>, call: Call) => Response | Promise<Response>;

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const text = await request.text();
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  }
  if (type.includes('multipart')) {
    const file = (await request.formData()).get('file');
    return file && typeof file !== 'string' ? { file: (file as File).name, size: (file as File).size } : { file };
  }
  return {};
}

/**
 * Answers by path below /jpmall/addons/unishop (a 404 for a path without a route); returns every
 * call made, in order. With `under` ('/fund') the paths are below that module ('/index' is
 * fund/index), and a call outside it keeps its whole path, so it never meets a route.
 */
export function serve(routes: Record<string, Handler>, { under = '' }: { under?: string } = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const whole = new URL(input.url).pathname;
      const below = whole.replace(/^\/jpmall/, '').replace('/addons/unishop', '');
      const path = !under ? below : below.startsWith(`${under}/`) ? below.slice(under.length) : whole;
      const body = await bodyOf(input);
      const call = { path, method: input.method, body, token: input.headers.get('token'), language: input.headers.get('content-language') };
      calls.push(call);
      const handler = routes[path];
      return handler ? handler(body, call) : new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

/** fetchBaseQuery builds a Request from a relative path: give it an origin. */
export function stubRequestOrigin(): void {
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://shop.test${input}` : input, init);
      }
    },
  );
}

/** antd's responsive helpers and popups need what jsdom lacks. */
export function stubBrowserBits(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // jsdom has no object URLs: a fetched file (a label) is shown from a made-up one
  let made = 0;
  URL.createObjectURL ??= () => `blob:test/${(made += 1)}`;
  URL.revokeObjectURL ??= () => undefined;
}

export const count = (calls: Call[], path: string) => calls.filter((c) => c.path === path).length;
export const bodiesOf = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
export const lastBody = (calls: Call[], path: string) => bodiesOf(calls, path).at(-1);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** Who is logged in; null renders logged out. Default `session`. */
  loggedInAs?: SessionUser | null;
  /** Rendered beside the routes on the same store and router (say the nav). */
  around?: ReactNode;
  /** More screens by path, for where the screen goes (`{'/saleDetail': <SaleDetailScreen />}`). */
  routes?: Record<string, ReactNode>;
}

/**
 * Renders screens by route (`{'/saleList': <SaleListScreen />}`) at `entry` with a store, the
 * catalogue and antd, and `around` beside them; shows where it went (`data-testid="where"`).
 * Other paths render nothing. `options` null is short for `{ loggedInAs: null }`.
 */
export function renderRoutes(entry: string, screens: Record<string, ReactNode>, intl: IntlShape, options: RenderOptions | null = {}) {
  const { loggedInAs = session, around = null } = options ?? { loggedInAs: null };
  const store = makeStore();
  if (loggedInAs) store.dispatch(loggedIn(loggedInAs));
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <ConfigProvider>
          <MemoryRouter initialEntries={[entry]}>
            {around}
            <Routes>
              {Object.entries(screens).map(([path, screen]) => (
                <Route key={path} path={path} element={screen} />
              ))}
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

/** Renders `screen` at `entry` (its path is the route), with `options.routes` beside it; see renderRoutes. */
export const renderAt = (entry: string, screen: ReactNode, intl: IntlShape, options: RenderOptions | null = {}) =>
  renderRoutes(entry, { ...options?.routes, [entry.split('?')[0]!]: screen }, intl, options);
