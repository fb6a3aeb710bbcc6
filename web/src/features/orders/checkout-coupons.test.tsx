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

const disabled = (selector: string) => document.querySelector<HTMLInputElement>(`${selector} input`)!.disabled;

describe('coupons at checkout', () => {
  it('lists the coupons by type, chooses the best of each type, says why the others do not apply; a choice by hand replaces it and is submitted', async () => {
    const calls = serve(routes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP1')).toBeTruthy(), SOON);
    // goods and shipping have usable coupons; the service coupon's 10.00 is not reached and says by how much
    expect(texts('.checkout-coupon-type')).toEqual(['商品券', '服务券', '运费券']);
    expect(text('.checkout-coupon-CP1 .checkout-coupon-name')).toBe('满50减10');
    expect(text('.checkout-coupon-CP1 .checkout-coupon-terms')).toBe('满50减10');
    expect(text('.checkout-coupon-CP1 .checkout-coupon-saves')).toBe('本单可减 -¥10.00');
    expect(text('.checkout-coupon-CP2 .checkout-coupon-terms')).toBe('9折');
    expect(text('.checkout-coupon-CP2 .checkout-coupon-saves')).toBe('本单可减 -¥9.98');
    expect(text('.checkout-coupon-CP3 .checkout-coupon-terms')).toBe('无门槛减3');
    expect(text('.checkout-coupon-CP3 .checkout-coupon-until')).toBe(`${formatDate(1797592000, 'YYYY-MM-DD HH:mm')} 到期`);
    expect(document.querySelector('.checkout-coupon-CP4')?.classList.contains('checkout-coupon-unusable')).toBe(true);
    expect(disabled('.checkout-coupon-CP4')).toBe(true);
    expect(text('.checkout-coupon-CP4 .checkout-coupon-why')).toMatch(/^还差 ¥\d+\.\d\d 可用$/);
    expect(document.querySelector('.checkout-coupon-CP4 .checkout-coupon-saves')).toBeNull();
    // the first preview asks what applies; then the best of each type is chosen: 10.00 off the goods beats 9.98
    expect(bodiesOf(calls, '/order/preview')[0]).not.toHaveProperty('coupon_ids');
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP1', 'CP3'] }));
    await waitFor(() => expect(total()).toBe('¥94.40'));
    expect(checked('.checkout-coupon-CP1')).toBe(true);
    expect(checked('.checkout-coupon-CP3')).toBe(true);
    expect(text('.checkout-coupon-CP1 .checkout-coupon-best')).toBe('最省');
    expect(document.querySelector('.checkout-coupon-CP2 .checkout-coupon-best')).toBeNull();
    // a type with one coupon marks none as the best
    expect(document.querySelector('.checkout-coupon-CP3 .checkout-coupon-best')).toBeNull();
    expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥13.00');
    expect(texts('.checkout-applied-coupon')).toEqual(['商品券 · 满50减10-¥10.00', '运费券 · 运费立减-¥3.00']);

    // the seller's own choice replaces the goods coupon and stays
    click('.checkout-coupon-CP2 input');
    await waitFor(() => expect(total()).toBe('¥94.42'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP3', 'CP2'] });
    expect(checked('.checkout-coupon-CP1')).toBe(false);
    expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥12.98');
    expect(texts('.checkout-applied-coupon')).toEqual(['商品券 · 全场9折-¥9.98', '运费券 · 运费立减-¥3.00']);

    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(bodiesOf(calls, '/order/submit')).toHaveLength(1);
    expect(lastBody(calls, '/order/submit')).toMatchObject({ source: 'cart', address_id: 'A1', coupon_ids: ['CP3', 'CP2'] });
  });

  it("'no coupon' takes a type's choice back, and stays so; nothing chosen sends no coupon_ids", async () => {
    const calls = serve(routes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(total()).toBe('¥94.40'), SOON);
    click('.checkout-coupon-group-shipping .checkout-coupon-skip input');
    await waitFor(() => expect(total()).toBe('¥97.40'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP1'] });
    click('.checkout-coupon-group-product .checkout-coupon-skip input');
    await waitFor(() => expect(total()).toBe('¥107.40'));
    expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids');
    // an option change asks again and does not choose for the seller any more
    await choose('checkout-courier', 'checkout-courier-popup', '顺丰速运');
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ courier: 'sf' }));
    expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids');
    expect(checked('.checkout-coupon-group-product .checkout-coupon-skip')).toBe(true);
    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).not.toHaveProperty('coupon_ids');
  });

  it('says when no coupon can be used on the order', async () => {
    serve(routes({}, []));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(text('.checkout-coupon-none')).toBe('暂无可用于本单的优惠券'), SOON);
  });

  it('an option change brings a coupon in reach, which is chosen, and takes it out again, which drops it', async () => {
    // 3 off shipping of 10.00 or more: only the dearer courier reaches it
    const calls = serve(routes({}, [couponOf({ id: 'CPS', name: '运费满10减3', type: 'shipping', threshold: '10.00', amount: '3.00' })]));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    // not reached with ZTO: shown, greyed, with what is missing
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CPS')).toBeTruthy(), SOON);
    expect(text('.checkout-coupon-none')).toBe('暂无可用于本单的优惠券');
    expect(document.querySelector('.checkout-coupon-CPS')?.classList.contains('checkout-coupon-unusable')).toBe(true);
    expect(text('.checkout-coupon-CPS .checkout-coupon-why')).toMatch(/^还差 ¥\d+\.\d\d 可用$/);
    await choose('checkout-courier', 'checkout-courier-popup', '顺丰速运');
    await waitFor(() => expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥3.00'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ courier: 'sf', coupon_ids: ['CPS'] });
    expect(checked('.checkout-coupon-CPS')).toBe(true);

    await choose('checkout-courier', 'checkout-courier-popup', '中通快递');
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toEqual({ source: 'cart', type: 'domestic', courier: 'zto', qc_level: 'basic', value_added: [] }));
    await waitFor(() => expect(text('.checkout-coupon-none')).toBeTruthy());
    expect(total()).toBe('¥107.40');
    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).not.toHaveProperty('coupon_ids');
  });

  it('a submit refused for coupon_ids shows on the picker; the preview is asked again, the used coupon leaves the list and nothing else is chosen for the seller', async () => {
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
    await waitFor(() => expect(total()).toBe('¥94.40'), SOON);
    const previews = count(calls, '/order/preview');

    click('.checkout-submit');
    await waitFor(() => expect(couponErrors()).toEqual(['该优惠券已被使用']));
    expect(where()).toBe('/checkout?site=');
    expect(document.querySelector('.checkout-submit-error')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(lastBody(calls, '/order/submit')).toMatchObject({ coupon_ids: ['CP1', 'CP3'] });
    // asked again: CP1 is gone, the choice with it; the shipping coupon stays and CP2 is not chosen in its place
    await waitFor(() => expect(document.querySelector('.checkout-coupon-CP1')).toBeNull());
    expect(count(calls, '/order/preview')).toBeGreaterThan(previews);
    await waitFor(() => expect(total()).toBe('¥104.40'));
    expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP3'] });
    expect(checked('.checkout-coupon-group-product .checkout-coupon-skip')).toBe(true);
    expect(couponErrors()).toEqual(['该优惠券已被使用']);

    // choosing another clears the message
    click('.checkout-coupon-CP2 input');
    await waitFor(() => expect(couponErrors()).toEqual([]));
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ coupon_ids: ['CP3', 'CP2'] }));
  });

  it('a preview refused for the chosen coupons shows on the picker, is asked again without them and chooses none again', async () => {
    const calls = serve(
      routes({
        '/order/preview': (body) =>
          (body.coupon_ids as string[] | undefined)?.includes('CP3')
            ? refused(422, '优惠券当前不可用', { field: 'coupon_ids' })
            : ok(priceRequest(asRequest(body), undefined, WALLET_COUPONS)),
      }),
    );
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    // the best choice (CP1 and CP3) is refused
    await waitFor(() => expect(couponErrors()).toEqual(['优惠券当前不可用']), SOON);
    await waitFor(() => expect(lastBody(calls, '/order/preview')).not.toHaveProperty('coupon_ids'));
    expect(checked('.checkout-coupon-group-shipping .checkout-coupon-skip')).toBe(true);
    expect(checked('.checkout-coupon-group-product .checkout-coupon-skip')).toBe(true);
    // not shown as a failed preview
    expect(document.querySelector('.checkout-preview-error')).toBeNull();
    await waitFor(() => expect(total()).toBe('¥107.40'));
    expect(bodiesOf(calls, '/order/preview').filter((b) => (b.coupon_ids as string[] | undefined)?.includes('CP3'))).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('coupons in manual entry', () => {
  it('the same picker: the best coupons for looked-up lines go with the preview and the submit, one not reached says by how much', async () => {
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
    // one T-shirt (49.90) is 0.10 short of 满50减10; the 9折 coupon takes 4.99 and the shipping one 3.00
    await waitFor(() => expect(text('.checkout-fees .order-fee-coupon_discount')).toBe('优惠券抵扣-¥7.99'));
    expect(text('.checkout-coupon-CP1 .checkout-coupon-why')).toBe('还差 ¥0.10 可用');
    expect(lastBody(calls, '/order/preview')).toMatchObject({ source: 'manual', lines: [{ sku_id: 'K1', quantity: 1 }], coupon_ids: ['CP2', 'CP3'] });
    click('.checkout-submit');
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).toMatchObject({ source: 'manual', coupon_ids: ['CP2', 'CP3'] });
  });
});
