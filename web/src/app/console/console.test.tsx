import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import JSEncrypt from 'jsencrypt';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { loadLocaleBundleFrom } from '../../lib/locale';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { consoleLoggedIn } from '../../state/console-session';
import { CONSOLE_CATALOGUES } from './catalogues';
import { ConsoleProviders } from './console-providers';
import { ConsoleRoutes } from './router';
import { makeConsoleStore } from './store';
import { owner, ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { CONSOLE_SCREENS, screensFor } from './menu';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
const SOON = { timeout: 20_000 };

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const where = () => screen.getByTestId('where').textContent;
const menuTexts = () => [...document.querySelectorAll('.console-menu .ant-menu-item')].map((e) => e.textContent);

describe('console menu', () => {
  it('lists only the screens the permissions allow', () => {
    expect(screensFor([]).map((s) => s.path)).toEqual(['/']);
    expect(screensFor(['audit.read', 'orders.read']).map((s) => s.path)).toEqual(['/', '/waves', '/waves/:id', '/shipping', '/abnormal', '/audit']);
    expect(screensFor(['staff.manage', 'audit.read']).map((s) => s.path)).toEqual(['/', '/staff', '/audit']);
    // every screen has a title in the catalogue
    for (const s of CONSOLE_SCREENS) expect(zh).toHaveProperty([s.title]);
  });

  it('shows the staff member the menu of their permissions, their name and role', async () => {
    serveConsole({
      '/staff/me': () => ok({ ...owner, name: '小客服', role: 'service', permissions: ['audit.read'] }),
      '/dashboard': () => ok({ aftersales_to_review: 3 }),
    });
    renderConsole('/', intl);
    await waitFor(() => expect(menuTexts()).toEqual(['首页', '操作日志']), SOON);
    expect(document.querySelector('.console-staff-name')?.textContent).toBe('小客服');
    expect(document.querySelector('.console-staff-role')?.textContent).toBe('客服');
    // only the fields the dashboard answered
    await waitFor(() => expect([...document.querySelectorAll('.console-waiting')].map((e) => e.getAttribute('data-field'))).toEqual(['aftersales_to_review']));
  });

  it('refuses a screen the permissions do not allow', async () => {
    serveConsole({ '/staff/me': () => ok({ ...owner, permissions: ['audit.read'] }) });
    renderConsole('/staff', intl);
    await waitFor(() => expect(document.querySelector('.console-forbidden')).not.toBeNull(), SOON);
    expect(document.querySelector('.console-staff-table')).toBeNull();
  });
});

describe('console login', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

  it('sends the password RSA-encrypted with the site key, stores the admin token apart and opens the console', async () => {
    localStorage.setItem('token', 'seller-token');
    const calls = serveConsole({
      '/jpmall/addons/unishop/index/site': () => ok({ rsa_public_key: publicKey }),
      '/staff/login': () => ok({ token: 'AT9', staff: owner }),
      '/dashboard': () => ok({ orders_to_ship: 2 }),
    });
    renderConsole('/login', intl, { token: '' });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/index/site'))).toBe(true), SOON);
    fireEvent.change(document.querySelector('.console-login-mobile')!, { target: { value: '13800138000' } });
    fireEvent.change(document.querySelector('.console-login-password input, input.console-login-password')!, { target: { value: 'abc123' } });
    fireEvent.submit(document.querySelector('.console-login-form')!);

    await waitFor(() => expect(where()).toBe('/'), SOON);
    const login = calls.find((c) => c.path === '/staff/login')!;
    expect(login.method).toBe('POST');
    expect(login.body.mobile).toBe('13800138000');
    const cipher = login.body.password as string;
    expect(cipher).not.toBe('abc123');
    const decryptor = new JSEncrypt();
    decryptor.setPrivateKey(privateKey);
    expect(decryptor.decrypt(cipher)).toBe('abc123');
    expect(localStorage.getItem('adminToken')).toBe('AT9');
    expect(localStorage.getItem('token')).toBe('seller-token');
    // the console asks with the admin token, never the seller's
    await waitFor(() => expect(calls.find((c) => c.path === '/dashboard')?.adminToken).toBe('AT9'));
    expect(calls.every((c) => c.sellerToken === null)).toBe(true);
    // the answer's staff is who is logged in: no second look-up
    expect(calls.filter((c) => c.path === '/staff/me')).toHaveLength(0);
    await waitFor(() => expect(document.querySelector('.console-staff-name')?.textContent).toBe(owner.name));
  });

  it('goes to the login without a session', async () => {
    serveConsole({ '/jpmall/addons/unishop/index/site': () => ok({ rsa_public_key: publicKey }) });
    renderConsole('/audit', intl, { token: '' });
    await waitFor(() => expect(where()).toBe('/login'), SOON);
  });
});

