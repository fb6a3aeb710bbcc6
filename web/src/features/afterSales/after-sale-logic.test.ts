import { describe, expect, it } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import {
  addressLine,
  breakdownRows,
  isBlankAddress,
  returnBody,
  returnFieldOf,
  SALE_TABS,
  saleActions,
  saleEventFacts,
  saleEventKey,
  saleListBody,
  saleListFromSearch,
  saleListSearch,
  saleTabCount,
  saleTabKey,
  showsReturnAddress,
  validateReturnCourier,
  validateTrackingNo,
} from './after-sale-logic';
import { RETURN_ADDRESS, ZERO_BREAKDOWN } from './after-sale-test-kit';

const catalogue = zh as Record<string, string>;

describe('the list in the address', () => {
  it('reads status, order-number prefix and page; unknown values fall back', () => {
    expect(saleListFromSearch('status=awaiting_return&no=%20JP1%20&page=3&size=20')).toEqual({ status: 'awaiting_return', orderNo: 'JP1', page: 3, pagesize: 20 });
    expect(saleListFromSearch('status=lost&page=-1&size=1000')).toEqual({ status: 'all', orderNo: '', page: 1, pagesize: 10 });
  });

  it('writes only what is not the default, and the call body', () => {
    expect(saleListSearch({ status: 'all', orderNo: '', page: 1, pagesize: 10 })).toBe('');
    expect(saleListSearch({ status: 'refunded', orderNo: 'JP1', page: 2, pagesize: 50 })).toBe('status=refunded&no=JP1&page=2&size=50');
    expect(saleListBody({ status: 'all', orderNo: '', page: 1, pagesize: 10 })).toEqual({ page: 1, pagesize: 10 });
    expect(saleListBody({ status: 'refunded', orderNo: 'JP1', page: 2, pagesize: 50 })).toEqual({ page: 2, pagesize: 50, status: 'refunded', order_no: 'JP1' });
  });

  it('has a named tab for all and every status, with counts that default to 0', () => {
    expect(SALE_TABS).toHaveLength(11);
    for (const tab of SALE_TABS) expect(catalogue[saleTabKey(tab)], tab).toBeTruthy();
    expect(saleTabCount({ all: 3, refunded: 1 }, 'refunded')).toBe(1);
    expect(saleTabCount({ all: 3 }, 'rejected')).toBe(0);
    expect(saleTabCount(undefined, 'all')).toBe(0);
  });
});

describe('what an after-sale allows', () => {
  it('cancel while pending review, approved and not refunded, or awaiting the return; the return form awaiting or in transit', () => {
    const statuses = ['pending_review', 'approved', 'intercepting', 'awaiting_return', 'return_in_transit', 'return_received', 'refunded', 'exchanged', 'rejected', 'cancelled'] as const;
    expect(statuses.map((status) => saleActions({ status, refunded: false }).cancel)).toEqual([true, true, false, true, false, false, false, false, false, false]);
    expect(saleActions({ status: 'approved', refunded: true }).cancel).toBe(false);
    expect(statuses.map((status) => saleActions({ status, refunded: false }).returnForm)).toEqual([false, false, false, true, true, false, false, false, false, false]);
    expect(saleActions({ status: 'awaiting_return', refunded: false }).returnDue).toBe(true);
    expect(saleActions({ status: 'return_in_transit', refunded: false }).returnDue).toBe(false);
  });

  it('shows the return address for return kinds that are still open', () => {
    expect(showsReturnAddress({ kind: 'return_refund', status: 'pending_review' })).toBe(true);
    expect(showsReturnAddress({ kind: 'exchange', status: 'exchanged' })).toBe(true);
    expect(showsReturnAddress({ kind: 'return_refund', status: 'cancelled' })).toBe(false);
    expect(showsReturnAddress({ kind: 'refund_only', status: 'approved' })).toBe(false);
    expect(isBlankAddress({ recipient: ' ', phone: '', province: '', city: '', district: '', detail: '' })).toBe(true);
    expect(isBlankAddress(RETURN_ADDRESS)).toBe(false);
    expect(addressLine(RETURN_ADDRESS)).toBe('售后部 020-86000000 广东省 广州市 白云区 机场路 88 号 jpmall 售后仓');
  });
});

