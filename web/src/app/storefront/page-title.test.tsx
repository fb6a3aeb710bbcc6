import { act, cleanup, render, waitFor } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { LoginTitle } from './page-title';
import { ok, serve, stubRequestOrigin } from '../../testing/screen-test-kit';
import { makeStore } from './store';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));

beforeEach(() => {
  localStorage.clear();
  stubRequestOrigin();
  serve({ '/index/site': () => ok({ name: '义乌好货' }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin(path: string, messages: Record<string, string>, locale: 'zh_CN' | 'en_US') {
  const intl = makeIntl(locale, messages);
  setIntl(intl);
  render(
    <Provider store={makeStore()}>
      <RawIntlProvider value={intl}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/login"
              element={
                <LoginTitle>
                  <Link to="/login?mode=forgot&site=" className="to-forgot">
                    forgot
                  </Link>
                </LoginTitle>
              }
            />
          </Routes>
        </MemoryRouter>
      </RawIntlProvider>
    </Provider>,
  );
}

describe('the /login page title', () => {
  it.each([
    ['/login?site=', '登录'],
    ['/login?mode=register&site=', '注册'],
    ['/login?mode=forgot&site=', '忘记密码'],
    ['/login?mode=setPassword&site=', '设置新密码'],
    ['/login?mode=nonsense&site=', '登录'],
  ])('%s is titled %s, with the site name', async (path, title) => {
    renderLogin(path, zh, 'zh_CN');
    await waitFor(() => expect(document.title).toBe(`${title} - 义乌好货`));
  });

  it('follows a switch of panel, in English too', async () => {
    renderLogin('/login?site=', { ...zh, ...en }, 'en_US');
    await waitFor(() => expect(document.title).toBe('Log in - 义乌好货'));
    act(() => document.querySelector<HTMLAnchorElement>('.to-forgot')!.click());
    await waitFor(() => expect(document.title).toBe('Forgot password - 义乌好货'));
  });
});
