import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageChanged, loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import CartScreen from './cart-screen';
import { bodiesOf, cartServer, count, serve, session, stubBrowserBits, stubRequestOrigin } from './cart-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

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

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderScreen(loggedInAs: typeof session | null = session, shownIn = intl) {
  const store = makeStore();
  if (loggedInAs) store.dispatch(loggedIn(loggedInAs));
  if (shownIn !== intl) store.dispatch(languageChanged('en_US'));
  render(
    <Provider store={store}>
      <RawIntlProvider value={shownIn}>
        <ConfigProvider>
          <MemoryRouter initialEntries={['/cart?site=']}>
            <CartScreen />
            <Where />
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

const line = (sku: string) => document.querySelector<HTMLElement>(`.cart-line[data-sku="${sku}"]`)!;
const lineText = (sku: string, part: string) => line(sku).querySelector(`.cart-line-${part}`)?.textContent;
const group = (stall: string) => document.querySelector<HTMLElement>(`.cart-group[data-stall="${stall}"]`)!;
const text = (root: ParentNode, selector: string) => root.querySelector(selector)?.textContent;
const footerText = (part: string) => document.querySelector(`.cart-${part}`)?.textContent;
const checkbox = (root: Element, selector: string) => root.querySelector<HTMLInputElement>(`${selector} input[type=checkbox]`)!;
const quantityInput = (sku: string) => line(sku).querySelector<HTMLInputElement>('.cart-quantity input')!;
/** One click on the stepper's +. */
function stepUp(sku: string) {
  fireEvent.click(line(sku).querySelector('.qty-stepper-up')!);
}

describe('cart screen', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve({});
    renderScreen(null);
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('groups lines under their stall in the server order, with every field and the server totals', async () => {
    const { routes } = cartServer([
      { sku_id: 'K1', quantity: 2, selected: true },
      { sku_id: 'K3', quantity: 3, selected: true },
      { sku_id: 'K2', quantity: 1, selected: false },
    ]);
    serve(routes);
    renderScreen();
    await waitFor(() => expect(document.querySelectorAll('.cart-line')).toHaveLength(3));
    expect([...document.querySelectorAll('.cart-stall-name')].map((h) => h.textContent)).toEqual(['一号档口', '二号档口']);
    expect([...group('s01').querySelectorAll('.cart-line')].map((l) => (l as HTMLElement).dataset.sku)).toEqual(['K1', 'K2']);
    expect(lineText('K1', 'title')).toBe('夏季T恤');
    expect(lineText('K1', 'item-no')).toBe('货号：A1001');
    expect(lineText('K1', 'spec')).toBe('黑色 / M');
    expect(lineText('K1', 'price')).toBe('¥49.90');
    expect(lineText('K1', 'amount')).toBe('¥99.80');
    expect(line('K1').querySelector('img')?.getAttribute('src')).toBe('/media/p/P1/main-1.jpg');
    expect(line('K1').querySelector<HTMLAnchorElement>('.cart-line-title')?.getAttribute('href')).toBe('/goodsDetail?id=P1&site=');
    expect(quantityInput('K1').value).toBe('2');
    // three at 0.10 are 0.30 as the server says, whatever floats would make of it
    expect(lineText('K3', 'amount')).toBe('¥0.30');
    expect(footerText('selected-quantity')).toBe('已选 5 件');
    expect(footerText('selected-amount')).toBe('¥100.10');
    // the white L is not selected: its stall is partly ticked, the second stall fully, the cart partly
    expect(checkbox(line('K2'), '.cart-line-check').checked).toBe(false);
    expect(group('s01').querySelector('.cart-group-check .ant-checkbox-indeterminate')).toBeTruthy();
    expect(checkbox(group('s02'), '.cart-group-check').checked).toBe(true);
    expect(document.querySelector('.cart-select-all .ant-checkbox-indeterminate')).toBeTruthy();
  });

  it('the stepper sets the quantity with cart/change and shows the new amount; typed numbers stay within the stock', async () => {
    const { routes } = cartServer([{ sku_id: 'K1', quantity: 2, selected: true }, { sku_id: 'K2', quantity: 1, selected: true }]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(quantityInput('K1').value).toBe('2'));
    stepUp('K1');
    await waitFor(() => expect(lineText('K1', 'amount')).toBe('¥149.70'));
    expect(quantityInput('K1').value).toBe('3');
    expect(bodiesOf(calls, '/cart/change')).toEqual([{ sku_id: 'K1', quantity: 3 }]);
    expect(footerText('selected-amount')).toBe('¥199.60');

    // K2 has 3 in stock: a typed 9 is sent as 3
    fireEvent.change(quantityInput('K2'), { target: { value: '9' } });
    fireEvent.blur(quantityInput('K2'));
    await waitFor(() => expect(lineText('K2', 'amount')).toBe('¥149.70'));
    expect(bodiesOf(calls, '/cart/change')).toEqual([
      { sku_id: 'K1', quantity: 3 },
      { sku_id: 'K2', quantity: 3 },
    ]);
    // the same number again sends nothing; an empty box goes back to the quantity
    fireEvent.change(quantityInput('K2'), { target: { value: '' } });
    fireEvent.blur(quantityInput('K2'));
    await waitFor(() => expect(quantityInput('K2').value).toBe('3'));
    expect(count(calls, '/cart/change')).toBe(2);
    expect(count(calls, '/cart/lists')).toBe(1);
  });

  it('quick steps each send the quantity they reach; the line settles on the last', async () => {
    const { lines, routes } = cartServer([{ sku_id: 'K1', quantity: 2, selected: true }]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const calls = serve({ ...routes, '/cart/change': async (body, call) => (await held, routes['/cart/change']!(body, call)) });
    renderScreen();
    await waitFor(() => expect(quantityInput('K1').value).toBe('2'));
    stepUp('K1');
    stepUp('K1');
    expect(quantityInput('K1').value).toBe('4');
    await waitFor(() => expect(count(calls, '/cart/change')).toBe(2));
    release();
    await waitFor(() => expect(lineText('K1', 'amount')).toBe('¥199.60'));
    expect(bodiesOf(calls, '/cart/change')).toEqual([
      { sku_id: 'K1', quantity: 3 },
      { sku_id: 'K1', quantity: 4 },
    ]);
    expect(quantityInput('K1').value).toBe('4');
    expect(lines[0]!.quantity).toBe(4);
  });

  it("a refusal is the envelope's msg as a toast, and the line shows the server's quantity again", async () => {
    const { lines, routes } = cartServer([{ sku_id: 'K2', quantity: 2, selected: true }]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(quantityInput('K2').value).toBe('2'));
    // stock fell to 1 elsewhere after the page showed 3 in stock
    const stock = (await import('./cart-test-kit')).SKUS.K2!;
    stock.stock = 1;
    try {
      stepUp('K2');
      await waitFor(() => expect(toast).toHaveBeenCalledWith('库存仅剩 1 件', 'error', undefined));
      // asked again: the line now shows the fallen stock and its unchanged quantity
      await waitFor(() => expect(count(calls, '/cart/lists')).toBe(2));
      await waitFor(() => expect(lineText('K2', 'stock')).toBe('库存仅剩 1 件'));
      expect(quantityInput('K2').value).toBe('2');
      expect(lines[0]!.quantity).toBe(2);
    } finally {
      stock.stock = 3;
    }
  });

  it('ticks a line, a stall and the whole cart; nothing selected turns checkout off', async () => {
    const { routes } = cartServer([
      { sku_id: 'K1', quantity: 2, selected: true },
      { sku_id: 'K2', quantity: 1, selected: true },
      { sku_id: 'K3', quantity: 1, selected: true },
    ]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(document.querySelectorAll('.cart-line')).toHaveLength(3));
    const checkout = () => document.querySelector<HTMLButtonElement>('.cart-checkout')!;
    expect(checkout().disabled).toBe(false);

    fireEvent.click(checkbox(line('K1'), '.cart-line-check'));
    await waitFor(() => expect(footerText('selected-amount')).toBe('¥50.00'));
    fireEvent.click(checkbox(group('s01'), '.cart-group-check'));
    await waitFor(() => expect(footerText('selected-amount')).toBe('¥149.80'));
    fireEvent.click(checkbox(document.body, '.cart-select-all'));
    await waitFor(() => expect(footerText('selected-amount')).toBe('¥0.00'));
    expect(footerText('selected-quantity')).toBe('已选 0 件');
    expect(checkout().disabled).toBe(true);
    expect(bodiesOf(calls, '/cart/select')).toEqual([
      { sku_ids: ['K1'], selected: false },
      { sku_ids: ['K1', 'K2'], selected: true },
      { sku_ids: 'all', selected: false },
    ]);
  });

  it('checkout goes to the checkout screen, keeping the site', async () => {
    const { routes } = cartServer([{ sku_id: 'K1', quantity: 1, selected: true }]);
    serve(routes);
    renderScreen();
    await waitFor(() => expect(document.querySelector<HTMLButtonElement>('.cart-checkout')?.disabled).toBe(false));
    fireEvent.click(document.querySelector('.cart-checkout')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout?site='));
  });

  it('removes a line after a confirm; the last one leaves the empty cart with a way to the products', async () => {
    const { routes } = cartServer([{ sku_id: 'K1', quantity: 2, selected: true }]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(line('K1')).toBeTruthy());
    fireEvent.click(line('K1').querySelector('.cart-line-remove')!);
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.cart-remove-confirm');
      if (!found) throw new Error('no confirm yet');
      return found;
    });
    expect(confirm.textContent).toContain('确定从购物车删除这件商品吗？');
    expect(confirm.textContent).toContain('夏季T恤 黑色 / M × 2');
    expect(count(calls, '/cart/remove')).toBe(0);
    fireEvent.click(confirm.querySelector('.cart-remove-ok')!);
    await waitFor(() => expect(document.querySelector('.cart-empty')).toBeTruthy());
    expect(bodiesOf(calls, '/cart/remove')).toEqual([{ sku_ids: ['K1'] }]);
    expect(toast).toHaveBeenCalledWith('已从购物车删除', 'success');
    expect(document.querySelector('.cart-empty')?.textContent).toContain('购物车还是空的');
    expect(document.querySelector('.cart-browse')?.getAttribute('href')).toBe('/recentnew?site=');
    expect(document.querySelector('.cart-footer')).toBeNull();
    expect(count(calls, '/cart/lists')).toBe(1);
  });

  it('a price that moved since the line was added shows beside it; a rise puts a notice above the lines that accepts every new price', async () => {
    // K1 was added at 45.90 (49.90 today), K3 at 0.20 (0.10 today), K2 at today's price
    const { lines, routes } = cartServer([
      { sku_id: 'K1', quantity: 2, selected: true, added: 4590 },
      { sku_id: 'K2', quantity: 1, selected: true },
      { sku_id: 'K3', quantity: 3, selected: true, added: 20 },
    ]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(document.querySelectorAll('.cart-line')).toHaveLength(3));
    expect(lineText('K1', 'price')).toBe('¥49.90');
    expect(lineText('K1', 'price-change')).toBe('涨价 ¥45.90 → ¥49.90');
    expect(line('K1').querySelector('.cart-line-price-change')!.classList.contains('is-up')).toBe(true);
    expect(lineText('K3', 'price-change')).toBe('降价 ¥0.20 → ¥0.10');
    expect(line('K3').querySelector('.cart-line-price-change')!.classList.contains('is-down')).toBe(true);
    expect(line('K2').querySelector('.cart-line-price-change')).toBeNull();
    // the amounts are today's, as the server says
    expect(lineText('K1', 'amount')).toBe('¥99.80');

    // the notice is above the lines and counts the rises only
    const notice = document.querySelector<HTMLElement>('.cart-price-notice')!;
    expect(notice.compareDocumentPosition(line('K1')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.textContent).toContain('购物车中有 1 个商品比加入时涨价了，下单前请确认新价格');
    expect(text(notice, '.cart-accept-prices')).toBe('确认新价格');
    fireEvent.click(notice.querySelector('.cart-accept-prices')!);
    await waitFor(() => expect(document.querySelector('.cart-price-notice')).toBeNull());
    expect(bodiesOf(calls, '/cart/accept_prices')).toEqual([{ sku_ids: 'all' }]);
    expect(toast).toHaveBeenCalledWith('已确认新价格', 'success');
    // today's prices are now the lines' own: nothing moved any more, and the answer was the cart (not asked again)
    expect(document.querySelector('.cart-line-price-change')).toBeNull();
    expect(lines.map((l) => l.added)).toEqual([4990, 4990, 10]);
    expect(count(calls, '/cart/lists')).toBe(1);
  });

  it('a cart whose prices only fell has no notice', async () => {
    const { routes } = cartServer([{ sku_id: 'K3', quantity: 1, selected: true, added: 20 }]);
    serve(routes);
    renderScreen();
    await waitFor(() => expect(lineText('K3', 'price-change')).toBe('降价 ¥0.20 → ¥0.10'));
    expect(document.querySelector('.cart-price-notice')).toBeNull();
  });

  it('in English the price changes and the notice show none of our own text in Chinese', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    const { routes } = cartServer([
      { sku_id: 'K1', quantity: 2, selected: true, added: 4590 },
      { sku_id: 'K3', quantity: 1, selected: true, added: 20 },
    ]);
    const calls = serve(routes);
    renderScreen(session, english);
    await waitFor(() => expect(lineText('K1', 'price-change')).toBe('Price up ¥45.90 → ¥49.90'));
    expect(calls.find((c) => c.path === '/cart/lists')?.language).toBe('en_US');
    expect(lineText('K1', 'title')).toBe('Summer T-shirt');
    expect(lineText('K3', 'price-change')).toBe('Price down ¥0.20 → ¥0.10');
    const notice = document.querySelector<HTMLElement>('.cart-price-notice')!;
    expect(notice.textContent).toBe('1 item costs more than when you added it; confirm the new prices before orderingAccept the new prices');
    for (const part of [notice, ...document.querySelectorAll('.cart-line-price-change, .cart-cell-price, .cart-line-amount')]) {
      expect(part.textContent).not.toMatch(/\p{Script=Han}/u);
    }
  });
});
