import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { couponBody } from './coupon-body';
import { choose, couponOf, input, marketer, shown, templateOf, texts } from './desk-test-kit';

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

function serveCoupons(more: Record<string, (body: Record<string, unknown>) => Response> = {}, staff = marketer) {
  return serveConsole({
    '/staff/me': () => ok(staff),
    '/coupons/templates': () => ok({ list: [templateOf()], total: 1 }),
    '/coupons': () =>
      ok({
        list: [
          couponOf({ seller: { mobile: '137****7000', name: '小美女装' } }),
          couponOf({ id: 'CP2', status: 'unused', order_no: '', used_at: null, seller: { mobile: '137****7000', name: '137****7000' } }),
        ],
        total: 2,
      }),
    '/coupons/publish': (body) => ok({ ...templateOf({ template_id: 'T2' }), ...body }),
    '/coupons/issue': (body) => ok({ ...couponOf({ id: 'CP3', status: 'unused', order_no: '' }), ...body }),
    ...more,
  });
}

const tab = (index: number) => fireEvent.click(document.querySelectorAll<HTMLElement>('.console-desk-coupon-tabs .ant-tabs-tab')[index]!);

/** Types a day into each end of the range picker and confirms it. */
async function pickRange(from: string, to: string) {
  const [start, end] = [...document.querySelectorAll<HTMLInputElement>('.console-desk-coupon-validity input')];
  fireEvent.mouseDown(start!);
  fireEvent.focus(start!);
  fireEvent.change(start!, { target: { value: from } });
  fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.focus(end!);
  fireEvent.change(end!, { target: { value: to } });
  fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect([start!.value, end!.value]).toEqual([from, to]));
}

describe('coupon body', () => {
  it('sends whole days as unix seconds, yuan with two decimals, and only the discount the type takes', () => {
    const validity: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-03-01T15:00:00'), dayjs('2026-03-31T08:00:00')];
    expect(couponBody({ name: ' 满100减10 ', name_en: ' ¥10 off over ¥100 ', type: 'product', discount_type: 'full_reduction', threshold: '100', amount: '10.5', percent_off: 30, validity })).toEqual({
      name: '满100减10',
      name_en: '¥10 off over ¥100',
      type: 'product',
      discount_type: 'full_reduction',
      threshold: '100.00',
      amount: '10.50',
      valid_from: dayjs('2026-03-01T00:00:00').unix(),
      valid_to: dayjs('2026-03-31T23:59:59').unix(),
    });
    expect(couponBody({ name: '9折', name_en: '10% off shipping', type: 'shipping', discount_type: 'discount', threshold: '', amount: '5', percent_off: 10, validity })).toEqual({
      name: '9折',
      name_en: '10% off shipping',
      type: 'shipping',
      discount_type: 'discount',
      percent_off: 10,
      valid_from: dayjs('2026-03-01T00:00:00').unix(),
      valid_to: dayjs('2026-03-31T23:59:59').unix(),
    });
  });
});

