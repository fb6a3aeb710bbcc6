import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { CONSOLE_SCREENS, screensFor } from './menu';
import { boss, catalogueRoutes, cataloguer, detailOf, marketer, stallKeeper, texts, viewer } from '../../console-features/catalogue/catalogue-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 30_000 });
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

const menu = () => texts('.console-menu .ant-menu-item');
const paths = (staff: typeof boss) => screensFor(staff.permissions, CONSOLE_SCREENS, staff.role).map((s) => s.path);

describe('catalogue menus by role', () => {
  it('a stall account may open products, stalls and imports, not markets, categories or staff', () => {
    expect(paths(stallKeeper)).toEqual(['/', '/products', '/products/:id', '/stalls', '/imports', '/imports/:id']);
    // the catalogue keeps the catalogue, not the orders and their buyers
    expect(paths(cataloguer)).toEqual(['/', '/products', '/products/:id', '/stalls', '/markets', '/categories', '/imports', '/imports/:id']);
    // read only: the lists, no product form, no imports
    expect(paths(viewer)).toEqual(['/', '/products', '/stalls', '/markets', '/categories']);
    // marketing's coupons pick no product: no catalogue at all
    expect(paths(marketer)).toEqual(['/', '/coupons', '/notices']);
    expect(paths(boss)).toContain('/staff');
  });

  it('shows a stall account its menu and refuses the markets screen', async () => {
    serveConsole(catalogueRoutes(stallKeeper, { '/dashboard': () => ok({}) }));
    renderConsole('/markets', intl);
    await waitFor(() => expect(menu()).toEqual(['首页', '商品', '档口', '商品导入']), SOON);
    expect(document.querySelector('.console-forbidden')).not.toBeNull();
    expect(document.querySelector('.console-market-table')).toBeNull();
  });

  it('shows the catalogue staff every catalogue screen and no staff management', async () => {
    serveConsole(catalogueRoutes(cataloguer, { '/dashboard': () => ok({}) }));
    renderConsole('/', intl);
    await waitFor(() => expect(menu()).toEqual(['首页', '商品', '档口', '市场', '分类', '商品导入']), SOON);
  });

  it('marks the product list in the menu while a product form is open, and refuses the form to a read-only role', async () => {
    serveConsole(catalogueRoutes(viewer));
    renderConsole('/products/new', intl);
    await waitFor(() => expect(document.querySelector('.console-forbidden')).not.toBeNull(), SOON);
    expect(texts('.console-menu .ant-menu-item-selected')).toEqual(['商品']);
  });
});

describe('catalogue screens in English', () => {
  const english = makeIntl('en_US', en);
  const HAN = /[\u3400-\u9fff]/;
  // everything but the data cells (names, titles, stalls as the server keeps them) and the language
  // switch (each language named in itself)
  const chrome = () =>
    [...document.querySelectorAll('.console-menu, .console-toolbar, .console-filter, .console-batch, thead, .ant-card-head, label, button, .ant-alert, .ant-form-item-extra, .ant-pagination')]
      .filter((e) => !e.closest('.console-language'))
      .map((e) => e.textContent ?? '')
      .join(' | ');

  it.each([
    ['/products', '.console-product-table tbody tr.ant-table-row'],
    ['/products/new', '.console-product-item-no-input'],
    ['/products/P1', '.console-product-item-no-input'],
    ['/stalls', '.console-stall-table tbody tr.ant-table-row'],
    ['/markets', '.console-market-table tbody tr.ant-table-row'],
    ['/categories', '.console-category-table tbody tr.ant-table-row'],
    ['/imports', '.console-import-table tbody tr.ant-table-row'],
  ])('%s shows no Chinese but data', async (path, ready) => {
    setIntl(english);
    serveConsole(
      catalogueRoutes(boss, {
        '/catalog/product': () => ok(detailOf()),
        '/catalog/imports': () =>
          ok({
            list: [{ id: 'IM1', file_name: 'spring.xlsx', status: 'checking', progress: { done: 1, total: 4 }, counts: { create: 0, update: 0, unchanged: 0, refused: 0 }, error: '', actor_name: 'Zhang', created_at: 1_700_000_000, applied_at: null }],
            total: 1,
          }),
      }),
    );
    renderConsole(path, english);
    // (the first visit of a screen loads its chunk)
    await waitFor(() => expect(document.querySelector(ready)).not.toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(chrome()).not.toMatch(HAN));
    expect(chrome()).toMatch(/[A-Za-z]/);
  });
});
