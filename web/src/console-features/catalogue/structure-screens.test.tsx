import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { boss, catalogueRoutes, choose, input, modalOk, shown, stallKeeper, texts, viewer } from './catalogue-test-kit';

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

const rows = (table: string) => document.querySelectorAll(`.${table} tbody tr.ant-table-row`);
const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('markets screen', () => {
  it('lists the markets with area site, sort and stall count', async () => {
    serveConsole(catalogueRoutes(boss));
    renderConsole('/markets', intl);
    await waitFor(() => expect(rows('console-market-table')).toHaveLength(2), SOON);
    await waitFor(() => expect(cells(rows('console-market-table')[0]!).slice(0, 5)).toEqual(['十三行', 'Shisanhang', '中国站', '1', '2']));
    expect(cells(rows('console-market-table')[1]!).slice(0, 5)).toEqual(['沙河', 'Shahe', '东南亚站', '2', '1']);
  });

  it('adds a market in the dialog and shows a refusal under the field it names', async () => {
    let answer = refused(422, '中文名称 已存在', { field: 'name_zh' });
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/markets/save': () => answer }));
    renderConsole('/markets', intl);
    await waitFor(() => expect(rows('console-market-table')).toHaveLength(2), SOON);
    fireEvent.click(document.querySelector('.console-market-add')!);
    await shown('.console-market-modal .console-market-name-zh');
    await choose('console-market-site', '东南亚站');
    input('.console-market-name-zh', '白马');
    input('.console-market-name-en', 'Baima');
    fireEvent.click(modalOk('console-market-modal'));
    await waitFor(() => expect(texts('.console-market-modal .ant-form-item-explain-error')).toContain('中文名称 已存在'), SOON);
    expect(calls.find((c) => c.path === '/catalog/markets/save')?.body).toEqual({ area_site_id: 'sea', name_zh: '白马', name_en: 'Baima', sort: 0 });
    expect(toast).not.toHaveBeenCalled();

    answer = ok({ id: 'm9' });
    fireEvent.click(modalOk('console-market-modal'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已保存', 'success'), SOON);
    // the list is asked again
    await waitFor(() => expect(calls.filter((c) => c.path === '/catalog/markets').length).toBeGreaterThanOrEqual(2));
  });

  it('edits a market with its values filled in', async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/markets/save': () => ok({ id: 'm2' }) }));
    renderConsole('/markets', intl);
    await waitFor(() => expect(rows('console-market-table')).toHaveLength(2), SOON);
    fireEvent.click(rows('console-market-table')[1]!.querySelector('.console-market-edit')!);
    await shown('.console-market-modal .console-market-name-zh');
    input('.console-market-sort', '5');
    fireEvent.click(modalOk('console-market-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/catalog/markets/save')?.body).toEqual({ id: 'm2', area_site_id: 'sea', name_zh: '沙河', name_en: 'Shahe', sort: 5 }), SOON);
  });

  it('a read-only role sees the markets without add or edit', async () => {
    serveConsole(catalogueRoutes(viewer));
    renderConsole('/markets', intl);
    await waitFor(() => expect(rows('console-market-table')).toHaveLength(2), SOON);
    expect(document.querySelector('.console-market-add')).toBeNull();
    expect(document.querySelector('.console-market-edit')).toBeNull();
  });
});

describe('categories screen', () => {
  it('shows the two levels with product counts (a top-level one counts its children)', async () => {
    serveConsole(catalogueRoutes(boss));
    renderConsole('/categories', intl);
    await waitFor(() => expect(rows('console-category-table')).toHaveLength(4), SOON);
    expect([...rows('console-category-table')].map((r) => [r.className.includes('console-category-child') ? 'child' : 'top', cells(r)[0], r.querySelector('.console-category-count')?.textContent])).toEqual([
      ['top', '女装', '5'],
      ['child', '连衣裙', '3'],
      ['child', 'T恤', '2'],
      ['top', '男装', '1'],
    ]);
    // each row shows its code (what an import may name it by) under its own header
    const headers = [...document.querySelectorAll('.console-category-table thead th')].map((th) => th.textContent);
    expect(headers.slice(0, 2)).toEqual(['分类', '分类编号']);
    expect([...rows('console-category-table')].map((r) => r.querySelector('.console-category-code')?.textContent)).toEqual(['c1', 'c11', 'c12', 'c2']);
    // only top-level categories take children
    expect(rows('console-category-table')[0]!.querySelector('.console-category-add-child')).not.toBeNull();
    expect(rows('console-category-table')[1]!.querySelector('.console-category-add-child')).toBeNull();
  });

  it('adds a child under its top-level category; the parent choices are top-level ones only', async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/categories/save': () => ok({ id: 'c13' }) }));
    renderConsole('/categories', intl);
    await waitFor(() => expect(rows('console-category-table')).toHaveLength(4), SOON);
    fireEvent.click(rows('console-category-table')[0]!.querySelector('.console-category-add-child')!);
    await shown('.console-category-modal .console-category-name-zh');
    expect(document.querySelector('.console-category-parent')?.textContent).toContain('女装');
    fireEvent.mouseDown(document.querySelector('.console-category-parent .ant-select-content, .console-category-parent .ant-select-selector')!);
    await waitFor(() => expect(texts('.ant-select-item-option')).toEqual(['女装', '男装']));
    input('.console-category-name-zh', '半身裙');
    fireEvent.click(modalOk('console-category-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/catalog/categories/save')?.body).toEqual({ parent_id: 'c1', name_zh: '半身裙', name_en: '', sort: 0 }), SOON);
  });

  it('a top-level category with children keeps its level; the server refusing a move shows under the parent', async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/categories/save': () => refused(422, '分类最多两级', { field: 'parent_id' }) }));
    renderConsole('/categories', intl);
    await waitFor(() => expect(rows('console-category-table')).toHaveLength(4), SOON);
    fireEvent.click(rows('console-category-table')[0]!.querySelector('.console-category-edit')!);
    await shown('.console-category-modal .console-category-name-zh');
    expect(document.querySelector('.console-category-parent.ant-select-disabled')).not.toBeNull();
    // a top-level one without children may move under another
    fireEvent.click(document.querySelector('.console-category-modal .ant-modal-close')!);
    fireEvent.click(rows('console-category-table')[3]!.querySelector('.console-category-edit')!);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('.console-category-modal .console-category-name-zh')?.value).toBe('男装'));
    await choose('console-category-parent', '女装');
    fireEvent.click(modalOk('console-category-modal'));
    await waitFor(() => expect(texts('.console-category-modal .ant-form-item-explain-error')).toContain('分类最多两级'), SOON);
    expect(calls.find((c) => c.path === '/catalog/categories/save')?.body).toEqual({ id: 'c2', parent_id: 'c1', name_zh: '男装', name_en: 'Men', sort: 2 });
  });
});