describe('coupons screen', () => {
  it('lists the published coupons with both names, quantity, claimed and used', async () => {
    const calls = serveCoupons();
    renderConsole('/coupons', intl);
    const row = await shown('.console-desk-template-table tbody tr.ant-table-row');
    expect(calls.find((c) => c.path === '/coupons/templates')?.body).toEqual({ page: '1', pagesize: '20' });
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[0]).toBe('满100减10');
    expect(cells[1]).toBe('（无：英文界面按优惠条件显示）');
    expect(cells[2]).toBe('商品券');
    expect(cells.slice(5, 8)).toEqual(['500', '120', '37']);
  });

  it('lists the issued coupons with their status and the order that used them; searches by phone', async () => {
    const calls = serveCoupons();
    renderConsole('/coupons', intl);
    await shown('.console-desk-template-table');
    tab(1);
    await waitFor(() => expect(document.querySelectorAll('.console-desk-coupon-table tbody tr.ant-table-row')).toHaveLength(2), SOON);
    expect(texts('.console-desk-coupon-status')).toEqual(['已使用', '未使用']);
    expect(texts('.console-desk-coupon-order')).toEqual(['JP20260102000009', '']);
    expect(texts('.console-desk-coupon-table .console-desk-coupon-name-en')).toEqual(['10% off shipping', '10% off shipping']);
    // whose each is: name and masked phone, never the raw user id (the name once when it is the phone)
    expect(texts('.console-desk-coupon-table .console-desk-seller')).toEqual(['小美女装 137****7000', '137****7000']);
    expect(document.querySelector('.console-desk-coupon-table')?.textContent).not.toContain('u7');
    input('.console-desk-coupon-mobile', ' 137-0013-7000 ');
    fireEvent.click(document.querySelector('.console-desk-coupon-search')!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/coupons').at(-1)?.body).toEqual({ mobile: '13700137000', page: '1', pagesize: '20' }));
    // the last four digits are enough; fewer are said under the box and not sent
    input('.console-desk-coupon-mobile', '7000');
    fireEvent.click(document.querySelector('.console-desk-coupon-search')!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/coupons').at(-1)?.body).toEqual({ mobile: '7000', page: '1', pagesize: '20' }));
    const asked = calls.length;
    input('.console-desk-coupon-mobile', '700');
    fireEvent.click(document.querySelector('.console-desk-coupon-search')!);
    await waitFor(() => expect(texts('.console-desk-phone-search .ant-form-item-explain-error')).toEqual(['请输入手机号中的 4 到 11 位数字']));
    expect(calls.length).toBe(asked);
  });

  it('publishes a claimable coupon with its validity in unix seconds', async () => {
    const calls = serveCoupons();
    renderConsole('/coupons', intl);
    await shown('.console-desk-template-table');
    tab(3);
    await shown('.console-desk-coupon-publish');
    input('.console-desk-coupon-name', '新人满100减10');
    input('.console-desk-coupon-name-en-input', ' ¥10 off over ¥100 for newcomers ');
    input('.console-desk-coupon-amount', '10');
    input('.console-desk-coupon-threshold', '100');
    input('.console-desk-coupon-quantity', '200');
    await pickRange('2026-03-01', '2026-03-31');
    fireEvent.click(document.querySelector('.console-desk-coupon-publish .console-desk-coupon-submit')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/coupons/publish')).toBe(true), SOON);
    const body = calls.find((c) => c.path === '/coupons/publish')!.body;
    expect(body).toEqual({
      name: '新人满100减10',
      name_en: '¥10 off over ¥100 for newcomers',
      type: 'product',
      discount_type: 'full_reduction',
      threshold: '100.00',
      amount: '10.00',
      valid_from: dayjs('2026-03-01T00:00:00').unix(),
      valid_to: dayjs('2026-03-31T23:59:59').unix(),
      quantity: 200,
    });
    // seconds, not milliseconds
    expect(Number.isInteger(body.valid_from)).toBe(true);
    expect(String(body.valid_to)).toHaveLength(10);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('领取券已发布', 'success'));
    // back to the published coupons, asked again
    await waitFor(() => expect(calls.filter((c) => c.path === '/coupons/templates').length).toBeGreaterThanOrEqual(2));
  });

  it('issues a percentage coupon to a seller and shows a refusal under its field', async () => {
    let tries = 0;
    const calls = serveCoupons({
      '/coupons/issue': (body) => {
        tries += 1;
        return tries === 1 ? refused(422, '没有这个手机号的卖家', { field: 'mobile' }) : ok({ ...couponOf(), ...body });
      },
    });
    renderConsole('/coupons', intl);
    await shown('.console-desk-template-table');
    tab(2);
    await shown('.console-desk-coupon-issue');
    input('.console-desk-coupon-form-mobile', '13700137001');
    input('.console-desk-coupon-name', '运费9折');
    input('.console-desk-coupon-name-en-input', '10% off shipping');
    await choose('console-desk-coupon-type', '运费券');
    await choose('console-desk-coupon-discount-type', '折扣');
    await shown('.console-desk-coupon-percent');
    input('.console-desk-coupon-percent', '10');
    fireEvent.click(document.querySelector('.console-desk-coupon-issue .console-desk-coupon-submit')!);
    await waitFor(() => expect(texts('.console-desk-coupon-issue .ant-form-item-explain-error')).toEqual(['没有这个手机号的卖家']), SOON);
    const body = calls.find((c) => c.path === '/coupons/issue')!.body;
    expect(body).toMatchObject({ mobile: '13700137001', name: '运费9折', name_en: '10% off shipping', type: 'shipping', discount_type: 'discount', percent_off: 10 });
    expect(body).not.toHaveProperty('amount');
    expect(typeof body.valid_from).toBe('number');
    expect(typeof body.valid_to).toBe('number');

    input('.console-desk-coupon-form-mobile', '13700137000');
    fireEvent.click(document.querySelector('.console-desk-coupon-issue .console-desk-coupon-submit')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已发放给 13700137000', 'success'), SOON);
  });

  it('checks the form before sending', async () => {
    const calls = serveCoupons();
    renderConsole('/coupons', intl);
    await shown('.console-desk-template-table');
    tab(3);
    await shown('.console-desk-coupon-publish');
    input('.console-desk-coupon-amount', '0');
    input('.console-desk-coupon-threshold', '1.234');
    fireEvent.click(document.querySelector('.console-desk-coupon-publish .console-desk-coupon-submit')!);
    await waitFor(() =>
      expect(texts('.console-desk-coupon-publish .ant-form-item-explain-error')).toEqual([
        '请输入优惠券名称',
        '请输入优惠券英文名称',
        '请输入大于 0 的金额，最多两位小数',
        '请输入金额，最多两位小数',
        '请输入至少为 1 的整数',
      ]),
    );
    expect(calls.some((c) => c.path === '/coupons/publish')).toBe(false);
  });

  it('offers the forms only to staff who may write coupons', async () => {
    serveCoupons({}, { ...marketer, permissions: ['coupons.read'] });
    renderConsole('/coupons', intl);
    await shown('.console-desk-template-table');
    expect(document.querySelectorAll('.console-desk-coupon-tabs .ant-tabs-tab')).toHaveLength(2);
  });
});
