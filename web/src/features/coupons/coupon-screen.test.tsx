import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl, setIntl } from '../../lib/i18n';
import CouponScreen from './coupon-screen';
import { bodiesOf, claimableOf, count, couponBook, couponOf, lastBody, ok, renderAt, serve, stubBrowserBits, stubRequestOrigin } from './coupon-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
// whole flows through antd forms and selects: slow on a shared machine
vi.setConfig({ testTimeout: 20_000 });
/** The first render loads antd's form and select code: give it time on a busy machine. */
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

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
const click = (selector: string) => fireEvent.click(document.querySelector(selector)!);
const where = () => screen.getByTestId('where').textContent;
const fieldErrors = () => texts('.coupon-filters .ant-form-item-explain-error');
const card = (id: string) => document.querySelector<HTMLElement>(`.coupon-list [data-coupon="${id}"]`)!;

async function choose(selectClass: string, name: string) {
  fireEvent.mouseDown(document.querySelector(`.${selectClass} .ant-select-content, .${selectClass} .ant-select-selector, .${selectClass}`)!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.${selectClass}-popup .ant-select-item-option`)].find((o) => o.textContent === name);
    if (!found) throw new Error(`${name} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

const selectShown = (selectClass: string) => text(`.${selectClass} .ant-select-content`) ?? text(`.${selectClass}`);

/** The caller's coupons: one of each kind the screen words differently. CP1 was released by a cancelled order. */
const MINE = [
  couponOf({ id: 'CP1', name: '新人满减券', order_no: 'JP202611200009', issued_at: 1795000005 }),
  couponOf({ id: 'CP2', name: '全场9折', discount_type: 'discount', threshold: '0.00', amount: '0.00', percent_off: 10, issued_at: 1795000004 }),
  couponOf({ id: 'CP3', name: '大额折扣', discount_type: 'discount', threshold: '200.00', amount: '0.00', percent_off: 15, status: 'used', order_no: 'JP202611210001', used_at: 1795100000, issued_at: 1795000003 }),
  couponOf({ id: 'CP4', name: '过期券', threshold: '99.90', amount: '9.90', status: 'expired', issued_at: 1795000002 }),
  couponOf({ id: 'CP5', name: '运费券', type: 'shipping', threshold: '0.00', amount: '5.00', issued_at: 1795000001 }),
  couponOf({ id: 'CP6', name: '服务费券', type: 'service', issued_at: 1795000000 }),
];

describe('the coupons screen', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve(couponBook(MINE, []));
    renderAt('/coupon?site=', <CouponScreen />, intl, null);
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('starts with the three selects empty and searches only when type, discount type and usage status are all chosen', async () => {
    const calls = serve(couponBook(MINE, []));
    renderAt('/coupon?site=', <CouponScreen />, intl);
    await waitFor(() => expect(document.querySelector('.coupon-search')).toBeTruthy(), SOON);
    expect(text('.coupon-hint')).toBe('请选择优惠券类型、优惠类型和使用状态后查询');
    expect(selectShown('coupon-filter-type')).toBe('请选择优惠券类型');
    expect(selectShown('coupon-filter-discount')).toBe('请选择优惠类型');
    expect(selectShown('coupon-filter-status')).toBe('请选择使用状态');

    click('.coupon-search');
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择优惠券类型', '请选择优惠类型', '请选择使用状态']));
    await choose('coupon-filter-type', '商品券');
    click('.coupon-search');
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择优惠类型', '请选择使用状态']));
    await choose('coupon-filter-discount', '全部优惠类型');
    click('.coupon-search');
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择使用状态']));
    expect(count(calls, '/coupon/lists')).toBe(0);
    expect(where()).toBe('/coupon?site=');

    await choose('coupon-filter-status', '全部状态');
    click('.coupon-search');
    await waitFor(() => expect(where()).toBe('/coupon?type=product&discount=all&status=all&site='));
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(4));
    expect(fieldErrors()).toEqual([]);
    expect(bodiesOf(calls, '/coupon/lists')).toEqual([{ page: 1, pagesize: 10, type: 'product', discount_type: 'all', status: 'all' }]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('lists the coupons with their discounts, validity, status and order; tabs count the usage states and switch the status', async () => {
    const calls = serve(couponBook(MINE, []));
    renderAt('/coupon?type=all&discount=all&status=all&site=', <CouponScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(6), SOON);
    // the address's search fills the selects
    expect(selectShown('coupon-filter-type')).toBe('全部类型');
    expect(selectShown('coupon-filter-status')).toBe('全部状态');
    expect(texts('.coupon-list .coupon-discount')).toEqual(['满100减10', '9折', '满200享8.5折', '满99.9减9.9', '无门槛减5', '满100减10']);
    expect(text('.coupon-no-threshold', card('CP2'))).toBe('无门槛');
    expect(card('CP1').querySelector('.coupon-no-threshold')).toBeNull();
    expect(text('.coupon-name', card('CP1'))).toBe('新人满减券');
    expect(texts('.coupon-list .coupon-type')).toEqual(['商品券', '商品券', '商品券', '商品券', '运费券', '服务券']);
    expect(text('.coupon-discount-type', card('CP2'))).toBe('折扣');
    expect(text('.coupon-validity', card('CP1'))).toBe(`有效期 ${formatDate(1795000000, 'YYYY-MM-DD HH:mm')} 至 ${formatDate(1797592000, 'YYYY-MM-DD HH:mm')}`);
    expect(texts('.coupon-list .coupon-status')).toEqual(['未使用', '未使用', '已使用', '已过期', '未使用', '未使用']);
    // the used one names its order, linked
    expect(card('CP3').querySelector('.coupon-order-no')?.getAttribute('href')).toBe('/orderDetail?order_no=JP202611210001&site=');
    expect(text('.coupon-used-at', card('CP3'))).toBe(`使用时间 ${formatDate(1795100000)}`);
    // released by its cancelled order: unused again, no order shown
    expect(card('CP1').querySelector('.coupon-order')).toBeNull();
    expect(texts('.coupon-tab')).toEqual(['全部 6', '未使用 4', '已使用 1', '已过期 1']);
    expect(text('.coupon-pagination .ant-pagination-total-text')).toBe('共 6 条');

    click('.coupon-tab-used');
    await waitFor(() => expect(where()).toBe('/coupon?type=all&discount=all&status=used&site='));
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(1));
    expect(lastBody(calls, '/coupon/lists')).toEqual({ page: 1, pagesize: 10, type: 'all', discount_type: 'all', status: 'used' });
    await waitFor(() => expect(selectShown('coupon-filter-status')).toBe('已使用'));

    // counts follow the other two filters
    await choose('coupon-filter-discount', '折扣');
    click('.coupon-search');
    await waitFor(() => expect(texts('.coupon-tab')).toEqual(['全部 2', '未使用 1', '已使用 1', '已过期 0']));
    expect(lastBody(calls, '/coupon/lists')).toEqual({ page: 1, pagesize: 10, type: 'all', discount_type: 'discount', status: 'used' });
  });

  it('pages through the list with the page in the address', async () => {
    const many = Array.from({ length: 12 }, (_, i) => couponOf({ id: `M${i}`, name: `券${i}`, issued_at: 1795000100 - i }));
    const calls = serve(couponBook(many, []));
    renderAt('/coupon?type=product&discount=full_reduction&status=unused&site=', <CouponScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(10), SOON);
    fireEvent.click(document.querySelector('.coupon-pagination .ant-pagination-item-2')!);
    await waitFor(() => expect(where()).toBe('/coupon?type=product&discount=full_reduction&status=unused&page=2&site='));
    await waitFor(() => expect(texts('.coupon-list .coupon-name')).toEqual(['券10', '券11']));
    expect(lastBody(calls, '/coupon/lists')).toMatchObject({ page: 2, pagesize: 10 });
  });

  it('says so when nothing matches', async () => {
    serve(couponBook([], []));
    renderAt('/coupon?type=service&discount=discount&status=expired&site=', <CouponScreen />, intl);
    await waitFor(() => expect(text('.coupon-list-empty .ant-empty-description')).toBe('没有符合条件的优惠券'), SOON);
    expect(texts('.coupon-tab')).toEqual(['全部 0', '未使用 0', '已使用 0', '已过期 0']);
  });

  it('words the discounts in English: RMB 10.00 off orders of 100.00, 10% off', async () => {
    const english = makeIntl('en_US', { ...zh, ...en });
    setIntl(english);
    serve(couponBook(MINE, []));
    renderAt('/coupon?type=all&discount=all&status=all&site=', <CouponScreen />, english);
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(6), SOON);
    expect(texts('.coupon-list .coupon-discount')).toEqual([
      'RMB 10.00 off orders of 100.00',
      '10% off',
      '15% off orders of 200.00',
      'RMB 9.90 off orders of 99.90',
      'RMB 5.00 off, no minimum spend',
      'RMB 10.00 off orders of 100.00',
    ]);
    expect(texts('.coupon-list .coupon-status').slice(0, 4)).toEqual(['Unused', 'Unused', 'Used', 'Expired']);
    expect(text('.coupon-type', card('CP5'))).toBe('Shipping coupon');
  });
});

describe('claiming coupons', () => {
  it('lists what can be claimed with how many are left; a claim says so and both lists are asked again', async () => {
    const published = [
      claimableOf(),
      claimableOf({ template_id: 'T2', name: '满200减30', type: 'product', threshold: '200.00', amount: '30.00', remaining: 3 }),
    ];
    const calls = serve(couponBook([couponOf()], published));
    renderAt('/coupon?type=all&discount=all&status=unused&site=', <CouponScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.coupon-claimable')).toHaveLength(2), SOON);
    const row = (id: string) => document.querySelector<HTMLElement>(`.coupon-claimable[data-template="${id}"]`)!;
    expect(text('.coupon-name', row('T1'))).toBe('运费立减');
    expect(text('.coupon-discount', row('T1'))).toBe('无门槛减5');
    expect(text('.coupon-type', row('T1'))).toBe('运费券');
    expect(text('.coupon-remaining', row('T1'))).toBe('剩余 42 张');
    expect(text('.coupon-discount', row('T2'))).toBe('满200减30');
    expect(text('.coupon-remaining', row('T2'))).toBe('剩余 3 张');
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(1));
    expect(count(calls, '/coupon/claimable')).toBe(1);

    fireEvent.click(row('T2').querySelector('.coupon-claim')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('领取成功', 'success'));
    expect(lastBody(calls, '/coupon/claim')).toEqual({ template_id: 'T2' });
    // the claimed one leaves the claimable list and joins the caller's coupons
    await waitFor(() => expect(document.querySelectorAll('.coupon-claimable')).toHaveLength(1));
    await waitFor(() => expect(document.querySelectorAll('.coupon-list .coupon-card')).toHaveLength(2));
    expect(text('.coupon-list .coupon-card .coupon-discount')).toBe('满200减30');
    expect(texts('.coupon-tab')).toEqual(['全部 2', '未使用 2', '已使用 0', '已过期 0']);
    expect(count(calls, '/coupon/claimable')).toBe(2);
  });

  it("a refusal is toasted by the base query and the claimable list is asked again", async () => {
    let claimable = [claimableOf({ remaining: 1 })];
    const calls = serve({
      '/coupon/claimable': () => ok({ list: claimable }),
      '/coupon/claim': () => {
        claimable = [];
        return new Response(JSON.stringify({ code: 0, msg: '该优惠券已被领完', time: 1, data: null }), { status: 422, headers: { 'content-type': 'application/json' } });
      },
    });
    renderAt('/coupon?site=', <CouponScreen />, intl);
    await waitFor(() => expect(document.querySelector('.coupon-claim')).toBeTruthy(), SOON);
    click('.coupon-claim');
    await waitFor(() => expect(toast.mock.calls.map((c) => c.slice(0, 2))).toEqual([['该优惠券已被领完', 'error']]));
    await waitFor(() => expect(text('.coupon-claim-empty .ant-empty-description')).toBe('暂无可领取的优惠券'));
    expect(toast).not.toHaveBeenCalledWith('领取成功', 'success');
    expect(count(calls, '/coupon/claimable')).toBe(2);
    // no search yet: the list is not asked
    expect(count(calls, '/coupon/lists')).toBe(0);
  });
});