describe('stalls screen', () => {
  it('lists stalls with market, floor, number, contacts, main category, status and product count; filters by market', async () => {
    const calls = serveConsole(catalogueRoutes(boss));
    renderConsole('/stalls', intl);
    await waitFor(() => expect(rows('console-stall-table')).toHaveLength(3), SOON);
    await waitFor(() => expect(cells(rows('console-stall-table')[0]!).slice(0, 9)).toEqual(['十三行', '韩潮女装', '3F', 'A101', '13800000001', 'hanchao', '女装 › 连衣裙', '营业中', '4']));
    expect(rows('console-stall-table')[2]!.querySelector('.console-stall-state')?.textContent).toBe('已关闭');
    expect(calls.find((c) => c.path === '/catalog/stalls')?.body).toEqual({ page: '1', pagesize: '20' });
    await choose('console-stall-market-filter', '沙河');
    await waitFor(() => expect(rows('console-stall-table')).toHaveLength(1), SOON);
    expect(calls.filter((c) => c.path === '/catalog/stalls').at(-1)?.body).toEqual({ market_id: 'm2', page: '1', pagesize: '20' });
    // the owner may open a stall's audit trail
    expect(rows('console-stall-table')[0]!.querySelector('.console-stall-audit')?.getAttribute('href')).toBe('/audit?object_type=stall&object_id=st3');
  });

  it('adds a stall', async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/stalls/save': () => ok({ id: 'st9' }) }));
    renderConsole('/stalls', intl);
    await waitFor(() => expect(rows('console-stall-table')).toHaveLength(3), SOON);
    fireEvent.click(document.querySelector('.console-stall-add')!);
    await shown('.console-stall-modal .console-stall-name');
    await choose('console-stall-market', '沙河');
    input('.console-stall-name', '南风');
    input('.console-stall-floor', '2F');
    input('.console-stall-number', 'D404');
    input('.console-stall-wechat', 'nanfeng');
    await choose('console-stall-category', '女装 › T恤');
    fireEvent.click(modalOk('console-stall-modal'));
    await waitFor(
      () =>
        expect(calls.find((c) => c.path === '/catalog/stalls/save')?.body).toEqual({
          market_id: 'm2',
          name: '南风',
          floor: '2F',
          number: 'D404',
          contact: '',
          wechat: 'nanfeng',
          category_id: 'c12',
          status: 'open',
        }),
      SOON,
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已保存', 'success'));
  });

  it('closes a stall (its products leave the shelf, so they are asked again)', async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/stalls/save': () => ok({ id: 'st2' }) }));
    renderConsole('/stalls', intl);
    await waitFor(() => expect(rows('console-stall-table')).toHaveLength(3), SOON);
    fireEvent.click(rows('console-stall-table')[1]!.querySelector('.console-stall-edit')!);
    await shown('.console-stall-modal .console-stall-status');
    expect(document.querySelector('.console-stall-modal')?.textContent).toContain('关闭档口会将其商品全部下架');
    await choose('console-stall-status', '已关闭');
    fireEvent.click(modalOk('console-stall-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/catalog/stalls/save')?.body).toMatchObject({ id: 'st2', status: 'closed' }), SOON);
  });

  it('a stall account sees its own stall, edits it without changing the market, and adds none', async () => {
    const calls = serveConsole(catalogueRoutes(stallKeeper, { '/catalog/stalls/save': () => ok({ id: 'st1' }) }));
    renderConsole('/stalls', intl);
    await waitFor(() => expect(rows('console-stall-table')).toHaveLength(1), SOON);
    expect(document.querySelector('.console-stall-add')).toBeNull();
    expect(document.querySelector('.console-stall-market-filter')).toBeNull();
    expect(document.querySelector('.console-stall-audit')).toBeNull();
    fireEvent.click(document.querySelector('.console-stall-edit')!);
    await shown('.console-stall-modal .console-stall-name');
    expect(document.querySelector('.console-stall-market.ant-select-disabled')).not.toBeNull();
    // opening and closing is the platform's decision
    expect(document.querySelector('.console-stall-status')).toBeNull();
    input('.console-stall-contact', '13900000009');
    fireEvent.click(modalOk('console-stall-modal'));
    await waitFor(
      () =>
        expect(calls.find((c) => c.path === '/catalog/stalls/save')?.body).toEqual({
          id: 'st1',
          market_id: 'm1',
          name: '韩潮女装',
          floor: '3F',
          number: 'A101',
          contact: '13900000009',
          wechat: 'hanchao',
          category_id: 'c11',
        }),
      SOON,
    );
  });
});
