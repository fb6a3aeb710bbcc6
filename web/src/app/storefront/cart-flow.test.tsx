import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import CartScreen from '../../features/cart/cart-screen';
import { bodiesOf, cartServer, count, refused, serve, session, stubBrowserBits, stubRequestOrigin } from '../../features/cart/cart-test-kit';
import ProductDetailScreen from '../../features/catalog/product-detail-screen';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { loggedIn } from '../../state/session-slice';
import { SiteNav } from './site-nav';
import { makeStore } from './store';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
const openLoginPrompt = vi.fn();
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => openLoginPrompt() }));

const intl = makeIntl('zh_CN', zh);

beforeAll(stubBrowserBits);
beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  openLoginPrompt.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The nav, the product screen and the cart screen on one store, as the site shows them one after another. */
function renderAll({ loggedInAs = session, withCart = true }: { loggedInAs?: typeof session | null; withCart?: boolean } = {}) {
  const store = makeStore();
  if (loggedInAs) store.dispatch(loggedIn(loggedInAs));
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <ConfigProvider>
          <MemoryRouter initialEntries={['/goodsDetail?id=P1&site=']}>
            <SiteNav />
            <ProductDetailScreen />
            {withCart ? <CartScreen /> : null}
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

const badge = () => document.querySelector('.site-nav .cart-count')?.textContent ?? null;
const addButton = () => document.querySelector<HTMLButtonElement>('.add-to-cart-button')!;
const quantityBox = () => document.querySelector<HTMLInputElement>('.add-to-cart-quantity input')!;
const pick = (kind: 'color' | 'size', value: string) => fireEvent.click(document.querySelector(`.sku-${kind}[data-${kind}="${value}"]`)!);

describe('adding to the cart from the product screen', () => {
  it('sends the chosen SKU and quantity; the nav badge and the cart screen show it without asking again', async () => {
    const { routes } = cartServer();
    const calls = serve(routes);
    renderAll();
    await waitFor(() => expect(addButton()).toBeTruthy());
    await waitFor(() => expect(document.querySelector('.cart-empty')).toBeTruthy());
    const listsAtOpen = count(calls, '/cart/lists');
    expect(listsAtOpen).toBeGreaterThanOrEqual(1);
    expect(badge()).toBeNull();
    // logged in, the modules' menus are on the nav (the cart's badge on orders)
    const groups = () => [...document.querySelectorAll('.site-nav [data-group]')].map((b) => b.getAttribute('data-group'));
    expect(groups()).toEqual(['order', 'sale', 'fund', 'personal', 'resources']);

    pick('color', '黑色');
    pick('size', 'M');
    fireEvent.change(quantityBox(), { target: { value: '2' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(badge()).toBe('2'));
    expect(bodiesOf(calls, '/cart/add')).toEqual([{ sku_id: 'K1', quantity: 2 }]);
    // the success message links to the cart
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已加入购物车 2 件', 'success', 'cart-added', { text: '去购物车', href: '/cart?site=' }));
    // the cart screen on the same store shows the line under its stall
    await waitFor(() => expect(document.querySelector('.cart-line[data-sku="K1"] .cart-line-amount')?.textContent).toBe('¥99.80'));
    expect(document.querySelector('.cart-stall-name')?.textContent).toBe('一号档口');

    // adding again adds to the line
    fireEvent.click(addButton());
    await waitFor(() => expect(badge()).toBe('4'));
    await waitFor(() => expect(document.querySelector('.cart-line[data-sku="K1"] .cart-line-amount')?.textContent).toBe('¥199.60'));
    // the adds' answers were written into the cache: the cart was not asked for again
    expect(count(calls, '/cart/add')).toBe(2);
    expect(count(calls, '/cart/lists')).toBe(listsAtOpen);
  });

  it("a refusal is the server's msg as a toast and the badge stays", async () => {
    const { routes } = cartServer([{ sku_id: 'K2', quantity: 3, selected: true }]);
    const calls = serve({ ...routes, '/cart/add': () => refused(422, '库存仅剩 3 件', { field: 'quantity' }) });
    renderAll({ withCart: false });
    await waitFor(() => expect(badge()).toBe('3'));
    pick('color', '白色');
    pick('size', 'L');
    fireEvent.click(addButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('库存仅剩 3 件', 'error', undefined));
    expect(bodiesOf(calls, '/cart/add')).toEqual([{ sku_id: 'K2', quantity: 1 }]);
    expect(toast).not.toHaveBeenCalledWith(expect.anything(), 'success', 'cart-added', expect.anything());
    await waitFor(() => expect(badge()).toBe('3'));
  });

  it('the quantity box stops at the stock of the chosen SKU', async () => {
    const { routes } = cartServer();
    const calls = serve(routes);
    renderAll({ withCart: false });
    await waitFor(() => expect(addButton()).toBeTruthy());
    pick('color', '白色');
    pick('size', 'L');
    fireEvent.change(quantityBox(), { target: { value: '9' } });
    fireEvent.blur(quantityBox());
    fireEvent.click(addButton());
    await waitFor(() => expect(bodiesOf(calls, '/cart/add')).toEqual([{ sku_id: 'K2', quantity: 3 }]));
  });

  it('without a session: no cart entry in the nav, and the button opens the login prompt without a call', async () => {
    const { routes } = cartServer();
    const calls = serve(routes);
    renderAll({ loggedInAs: null, withCart: false });
    await waitFor(() => expect(addButton()).toBeTruthy());
    expect(document.querySelector('.site-nav a[href^="/cart"]')).toBeNull();
    expect(screen.queryByText('代发设置')).toBeNull();
    fireEvent.click(addButton());
    expect(openLoginPrompt).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path.startsWith('/cart/'))).toEqual([]);
  });
});
