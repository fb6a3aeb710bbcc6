import { cleanup, render, waitFor } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import NotFoundScreen from './not-found-screen';
import { PageTitle } from './page-title';
import { RootShell } from './root-shell';
import { count, ok, refused, serve, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';
import { SiteBrand } from '../../widgets/site-brand';
import { makeStore } from './store';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);

beforeAll(stubBrowserBits);
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

function Layout() {
  return (
    <div className="site-layout">
      <SiteBrand />
      <Outlet />
    </div>
  );
}

function renderShell(path: string) {
  render(
    <Provider store={makeStore()}>
      <RawIntlProvider value={intl}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<RootShell />}>
              {/* as in the app, the 404 screen is outside the site layout: its title mounts anew */}
              <Route element={<Layout />}>
                <Route path="/" element={<PageTitle id="route.home" />} />
              </Route>
              <Route
                path="/404"
                element={
                  <PageTitle id="route.notFound">
                    <NotFoundScreen />
                  </PageTitle>
                }
              />
            </Route>
          </Routes>
        </MemoryRouter>
      </RawIntlProvider>
    </Provider>,
  );
}

describe('an unknown site', () => {
  it('is asked once and toasted once, then the 404 screen shows', async () => {
    const calls = serve({
      '/index/site': () => refused(404, '店铺不存在'),
      '/areaSite/getAreaSites': () => ok([]),
    });
    renderShell('/?site=nosuch');
    await waitFor(() => expect(document.title).toBe('页面不存在'));
    expect(document.querySelector('.not-found')).toBeTruthy();
    // whatever mounts after the answer reads it instead of asking again
    await new Promise((r) => setTimeout(r, 100));
    expect(count(calls, '/index/site')).toBe(1);
    expect(toast.mock.calls.filter(([text]) => text === '店铺不存在')).toHaveLength(1);
  });

  it('a known site is asked once for every part that shows it', async () => {
    const calls = serve({
      '/index/site': () => ok({ name: '义乌好货', logo: '' }),
      '/areaSite/getAreaSites': () => ok([]),
    });
    renderShell('/?site=s1');
    await waitFor(() => expect(document.title).toBe('爆款货源网 - 义乌好货'));
    expect(document.querySelector('.site-name')?.textContent).toBe('义乌好货');
    expect(count(calls, '/index/site')).toBe(1);
    expect(toast).not.toHaveBeenCalled();
  });
});
