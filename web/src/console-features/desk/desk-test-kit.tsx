/**
 * Fixtures and helpers of the service desk, finance and marketing screens' tests: staff of those
 * roles, an after-sale, withdrawals, a ledger, coupons and notices as the server answers them, and
 * the antd controls the tests use. Imported by tests only.
 */
import { fireEvent, waitFor } from '@testing-library/react';
import type { Staff } from '../../api/console-api';
import type { CouponTemplate, IssuedCoupon, SellerLedger, StaffAfterSaleDetail, StaffNotice, StaffWithdrawal } from './desk-api';
import { owner } from '../../testing/console-test-kit';

export const servicer: Staff = { ...owner, id: 's8', name: '客服小美', role: 'service', permissions: ['aftersales.read', 'aftersales.write'] };
export const watcher: Staff = { ...owner, id: 's9', name: '只读小周', role: 'service', permissions: ['aftersales.read'] };
export const financier: Staff = { ...owner, id: 's10', name: '财务老陈', role: 'finance', permissions: ['withdrawals.read', 'withdrawals.write', 'payees.read', 'ledgers.read'] };
export const marketer: Staff = { ...owner, id: 's6', name: '营销小王', role: 'marketing', permissions: ['coupons.read', 'coupons.write', 'notices.write'] };

const zero = {
  goods: '0.00',
  service_back: '0.00',
  qc_back: '0.00',
  value_added_back: '0.00',
  shipping_back: '0.00',
  fees_back: '0.00',
  wrong_item_insurance: '0.00',
  wrong_station_fee: '0.00',
  deductions: '0.00',
  total: '0.00',
};

export const saleOf = (over: Partial<StaffAfterSaleDetail> = {}): StaffAfterSaleDetail => ({
  id: 'SH20260101120000000001',
  order_no: 'JP20260101000001',
  kind: 'return_refund',
  status: 'pending_review',
  lines: [{ sku_id: 'P1-a', item_no: 'A101-1001', title: '碎花连衣裙', image: '/media/p/P1/main-1.jpg', color: '红色', size: 'S', price: '49.90', quantity: 2 }],
  quantity: 2,
  reason: '尺码不合适',
  description: '偏小一码',
  images: ['/uploads/a.jpg'],
  breakdown: { ...zero, goods: '99.80', total: '99.80' },
  refund_amount: '99.80',
  refunded: false,
  return_courier: '',
  return_tracking_no: '',
  wrong_item: false,
  wrong_station: false,
  reject_reason: '',
  replacement_courier: '',
  replacement_tracking_no: '',
  applied_at: 1_767_240_000,
  updated_at: 1_767_240_000,
  refunded_at: null,
  return_deadline: null,
  user_id: 'u7',
  mobile: '13700137000',
  timeline: [{ type: 'AfterSaleApplied', at: 1_767_240_000, detail: { kind: 'return_refund', quantity: 2, reason: '尺码不合适', refund_amount: '99.80' } }],
  ...over,
});

/** A return received as the wrong item at the wrong station: 99.80 less 3.00 and 1.00. */
export const receivedWrong = saleOf({
  status: 'return_received',
  return_courier: 'zto',
  return_tracking_no: '7312345678901',
  wrong_item: true,
  wrong_station: true,
  breakdown: { ...zero, goods: '99.80', wrong_item_insurance: '3.00', wrong_station_fee: '1.00', deductions: '4.00', total: '95.80' },
  refund_amount: '95.80',
});

export const withdrawalOf = (over: Partial<StaffWithdrawal> = {}): StaffWithdrawal => ({
  id: 'W1',
  amount: '300.00',
  status: 'pending',
  payee: '张*',
  account: '138****1111',
  reason: '',
  requested_at: 1_767_240_000,
  decided_at: null,
  user_id: 'u7',
  mobile: '13700137000',
  ...over,
});

export const LEDGER: SellerLedger = {
  balance: '120.00',
  frozen: '300.00',
  mobile: '13700137000',
  list: [
    { id: 9, type: 'withdrawal', amount: '-300.00', balance_after: '120.00', frozen_after: '300.00', reference: 'W1', at: 1_767_240_000 },
    { id: 8, type: 'top_up', amount: '420.00', balance_after: '420.00', frozen_after: '0.00', reference: 'P1', at: 1_767_230_000 },
  ],
  total: 2,
};

export const templateOf = (over: Partial<CouponTemplate> = {}): CouponTemplate => ({
  template_id: 'T1',
  name: '满100减10',
  // Published before English names.
  name_en: '',
  type: 'product',
  discount_type: 'full_reduction',
  threshold: '100.00',
  amount: '10.00',
  percent_off: 0,
  valid_from: 1_767_196_800,
  valid_to: 1_769_875_199,
  quantity: 500,
  claimed: 120,
  used: 37,
  created_at: 1_767_196_800,
  ...over,
});

export const couponOf = (over: Partial<IssuedCoupon> = {}): IssuedCoupon => ({
  id: 'CP1',
  name: '运费9折',
  name_zh: '运费9折',
  name_en: '10% off shipping',
  type: 'shipping',
  discount_type: 'discount',
  threshold: '0.00',
  amount: '0.00',
  percent_off: 10,
  valid_from: 1_767_196_800,
  valid_to: 1_769_875_199,
  status: 'used',
  order_no: 'JP20260102000009',
  issued_at: 1_767_196_800,
  used_at: 1_767_300_000,
  user_id: 'u7',
  mobile: '13700137000',
  ...over,
});

export const noticeOf = (over: Partial<StaffNotice> = {}): StaffNotice => ({
  id: 'N1',
  title: '春节放假通知',
  title_en: 'Spring Festival holiday',
  content: '2月9日至2月17日暂停发货。',
  content_en: '',
  pinned: true,
  published_at: 1_767_196_800,
  ...over,
});

export const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);

/** Waits for the element and returns it. */
export async function shown<T extends Element = HTMLElement>(selector: string): Promise<T> {
  return waitFor(() => {
    const found = document.querySelector<T>(selector);
    if (!found) throw new Error(`${selector} not shown yet`);
    return found;
  });
}

/** Types into the input or textarea of `selector` (itself or an antd wrapper around it). */
export function input(selector: string, value: string) {
  const element = document.querySelector<HTMLInputElement>(`${selector} input, ${selector} textarea, input${selector}, textarea${selector}`);
  if (!element) throw new Error(`no input ${selector}`);
  fireEvent.change(element, { target: { value } });
}

/** Opens the antd Select of `selectClass` and picks the option showing `label`. */
export async function choose(selectClass: string, label: string) {
  const select = document.querySelector(`.${selectClass}`);
  if (!select) throw new Error(`no select .${selectClass}`);
  fireEvent.mouseDown(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`${label} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

/** Confirms the open Popconfirm. */
export async function confirmPop() {
  fireEvent.click(await shown('.ant-popconfirm .ant-btn-primary'));
}

/** The primary button of the modal (antd's OK). */
export const modalOk = (modalClass: string) => document.querySelector<HTMLElement>(`.${modalClass} .ant-modal-footer .ant-btn-primary`)!;
