import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bodiesOf, ok, renderRoutes, serve, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import type { Suggestion } from './types';
import { siteChanged } from '../../state/session-slice';
import ProductListScreen from './product-list-screen';
import { SearchBox } from './search-box';

const intl = makeIntl('zh_CN', zh);
const english = makeIntl('en_US', { ...zh, ...en });

const suggestions: Record<string, Suggestion[]> = {
  wy: [
    { text: '卫衣', kind: 'category' },
    { text: '连帽卫衣', kind: 'title' },
  ],
};
const emptyPage = { list: [], total: 0, page: 1, pagesize: 20 };

function serveCatalogue() {
  return serve({
    '/product/suggest': (body) => ok({ list: suggestions[String(body.keyword)] ?? [] }),
    '/product/lists': () => ok(emptyPage),
    '/category/tree': () => ok([]),
  });
}

const where = () => screen.getByTestId('where').textContent;
const box = () => document.querySelector<HTMLInputElement>('.site-search-input')!;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });

beforeAll(stubBrowserBits);
beforeEach(() => {
  localStorage.clear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
});

describe('the layout search box', () => {
  it('suggests as the seller types, labelled by kind, and the arrow keys and Enter choose one', async () => {
    const calls = serveCatalogue();
    const store = renderRoutes('/?site=jp', {}, intl, { loggedInAs: null, around: <SearchBox /> });
    act(() => {
      store.dispatch(siteChanged('jp'));
    });
    type('wy');
    const option = await screen.findByRole('option', { name: /连帽卫衣/ });
    expect(option.textContent).toBe('连帽卫衣商品');
    expect(screen.getByRole('option', { name: /分类/ }).textContent).toBe('卫衣分类');
    expect(bodiesOf(calls, '/product/suggest')).toEqual([{ keyword: 'wy' }]);
    expect(box().getAttribute('aria-expanded')).toBe('true');

    key('ArrowDown');
    key('ArrowDown');
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(option.id);
    key('Enter');
    expect(where()).toBe(`/search?q=${encodeURIComponent('连帽卫衣')}&site=jp`);
    expect(box().value).toBe('连帽卫衣');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter with no suggestion chosen searches what was typed; Escape closes the list; blank searches nothing', async () => {
    serveCatalogue();
    renderRoutes('/?site=', {}, intl, { loggedInAs: null, around: <SearchBox /> });
    type('   ');
    key('Enter');
    expect(where()).toBe('/?site=');
    type(' wy ');
    await screen.findByRole('option', { name: /连帽卫衣/ });
    key('Escape');
    expect(screen.queryByRole('option')).toBeNull();
    key('Enter');
    expect(where()).toBe('/search?q=wy&site=');
  });

  it('Enter right after typing searches what was typed, even with the pointer on a suggestion', async () => {
    serveCatalogue();
    renderRoutes('/?site=', {}, intl, { loggedInAs: null, around: <SearchBox /> });
    type('wy');
    const option = await screen.findByRole('option', { name: /连帽卫衣/ });
    fireEvent.mouseEnter(option);
    fireEvent.mouseOver(option);
    key('ArrowDown');
    expect(screen.getByRole('option', { name: /分类/ }).getAttribute('aria-selected')).toBe('true');
    type('JX-1001');
    key('Enter');
    expect(where()).toBe('/search?q=JX-1001&site=');
  });

  it('a click on a suggestion searches it, in English with English labels', async () => {
    setIntl(english);
    serveCatalogue();
    renderRoutes('/?site=', {}, english, { loggedInAs: null, around: <SearchBox /> });
    type('wy');
    const option = await screen.findByRole('option', { name: /Category/ });
    expect(option.textContent).toBe('卫衣Category');
    fireEvent.click(option);
    expect(where()).toBe(`/search?q=${encodeURIComponent('卫衣')}&site=`);
  });
});

describe('the search results', () => {
  it('asks for every product by keyword, best match first, and says when nothing was found', async () => {
    const calls = serveCatalogue();
    renderRoutes('/search?q=zzqx&site=', { '/search': <ProductListScreen key="search" /> }, intl, { loggedInAs: null, around: <SearchBox /> });
    expect(await screen.findByText('没有找到与“zzqx”相关的商品，换个词试试')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('“zzqx”的搜索结果');
    expect(bodiesOf(calls, '/product/lists')[0]).toEqual({ keyword: 'zzqx', page: 1, pagesize: 20 });
    expect(document.querySelector('.list-sort .ant-segmented-item-selected')?.textContent).toBe('综合');
    expect(box().value).toBe('zzqx');
  });

  it('without a keyword lists every product, newest first, and offers no best match', async () => {
    const calls = serveCatalogue();
    renderRoutes('/search?sort=relevance&site=', { '/search': <ProductListScreen key="search" /> }, intl, null);
    await waitFor(() => expect(bodiesOf(calls, '/product/lists')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('搜索');
    expect(document.querySelector('.list-sort .ant-segmented-item-selected')?.textContent).toBe('最新上架');
    expect(document.querySelector('.list-sort')?.textContent).not.toContain('综合');
  });
});
