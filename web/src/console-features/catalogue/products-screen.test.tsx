import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { boss, catalogueRoutes, cataloguer, choose, detailOf, input, shown, stallKeeper, texts, viewer } from './catalogue-test-kit';

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
const rows = () => [...document.querySelectorAll('.console-product-table tbody tr.ant-table-row')];
const row = (id: string) => document.querySelector(`.console-product-table tr[data-id="${id}"]`)!;
const productCalls = (calls: { path: string; body: Record<string, unknown> }[]) => calls.filter((c) => c.path === '/catalog/products').map((c) => c.body);

describe('products screen', () => {
  it('lists the products with their stall, category, price, stock, shelf and flags', async () => {
    const calls = serveConsole(catalogueRoutes(boss));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(productCalls(calls)[0]).toEqual({ page: '1', pagesize: '20' });
    const first = row('P1');
    expect(first.querySelector('.console-product-item-no')?.textContent).toBe('A101-1001');
    expect(first.querySelector('.console-product-title')?.textContent).toBe('碎花连衣裙');
    expect(first.querySelector('.console-product-stall')?.textContent).toBe('韩潮女装');
    await waitFor(() => expect(first.textContent).toContain('女装 › 连衣裙'));
    expect(first.textContent).toContain('¥59.00');
    expect(first.querySelector('.console-product-stock')?.textContent).toBe('240（4 个 SKU）');
    expect(first.querySelector('.console-product-status')?.textContent).toBe('已上架');
    expect(first.textContent).toContain('爆款');
    expect(row('P2').querySelector('.console-product-status')?.textContent).toBe('已下架');
    expect(row('P2').textContent).toContain('东南亚精选');
    // the owner's row links: edit, stock, audit trail of the product
    expect(first.querySelector('.console-product-edit')?.getAttribute('href')).toBe('/products/P1');
    expect(first.querySelector('.console-product-audit')?.getAttribute('href')).toBe('/audit?object_type=product&object_id=P1');
  });

  it('sends the filters and keeps them in the address', async () => {
    const calls = serveConsole(catalogueRoutes(boss));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    input('.console-product-keyword', ' 连衣裙 ');
    await choose('console-product-stall-filter', '十三行 · 韩潮女装');
    await choose('console-product-category-filter', '女装');
    await choose('console-product-shelf-filter', '已下架');
    fireEvent.click(document.querySelector('.console-product-search')!);
    await waitFor(() => expect(productCalls(calls).at(-1)).toEqual({ keyword: '连衣裙', stall_id: 'st1', category_id: 'c1', shelf: 'off', page: '1', pagesize: '20' }), SOON);
    expect(where()).toBe('/products?keyword=%E8%BF%9E%E8%A1%A3%E8%A3%99&stall=st1&category=c1&shelf=off');
  });

  it('opens with the filters of the address (a stall row links its products)', async () => {
    const calls = serveConsole(catalogueRoutes(boss));
    renderConsole('/stalls', intl);
    await shown('.console-stall-table tr[data-id="st1"] .console-stall-products');
    fireEvent.click(document.querySelector('.console-stall-table tr[data-id="st1"] .console-stall-products')!);
    await waitFor(() => expect(where()).toBe('/products?stall=st1'), SOON);
    await waitFor(() => expect(productCalls(calls).at(-1)).toEqual({ stall_id: 'st1', page: '1', pagesize: '20' }), SOON);
  });

  it('puts chosen products on the shelf in one go and says how many changed', async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/catalog/products/shelf': (body) => ok({ changed: (body.ids as string[]).length - 1 }) }));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(document.querySelector<HTMLButtonElement>('.console-product-shelve')!.disabled).toBe(true);
    fireEvent.click(row('P1').querySelector('.ant-checkbox-input')!);
    fireEvent.click(row('P2').querySelector('.ant-checkbox-input')!);
    await waitFor(() => expect(document.querySelector('.console-product-selected')?.textContent).toBe('已选 2 个商品'));
    fireEvent.click(document.querySelector('.console-product-shelve')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/catalog/products/shelf')?.body).toEqual({ ids: ['P1', 'P2'], on_shelf: true }), SOON);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已上架 1 个商品', 'success'));
    // asked again, selection cleared
    await waitFor(() => expect(productCalls(calls).length).toBeGreaterThanOrEqual(2));
    expect(document.querySelector('.console-product-selected')?.textContent).toBe('已选 0 个商品');

    fireEvent.click(row('P2').querySelector('.ant-checkbox-input')!);
    fireEvent.click(document.querySelector('.console-product-unshelve')!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/catalog/products/shelf').at(-1)?.body).toEqual({ ids: ['P2'], on_shelf: false }), SOON);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已下架 0 个商品', 'success'));
  });

  it('a read-only role lists products without new, edit, shelving or audit', async () => {
    serveConsole(catalogueRoutes(viewer));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(document.querySelector('.console-product-new')).toBeNull();
    expect(document.querySelector('.console-product-edit')).toBeNull();
    expect(document.querySelector('.console-product-shelve')).toBeNull();
    expect(document.querySelector('.console-product-table .ant-checkbox')).toBeNull();
    expect(document.querySelector('.console-product-audit')).toBeNull();
    expect(document.querySelector('.console-product-stock-open')).not.toBeNull();
  });

  it("a stall account sees its own stall's products, and only its stalls to filter by", async () => {
    serveConsole(catalogueRoutes(stallKeeper));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(1), SOON);
    expect(texts('.console-product-stall')).toEqual(['韩潮女装']);
    expect(document.querySelector('.console-product-new')).not.toBeNull();
    fireEvent.mouseDown(document.querySelector('.console-product-stall-filter .ant-select-content, .console-product-stall-filter .ant-select-selector')!);
    await waitFor(() => expect(texts('.ant-select-item-option')).toEqual(['十三行 · 韩潮女装']));
  });
});

