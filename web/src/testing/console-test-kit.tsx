/**
 * Test helpers of the console's tests: a fake server answering by path below /jpmall/admin (and
 * the site call) that records each call with its admin-token header, a staff member, and a render
 * of the console's routes with its own store, the catalogue and a MemoryRouter that shows where
 * it went, and the antd inputs the tests fill. Lives in testing/ so the console features' tests
 * can import it (features may not import app/); like testing/store.ts for the storefront, it is
 * the one way up to the console app (its routes and store). Imported by tests and test kits only.
 */
import { fireEvent, render, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { IntlShape } from 'react-intl';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Staff } from '../api/console-api';
import { consoleLoggedIn } from '../state/console-session';
import { ConsoleRoutes } from '../app/console/router';
import { makeConsoleStore } from '../app/console/store';

export { ok, refused, stubBrowserBits, stubRequestOrigin } from './screen-test-kit';

export const owner: Staff = {
  id: 's1',
  mobile: '13800138000',
  name: '王店主',
  role: 'owner',
  stall_ids: [],
  disabled: false,
  permissions: ['staff.manage', 'audit.read', 'orders.read', 'figures.read'],
  created_at: 1_700_000_000,
  last_login_at: null,
};

export interface ConsoleCall {
  /** Below /jpmall/admin ('/staff/me'), or the whole path of any other call. */
  path: string;
  method: string;
  body: Record<string, unknown>;
  adminToken: string | null;
  sellerToken: string | null;
  language: string | null;
}

/**
 * A call's body: the JSON sent; a multipart upload's fields, each file as `{name, size}`; a GET's
 * query parameters.
 */
async function bodyOf(input: Request, url: URL): Promise<Record<string, unknown>> {
  if (input.method === 'GET') return Object.fromEntries(url.searchParams);
  if ((input.headers.get('content-type') ?? '').includes('multipart')) {
    const form = await input.formData();
    return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : { name: (value as File).name, size: (value as File).size }]));
  }
  const text = await input.text();
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

export type ConsoleHandler = (body: Record<string, unknown>, call: ConsoleCall) => Response | Promise<Response>;

export function serveConsole(routes: Record<string, ConsoleHandler>): ConsoleCall[] {
  const calls: ConsoleCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const path = url.pathname.replace(/^\/jpmall\/admin/, '');
      const body = await bodyOf(input, url);
      const call = {
        path,
        method: input.method,
        body,
        adminToken: input.headers.get('admin-token'),
        sellerToken: input.headers.get('token'),
        language: input.headers.get('content-language'),
      };
      calls.push(call);
      const handler = routes[path];
      return handler ? handler(body, call) : new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The console's routes at `entry` (below /admin), logged in with `token` unless it is empty. */
export function renderConsole(entry: string, intl: IntlShape, { token = 'AT1' }: { token?: string } = {}) {
  const store = makeConsoleStore();
  if (token) store.dispatch(consoleLoggedIn(token));
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <ConfigProvider>
          <MemoryRouter initialEntries={[entry]}>
            <ConsoleRoutes />
            <Where />
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

/** The texts of every element of `selector`, in document order. */
export const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);

/** Types into the input of `selector` (the input itself or an antd wrapper around it). */
export function input(selector: string, value: string, root: ParentNode = document) {
  const element = root.querySelector<HTMLInputElement>(`${selector} input, input${selector}`);
  if (!element) throw new Error(`no input ${selector}`);
  fireEvent.change(element, { target: { value } });
}

/** Opens the antd Select of `selectClass` and picks the option showing `label`. */
export async function choose(selectClass: string, label: string, root: ParentNode = document) {
  const select = root.querySelector(`.${selectClass}`);
  if (!select) throw new Error(`no select .${selectClass}`);
  fireEvent.mouseDown(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`${label} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

/** Waits for the element and returns it. */
export async function shown<T extends Element = HTMLElement>(selector: string): Promise<T> {
  return waitFor(() => {
    const found = document.querySelector<T>(selector);
    if (!found) throw new Error(`${selector} not shown yet`);
    return found;
  });
}