describe('the refund breakdown', () => {
  it('lists goods, the fees back and their parts, the deductions and theirs (as minus when not zero)', () => {
    const rows = breakdownRows({ ...ZERO_BREAKDOWN, goods: '49.90', service_back: '1.00', fees_back: '1.00', wrong_item_insurance: '3.00', deductions: '3.00', total: '47.90' });
    expect(rows.map((r) => [r.field, r.amount, r.part, r.minus])).toEqual([
      ['goods', '49.90', false, false],
      ['fees_back', '1.00', false, false],
      ['service_back', '1.00', true, false],
      ['qc_back', '0.00', true, false],
      ['value_added_back', '0.00', true, false],
      ['shipping_back', '0.00', true, false],
      ['deductions', '3.00', false, true],
      ['wrong_item_insurance', '3.00', true, true],
      ['wrong_station_fee', '0.00', true, false],
    ]);
    for (const row of rows) expect(catalogue[row.key], row.key).toBeTruthy();
  });

  it("shows the coupon's share of the goods as a minus part when the order had one", () => {
    const rows = breakdownRows({ ...ZERO_BREAKDOWN, goods: '62.90', coupon_share: '5.00', goods_paid: '57.90', total: '57.90' });
    expect(rows.slice(0, 2).map((r) => [r.field, r.amount, r.part, r.minus])).toEqual([
      ['goods', '62.90', false, false],
      ['coupon_share', '5.00', true, true],
    ]);
    for (const row of rows) expect(catalogue[row.key], row.key).toBeTruthy();
  });
});

describe('the return parcel', () => {
  it('needs a known courier and a tracking number; sends them trimmed; refusals go to their field', () => {
    expect(validateReturnCourier(undefined)).toBe('validation.courier.required');
    expect(validateReturnCourier('dhl')).toBe('validation.courier.required');
    expect(validateReturnCourier('sf')).toBeNull();
    expect(validateTrackingNo('  ')).toBe('validation.afterSale.trackingRequired');
    expect(validateTrackingNo('SF1')).toBeNull();
    expect(returnBody('SH1', { courier: 'sf', tracking_no: ' SF1 ' })).toEqual({ id: 'SH1', courier: 'sf', tracking_no: 'SF1' });
    expect(['courier', 'tracking_no', 'id', null].map(returnFieldOf)).toEqual(['courier', 'tracking_no', null, null]);
  });
});

describe('the timeline', () => {
  it('names every event of the contract; unknown ones are shown as they are', () => {
    const events = ['AfterSaleApplied', 'AfterSaleApproved', 'AfterSaleRejected', 'InterceptionStarted', 'InterceptionSucceeded', 'InterceptionFailed', 'ReturnShipped', 'ReturnReceived', 'AfterSaleRefunded', 'ReplacementShipped', 'AfterSaleCancelled'];
    for (const type of events) expect(catalogue[saleEventKey(type)!], type).toBeTruthy();
    expect(saleEventKey('Other')).toBeNull();
  });

  it("reads what an event's detail says and leaves out what it does not understand", () => {
    expect(saleEventFacts({ type: 'AfterSaleApplied', detail: { kind: 'exchange', quantity: 2, reason: ' 尺码小 ', lines: [{}] } })).toEqual([
      { kind: 'named', key: 'afterSale.timeline.kind', nameKey: 'afterSale.kind.exchange', code: 'exchange' },
      { kind: 'text', key: 'afterSale.timeline.quantity', text: '2' },
      { kind: 'text', key: 'afterSale.timeline.reason', text: '尺码小' },
    ]);
    expect(saleEventFacts({ type: 'AfterSaleRefunded', detail: { total: '45.90', amount: 45.9 } })).toEqual([{ kind: 'money', key: 'afterSale.timeline.refunded', amount: '45.90' }]);
    expect(saleEventFacts({ type: 'AfterSaleRejected', detail: { reason: '已洗涤' } })).toEqual([{ kind: 'text', key: 'afterSale.timeline.rejectReason', text: '已洗涤' }]);
    expect(saleEventFacts({ type: 'ReturnShipped', detail: { courier: 'DHL', tracking_no: 'D1' } })).toEqual([
      { kind: 'named', key: 'afterSale.timeline.courier', nameKey: null, code: 'dhl' },
      { kind: 'text', key: 'afterSale.timeline.trackingNo', text: 'D1' },
    ]);
    expect(saleEventFacts({ type: 'ReturnReceived', detail: { wrong_item: true, wrong_station: false } })).toEqual([{ kind: 'flag', key: 'afterSale.timeline.wrongItem' }]);
    expect(saleEventFacts({ type: 'AfterSaleApproved', detail: null })).toEqual([]);
  });
});
