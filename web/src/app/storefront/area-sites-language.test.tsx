import { act, cleanup, render, waitFor } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { languageChanged } from '../../state/session-slice';
import { RootShell } from './root-shell';
import { count, ok, serve, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';
import { makeStore } from './store';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));

const intl = makeIntl('zh_CN', zh);

beforeAll(stubBrowserBits);
beforeEach(() => {
  localStorage.clear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('the area sites follow the language, also back to one asked before (answered from the cache)', async () => {
  const calls = serve({
    '/index/site': () => ok({ site: '', title: 'jpmall' }),
    '/areaSite/getAreaSites': (_body, call) => ok([{ id: 'cn', name: call.language === 'en_US' ? 'China' : '中国站' }]),
  });
  const store = makeStore();
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <MemoryRouter initialEntries={['/?site=']}>
          <Routes>
            <Route element={<RootShell />}>
              <Route path="/" element={null} />
            </Route>
          </Routes>
        </MemoryRouter>
      </RawIntlProvider>
    </Provider>,
  );
  const names = () => store.getState().session.areaSiteList.map((a) => a.name);
  await waitFor(() => expect(names()).toEqual(['中国站']));
  act(() => void store.dispatch(languageChanged('en_US')));
  await waitFor(() => expect(names()).toEqual(['China']));
  act(() => void store.dispatch(languageChanged('zh_CN')));
  await waitFor(() => expect(names()).toEqual(['中国站']));
  act(() => void store.dispatch(languageChanged('en_US')));
  await waitFor(() => expect(names()).toEqual(['China']));
  expect(count(calls, '/areaSite/getAreaSites')).toBe(2);
});
