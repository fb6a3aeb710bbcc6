import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRequest } from './types';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl, setIntl } from '../../lib/i18n';
import CheckoutScreen from './checkout-screen';
import HandOrderScreen from './hand-order-screen';
import {
  ADDRESS,
  bodiesOf,
  count,
  couponOf,
  lastBody,
  ok,
  orderOf,
  priceRequest,
  refused,
  renderAt,
  serve,
  SETTINGS,
  stubBrowserBits,
  stubRequestOrigin,
  WALLET_COUPONS,
  type Handler,
} from './order-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
// whole flows through antd forms: slow on a shared machine
vi.setConfig({ testTimeout: 20_000 });
/** The first render loads antd's form, select and radio code: give it time on a busy machine. */
const SOON = { timeout: 20_000 };

beforeAll(() => {
  stubBrowserBits();
  // form checks and re-asked previews take longer than waitFor's default second on a loaded machine
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

const asRequest = (body: Record<string, unknown>) => body as unknown as OrderRequest;

function routes(extra: Record<string, Handler> = {}, coupons = WALLET_COUPONS): Record<string, Handler> {
  return {
    '/forward/settings': () => ok(SETTINGS),
    '/address/lists': () => ok([ADDRESS]),
    '/order/preview': (body) => ok(priceRequest(asRequest(body), undefined, coupons)),
    '/order/submit': () => ok({ order: orderOf({ order_no: 'JP9' }) }),
    ...extra,
  };
}

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
const click = (selector: string) => fireEvent.click(document.querySelector(selector)!);
const where = () => screen.getByTestId('where').textContent;
const checked = (selector: string) => document.querySelector<HTMLInputElement>(`${selector} input`)!.checked;
const couponErrors = () => texts('.checkout-coupon-field .ant-form-item-explain-error');
const total = () => text('.order-fee-total .order-total');

async function choose(selectClass: string, popupClass: string, name: string) {
  fireEvent.mouseDown(document.querySelector(`.${selectClass} .ant-select-content, .${selectClass} .ant-select-selector, .${selectClass}`)!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.${popupClass} .ant-select-item-option`)].find((o) => o.textContent?.includes(name));
    if (!found) throw new Error(`${name} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

describe('coupons at checkout', () => {
  it('lists the usable coupons by type; one of each type is chosen, priced by the preview, shown as applied and submitted', async () => {
    const calls = serve(routes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP1')).toBeTruthy(), SOON);
    // goods and shipping have usable coupons; the service coupon's 10.00 is not reached
    expect(texts('.checkout-coupon-type')).toEqual(['商品券', '运费券']);
    expect(document.querySelector('.checkout-coupon-CP4')).toBeNull();
    expect(text('.checkout-coupon-CP1 .checkout-coupon-name')).toBe('满50减10');
    expect(text('.checkout-coupon-CP1 .checkout-coupon-terms')).toBe('满50减10');
    expect(text('.checkout-coupon-CP1 .checkout-coupon-saves')).toBe('本单可减 -¥10.00');
    expect(text('.checkout-coupon-CP2 .checkout-coupon-terms')).toBe('9折');
    expect(text('.checkout-coupon-CP2 .checkout-coupon-saves')).toBe('本单可减 -¥9.98');
    expect(text('.checkout-coupon-CP3 .checkout-coupon-terms')).toBe('无门槛减3');
    expect(text('.checkout-coupon-CP3 .checkout-coupon-until')).toBe(`${formatDate(1797592000, 'YYYY-MM-DD HH:mm')} 到期`);
    // nothing chosen at first: no coupon_ids, no discount row
    expect(checked('.checkout-coupon-group-product .checkout-coupon-skip')).toBe(true);
    expect(checked('.checkout-coupon-group-shipping .checkout-coupon-skip')).toBe(true);
    expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids');
    await waitFor(() => expect(total()).toBe('¥107.40'));
    expect(document.querySelector('.order-fee-coupon_discount')).toBeNull();
    expect(document.querySelector('.checkout-applied-coupons')).toBeNull();

    click('.checkout-coupon-CP1 input');
    await waitFor(() => expect(total()).toBe('¥97.40'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP1'] });
    expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥10.00');
    expect(texts('.checkout-applied-coupon')).toEqual(['商品券 · 满50减10-¥10.00']);

    // a second goods coupon replaces the first
    click('.checkout-coupon-CP2 input');
    await waitFor(() => expect(total()).toBe('¥97.42'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP2'] });
    expect(checked('.checkout-coupon-CP1')).toBe(false);
    // and one for the shipping goes with it
    click('.checkout-coupon-CP3 input');
    await waitFor(() => expect(total()).toBe('¥94.42'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP2', 'CP3'] });
    expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥12.98');
    expect(texts('.checkout-applied-coupon')).toEqual(['商品券 · 全场9折-¥9.98', '运费券 · 运费立减-¥3.00']);

    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(bodiesOf(calls, '/order/submit')).toHaveLength(1);
    expect(lastBody(calls, '/order/submit')).toMatchObject({ source: 'cart', address_id: 'A1', coupon_ids: ['CP2', 'CP3'] });
  });

  it("'no coupon' takes a type's choice back; nothing chosen sends no coupon_ids", async () => {
    const calls = serve(routes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP3')).toBeTruthy(), SOON);
    click('.checkout-coupon-CP3 input');
    await waitFor(() => expect(total()).toBe('¥104.40'));
    click('.checkout-coupon-group-shipping .checkout-coupon-skip input');
    await waitFor(() => expect(total()).toBe('¥107.40'));
    expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids');
    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).not.toHaveProperty('coupon_ids');
  });

  it('says when no coupon can be used on the order', async () => {
    serve(routes({}, []));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(text('.checkout-coupon-none')).toBe('暂无可用于本单的优惠券'), SOON);
  });

  it('an option change that takes a chosen coupon out of reach drops it', async () => {
    // 3 off shipping of 10.00 or more: only the dearer courier reaches it
    const calls = serve(routes({}, [couponOf({ id: 'CPS', name: '运费满10减3', type: 'shipping', threshold: '10.00', amount: '3.00' })]));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(text('.checkout-coupon-none')).toBeTruthy(), SOON);
    await choose('checkout-courier', 'checkout-courier-popup', '顺丰速运');
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CPS')).toBeTruthy());
    click('.checkout-coupon-CPS input');
    await waitFor(() => expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥3.00'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ courier: 'sf', coupon_ids: ['CPS'] });

    await choose('checkout-courier', 'checkout-courier-popup', '中通快递');
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toEqual({ source: 'cart', type: 'domestic', courier: 'zto', qc_level: 'basic', value_added: [] }));
    await waitFor(() => expect(text('.checkout-coupon-none')).toBeTruthy());
    expect(total()).toBe('¥107.40');
    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).not.toHaveProperty('coupon_ids');
  });

  it('a submit refused for coupon_ids shows on the picker; the preview is asked again and the used coupon leaves the list', async () => {
    let usedElsewhere = false;
    const wallet = () => WALLET_COUPONS.map((c) => (c.id === 'CP1' && usedElsewhere ? { ...c, status: 'used' as const, order_no: 'JP8' } : c));
    const calls = serve(
      routes({
        '/order/preview': (body) => ok(priceRequest(asRequest(body), undefined, wallet())),
        '/order/submit': () => {
          usedElsewhere = true;
          return refused(422, '该优惠券已被使用', { field: 'coupon_ids' });
        },
      }),
    );
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP1')).toBeTruthy(), SOON);
    click('.checkout-coupon-CP1 input');
    await waitFor(() => expect(total()).toBe('¥97.40'));
    const previews = count(calls, '/order/preview');

    click('.checkout-submit');
    await waitFor(() => expect(couponErrors()).toEqual(['该优惠券已被使用']));
    expect(where()).toBe('/checkout?site=');
    expect(document.querySelector('.checkout-submit-error')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(lastBody(calls, '/order/submit')).toMatchObject({ coupon_ids: ['CP1'] });
    // asked again: CP1 is gone, the choice with it, and the order is priced without it
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP1')).toBeNull());
    expect(count(calls, '/order/preview')).toBeGreaterThan(previews);
    await waitFor(() => expect(total()).toBe('¥107.40'));
    expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids');
    expect(couponErrors()).toEqual(['该优惠券已被使用']);

    // choosing another clears the message
    click('.checkout-coupon-CP2 input');
    await waitFor(() => expect(couponErrors()).toEqual([]));
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP2'] }));
  });

  it('a preview refused for coupon_ids shows on the picker and is asked again without the coupons', async () => {
    const calls = serve(
      routes({
        '/order/preview': (body) =>
          (body.coupon_ids as string[] | undefined)?.includes('CP3')
            ? refused(422, '优惠券当前不可用', { field: 'coupon_ids' })
            : ok(priceRequest(asRequest(body), undefined, WALLET_COUPONS)),
      }),
    );
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP3')).toBeTruthy(), SOON);
    click('.checkout-coupon-CP3 input');
    await waitFor(() => expect(couponErrors()).toEqual(['优惠券当前不可用']));
    await waitFor(() => expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids'));
    expect(checked('.checkout-coupon-group-shipping .checkout-coupon-skip')).toBe(true);
    // not shown as a failed preview
    expect(document.querySelector('.checkout-preview-error')).toBeNull();
    await waitFor(() => expect(total()).toBe('¥107.40'));
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('coupons in manual entry', () => {
  it('the same picker: a coupon chosen for looked-up lines goes with the preview and the submit', async () => {
    const lookup = {
      product_id: 'P1',
      item_no: 'A1001',
      title: '夏季T恤',
      image: '/media/p/P1/main-1.jpg',
      stall_name: '一号档口',
      skus: [{ sku_id: 'K1', color: '黑色', size: 'M', price: '49.90', stock: 120 }],
    };
    const calls = serve(routes({ '/order/item': () => ok(lookup) }));
    renderAt('/handOrder?site=', <HandOrderScreen />, intl);
    await waitFor(() => expect(document.querySelector('.hand-item-no')).toBeTruthy(), SOON);
    // nothing entered: nothing to choose from
    expect(text('.checkout-coupon-none')).toBe('暂无可用于本单的优惠券');
    fireEvent.change(document.querySelector('.hand-item-no')!, { target: { value: 'A1001' } });
    click('.hand-search');
    await waitFor(() => expect(document.querySelector('.hand-sku')).toBeTruthy());
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.hand-sku-sizes .hand-sku-size')].find((e) => e.textContent === 'M')!.querySelector('input')!);
    click('.hand-sku-add');
    // one T-shirt (49.90) does not reach 满50减10; the 9折 coupon takes 4.99
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP2')).toBeTruthy());
    expect(document.querySelector('.checkout-coupon-CP1')).toBeNull();
    click('.checkout-coupon-CP2 input');
    await waitFor(() => expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥4.99'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ source: 'manual', lines: [{ sku_id: 'K1', quantity: 1 }], coupon_ids: ['CP2'] });
    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).toMatchObject({ source: 'manual', coupon_ids: ['CP2'] });
  });
});
