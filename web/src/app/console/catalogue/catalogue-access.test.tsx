import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../../lib/i18n';
import { ok, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../console-test-kit';
import { CONSOLE_SCREENS, screensFor } from '../menu';
import { boss, catalogueRoutes, cataloguer, marketer, stallKeeper, texts } from './catalogue-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
const SOON = { timeout: 5000 };

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 5000 });
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
    expect(paths(cataloguer)).toEqual(['/', '/products', '/products/:id', '/stalls', '/markets', '/categories', '/imports', '/imports/:id']);
    // read only: the lists, no product form, no imports
    expect(paths(marketer)).toEqual(['/', '/products', '/stalls', '/markets', '/categories']);
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
    serveConsole(catalogueRoutes(marketer));
    renderConsole('/products/new', intl);
    await waitFor(() => expect(document.querySelector('.console-forbidden')).not.toBeNull(), SOON);
    expect(texts('.console-menu .ant-menu-item-selected')).toEqual(['商品']);
  });
});
