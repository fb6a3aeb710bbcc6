import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import en from '../../i18n/en_US.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { DEFAULT_RANKING, isProductRow, medalOf, pageOfRows, RANKING_RANGES, rangeKey, rankingFromSearch, rankingPage, rankingSearch } from './ranking-logic';
import RankingScreen from './ranking-screen';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);

describe('ranking rules', () => {
  it('kind and window from the address, defaults left out when written back', () => {
    expect(rankingFromSearch('site=')).toEqual(DEFAULT_RANKING);
    expect(rankingFromSearch('kind=stall&range=7d')).toEqual({ kind: 'stall', range: '7d' });
    expect(rankingFromSearch('kind=shop&range=1y')).toEqual({ kind: 'product', range: '90d' });
    expect(rankingSearch({ kind: 'product', range: '90d' })).toBe('');
    expect(rankingSearch({ kind: 'stall', range: '3d' })).toBe('kind=stall&range=3d');
  });

  it('pages of 20 from the address; page 1 is left out', () => {
    expect(rankingPage('page=3', 45)).toBe(3);
    expect(rankingPage('page=4', 45)).toBe(1);
    expect(rankingPage('page=x', 45)).toBe(1);
    expect(rankingPage('', 0)).toBe(1);
    expect(pageOfRows(Array.from({ length: 45 }, (_, i) => i + 1), 3)).toEqual([41, 42, 43, 44, 45]);
    expect(rankingSearch({ kind: 'product', range: '90d', page: 2 })).toBe('page=2');
    expect(rankingSearch({ kind: 'stall', range: '90d', page: 1 })).toBe('kind=stall');
  });

  it('the windows of spec section 9 in both languages', () => {
    expect(RANKING_RANGES.map((r) => (zh as Record<string, string>)[rangeKey(r)])).toEqual(['近 3 天', '近一周', '近一月', '近 90 天']);
    expect(RANKING_RANGES.map((r) => (en as Record<string, string>)[rangeKey(r)])).toEqual(['3 days', 'A week', 'A month', '90 days']);
  });

  it('medals for the top three; product rows told from stall rows', () => {
    expect([1, 2, 3, 4].map(medalOf)).toEqual(['gold', 'silver', 'bronze', null]);
    expect(isProductRow({ rank: 1, stall_id: 's', stall_name: 'S', quantity: 1, amount: '1.00', products: 1 })).toBe(false);
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

beforeAll(() => {
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
});
beforeEach(() => {
  localStorage.clear();
  setIntl(intl);
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://shop.test${input}` : input, init);
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ranking screen', () => {
  it('public: products of 90 days by default, linked to the product and the stall; stalls and windows switch in the address', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const body = JSON.parse(await input.text()) as { kind: string; range: string };
        bodies.push(body);
        expect(input.headers.get('token')).toBeNull();
        const list =
          body.kind === 'stall'
            ? [{ rank: 1, stall_id: 's01', stall_name: '一号档口', quantity: 12, amount: '598.80', products: 3 }]
            : [
                { rank: 1, product_id: 'P1', item_no: 'A1001', title: '夏季T恤', image: '/media/p/P1/main-1.jpg', price: '49.90', stall_id: 's01', stall_name: '一号档口', quantity: 10, amount: '499.00' },
                { rank: 2, product_id: 'P2', item_no: 'B2002', title: '发夹', image: '/media/p/P2/main-1.jpg', price: '0.10', stall_id: 's02', stall_name: '二号档口', quantity: 3, amount: '0.30' },
              ];
        const data = { list, kind: body.kind, range: body.range, from: 1787000000, to: 1795000000 };
        return new Response(JSON.stringify({ code: 1, msg: 'ok', time: 1, data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <Provider store={makeStore()}>
        <RawIntlProvider value={intl}>
          <ConfigProvider>
            <MemoryRouter initialEntries={['/rankingList?site=']}>
              <Routes>
                <Route path="/rankingList" element={<RankingScreen />} />
              </Routes>
              <Where />
            </MemoryRouter>
          </ConfigProvider>
        </RawIntlProvider>
      </Provider>,
    );
    await waitFor(() => expect(document.querySelectorAll('.ranking-products .ranking-row')).toHaveLength(2), { timeout: 20_000 });
    expect(bodies[0]).toEqual({ kind: 'product', range: '90d' });
    const first = document.querySelector<HTMLElement>('.ranking-row[data-product="P1"]')!;
    expect(first.querySelector('.ranking-rank.is-gold')?.textContent).toBe('1');
    expect(first.querySelector('.ranking-product')?.getAttribute('href')).toBe('/goodsDetail?id=P1&site=');
    expect(first.querySelector('.ranking-stall-link')?.getAttribute('href')).toBe('/wholesale?id=s01&site=');
    expect(first.querySelector('.ranking-quantity')?.textContent).toBe('10');
    expect(document.querySelector('.ranking-row[data-product="P2"] .ranking-amount')?.textContent).toBe('¥0.30');
    expect(document.querySelector('.ranking-window')?.textContent).toMatch(/^统计时间 \d{4}-\d\d-\d\d 至 \d{4}-\d\d-\d\d$/);

    fireEvent.click(within(document.querySelector<HTMLElement>('.ranking-range')!).getByText('近一周'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/rankingList?range=7d&site='));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ kind: 'product', range: '7d' }));
    fireEvent.click(within(document.querySelector<HTMLElement>('.ranking-kind')!).getByText('档口榜'));
    await waitFor(() => expect(document.querySelectorAll('.ranking-stalls .ranking-row')).toHaveLength(1));
    expect(screen.getByTestId('where').textContent).toBe('/rankingList?kind=stall&range=7d&site=');
    expect(document.querySelector('.ranking-row[data-stall="s01"] .ranking-stall-link')?.getAttribute('href')).toBe('/wholesale?id=s01&site=');
    expect(document.querySelector('.ranking-row[data-stall="s01"] .ranking-products-count')?.textContent).toBe('3');
  });

  it('lists every ranked row (up to the top 100), says how many, 20 to a page', async () => {
    const products = Array.from({ length: 100 }, (_, i) => ({
      rank: i + 1,
      product_id: `P${i + 1}`,
      item_no: `A${1000 + i}`,
      title: `商品${i + 1}`,
      image: `/media/p/P${i + 1}/main-1.jpg`,
      price: '9.90',
      stall_id: 's01',
      stall_name: '一号档口',
      quantity: 200 - i,
      amount: '99.00',
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const body = JSON.parse(await input.text()) as { kind: string; range: string };
        const list = body.range === '3d' ? products.slice(0, 7) : products;
        const data = { list, kind: body.kind, range: body.range, from: 1787000000, to: 1795000000 };
        return new Response(JSON.stringify({ code: 1, msg: 'ok', time: 1, data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <Provider store={makeStore()}>
        <RawIntlProvider value={intl}>
          <ConfigProvider>
            <MemoryRouter initialEntries={['/rankingList?site=']}>
              <Routes>
                <Route path="/rankingList" element={<RankingScreen />} />
              </Routes>
              <Where />
            </MemoryRouter>
          </ConfigProvider>
        </RawIntlProvider>
      </Provider>,
    );
    const ranks = () => [...document.querySelectorAll('.ranking-row .ranking-rank')].map((e) => Number(e.textContent));
    await waitFor(() => expect(ranks()).toHaveLength(20), { timeout: 20_000 });
    expect(document.querySelector('.ranking-count')?.textContent).toBe('100 个商品上榜');
    expect(ranks()[0]).toBe(1);
    fireEvent.click(within(document.querySelector<HTMLElement>('.ranking-pagination')!).getByText('5'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/rankingList?page=5&site='));
    expect(ranks()).toEqual(Array.from({ length: 20 }, (_, i) => 81 + i));

    // another window starts at its first page; fewer than 20 need no pages
    fireEvent.click(within(document.querySelector<HTMLElement>('.ranking-range')!).getByText('近 3 天'));
    await waitFor(() => expect(ranks()).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(screen.getByTestId('where').textContent).toBe('/rankingList?range=3d&site=');
    expect(document.querySelector('.ranking-count')?.textContent).toBe('7 个商品上榜');
    expect(document.querySelector('.ranking-pagination')).toBeNull();
  });
});