describe('stock editor', () => {
  const changes = {
    list: [{ id: 7, at: 1_700_000_500, sku_id: 'P1-b', color: '红色', size: 'M', actor_kind: 'staff', actor_id: 's5', actor_name: '商品小张', before: 30, after: 40, reason: '补货' }],
    total: 1,
  };

  it("shows each SKU's stock and the log; a change is sent as a delta with its reason", async () => {
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/product': () => ok(detailOf()),
        '/catalog/stock/changes': () => ok(changes),
        '/catalog/stock/change': (body) => (body.delta === -200 ? refused(422, '库存不足，当前库存 100') : ok({ sku_id: body.sku_id, before: 100, after: 95 })),
      }),
    );
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(row('P1').querySelector('.console-product-stock-open')!);
    await waitFor(() => expect(document.querySelectorAll('.console-stock-skus tbody tr.ant-table-row')).toHaveLength(4), SOON);
    expect(texts('.console-stock-current')).toEqual(['100', '40', '60', '40']);
    expect(calls.find((c) => c.path === '/catalog/product')?.body).toEqual({ id: 'P1' });
    expect(calls.find((c) => c.path === '/catalog/stock/changes')?.body).toEqual({ product_id: 'P1', page: '1', pagesize: '10' });
    await waitFor(() => expect(texts('.console-stock-log tbody tr.ant-table-row td').slice(1)).toEqual(['员工 商品小张', '红色 / M', '30 → 40', '补货']));

    const sku = document.querySelector('.console-stock-skus tr[data-sku="P1-a"]')!;
    // a reason is needed first
    input('.console-stock-delta', '-5', sku);
    fireEvent.click(sku.querySelector('.console-stock-apply')!);
    expect(toast).toHaveBeenCalledWith('请输入原因', 'error');
    input('.console-stock-reason', '次品', sku);
    fireEvent.click(sku.querySelector('.console-stock-apply')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/catalog/stock/change')?.body).toEqual({ sku_id: 'P1-a', delta: -5, reason: '次品' }), SOON);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('红色 / S：库存 100 → 95', 'success'));
    // the product and the log are asked again
    await waitFor(() => expect(calls.filter((c) => c.path === '/catalog/stock/changes').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(calls.filter((c) => c.path === '/catalog/product').length).toBeGreaterThanOrEqual(2));

    // a refusal is the server's words
    input('.console-stock-delta', '-200', sku);
    input('.console-stock-reason', '盘点', sku);
    fireEvent.click(sku.querySelector('.console-stock-apply')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('库存不足，当前库存 100', 'error'), SOON);
  });

  it('without stock.write the stock and its log are shown, not changed', async () => {
    serveConsole(catalogueRoutes(viewer, { '/catalog/product': () => ok(detailOf()), '/catalog/stock/changes': () => ok(changes) }));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(row('P1').querySelector('.console-product-stock-open')!);
    await waitFor(() => expect(texts('.console-stock-current')).toHaveLength(4), SOON);
    expect(document.querySelector('.console-stock-delta')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('.console-stock-log tbody tr.ant-table-row')).toHaveLength(1));
  });
});

describe('audit of one object', () => {
  it("a product's audit link opens the trail filtered to it", async () => {
    const calls = serveConsole(catalogueRoutes(boss, { '/audit': () => ok({ list: [], total: 0 }) }));
    renderConsole('/products', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(row('P2').querySelector('.console-product-audit')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/audit')?.body).toEqual({ object_type: 'product', object_id: 'P2', page: '1', pagesize: '20' }), SOON);
    expect(where()).toBe('/audit?object_type=product&object_id=P2');
    expect(document.querySelector<HTMLInputElement>('.console-audit-object-id input, input.console-audit-object-id')?.value).toBe('P2');
  });
});