describe('console session', () => {
  it('a 401 ends the admin session and goes to the login', async () => {
    const calls = serveConsole({
      '/staff/me': () => ok(owner),
      '/audit': () => refused(401, '登录已过期'),
      '/jpmall/addons/unishop/index/site': () => ok({ rsa_public_key: 'k' }),
    });
    const store = renderConsole('/audit', intl, { token: 'AT1' });
    expect(localStorage.getItem('adminToken')).toBe('AT1');
    await waitFor(() => expect(where()).toBe('/login'), SOON);
    expect(calls.find((c) => c.path === '/audit')?.adminToken).toBe('AT1');
    expect(store.getState().console.token).toBe('');
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(toast).toHaveBeenCalledWith('登录已过期', 'error', 'unauthorized');
  });

  it("a 403 shows the server's message and keeps the session", async () => {
    serveConsole({
      '/staff/me': () => ok(owner),
      '/staff/list': () => refused(403, '没有权限：staff.manage'),
    });
    const store = renderConsole('/staff', intl, { token: 'AT1' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('没有权限：staff.manage', 'error', undefined), SOON);
    expect(store.getState().console.token).toBe('AT1');
    expect(where()).toBe('/staff');
  });
});

describe('console language', () => {
  it('switches between Chinese and English with its whole catalogue, and asks in the new language', async () => {
    const calls = serveConsole({
      '/staff/me': () => ok(owner),
      '/dashboard': () => ok({ orders_to_ship: 1 }),
      '/audit': () => ok({ list: [], total: 0 }),
    });
    const store = makeConsoleStore();
    store.dispatch(consoleLoggedIn('AT1'));
    const bundle = await loadLocaleBundleFrom(CONSOLE_CATALOGUES, 'zh_CN');
    render(
      <Provider store={store}>
        <ConsoleProviders initial={bundle}>
          <MemoryRouter initialEntries={['/']}>
            <ConsoleRoutes />
          </MemoryRouter>
        </ConsoleProviders>
      </Provider>,
    );
    await waitFor(() => expect(menuTexts()).toEqual(['首页', '拿货波次', '发货', '异常与缺货', '员工管理', '操作日志']), SOON);
    expect(document.querySelector('.console-staff-role')?.textContent).toBe('店主');
    fireEvent.click(document.querySelector('.console-header [data-language="en_US"]')!);
    await waitFor(() => expect(menuTexts()).toEqual(['Home', 'Pick waves', 'Shipping', 'Abnormal & shortages', 'Staff', 'Audit trail']), SOON);
    expect(document.querySelector('.console-staff-role')?.textContent).toBe('Owner');
    expect(localStorage.getItem('language')).toBe('en_US');
    // the title follows in an effect after the switch
    await waitFor(() => expect(document.title).toBe('jpmall staff console'));
    expect(calls.find((c) => c.path === '/staff/me')?.language).toBe('zh_CN');
    fireEvent.click([...document.querySelectorAll('.console-menu .ant-menu-item')].find((e) => e.textContent === 'Audit trail')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/audit')?.language).toBe('en_US'), SOON);
  });
});
