import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from '../../api/console-api';
import type { StaffAfterSaleDetail } from './desk-api';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { stepsFor } from './after-sale-steps';
import { confirmPop, input, modalOk, receivedWrong, saleOf, servicer, shown, texts, watcher } from './desk-test-kit';

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

/** A server holding one after-sale; each step answers it changed by `step`. */
function serveSale(start: StaffAfterSaleDetail, staff: Staff = servicer, step: (sale: StaffAfterSaleDetail, path: string, body: Record<string, unknown>) => StaffAfterSaleDetail | Response = (s) => s) {
  let sale = start;
  const act = (path: string) => (body: Record<string, unknown>) => {
    const next = step(sale, path, body);
    if (next instanceof Response) return next;
    sale = next;
    return ok(sale);
  };
  return serveConsole({
    '/staff/me': () => ok(staff),
    '/aftersales': () => ok({ list: [sale], total: 1 }),
    '/aftersales/detail': () => ok(sale),
    ...Object.fromEntries(['approve', 'reject', 'intercept', 'receive', 'refund', 'ship'].map((p) => [`/aftersales/${p}`, act(p)])),
  });
}

const rows = () => [...document.querySelectorAll('.console-desk-sale-table tbody tr.ant-table-row')];

async function openSale() {
  await waitFor(() => expect(rows()).toHaveLength(1), SOON);
  fireEvent.click(rows()[0]!.querySelector('.console-desk-sale-open')!);
  return shown('.console-desk-sale');
}

describe('after-sale steps', () => {
  it('offers what the status allows', () => {
    expect(stepsFor({ kind: 'return_refund', status: 'pending_review', refunded: false })).toEqual(['approve', 'reject']);
    expect(stepsFor({ kind: 'refund_unshipped', status: 'intercepting', refunded: false })).toEqual(['intercept']);
    expect(stepsFor({ kind: 'exchange', status: 'awaiting_return', refunded: false })).toEqual(['receive']);
    expect(stepsFor({ kind: 'return_refund', status: 'return_in_transit', refunded: false })).toEqual(['receive']);
    expect(stepsFor({ kind: 'refund_only', status: 'approved', refunded: false })).toEqual(['refund']);
    expect(stepsFor({ kind: 'return_refund', status: 'return_received', refunded: false })).toEqual(['refund']);
    expect(stepsFor({ kind: 'exchange', status: 'return_received', refunded: false })).toEqual(['ship']);
    expect(stepsFor({ kind: 'resend', status: 'approved', refunded: false })).toEqual(['ship']);
    expect(stepsFor({ kind: 'refund_only', status: 'refunded', refunded: true })).toEqual([]);
    expect(stepsFor({ kind: 'return_refund', status: 'rejected', refunded: false })).toEqual([]);
  });
});

describe('after-sales screen', () => {
  it('asks for the review queue first and opens an after-sale with its items, reason, pictures and history', async () => {
    const calls = serveSale(saleOf());
    renderConsole('/aftersales', intl);
    await waitFor(() => expect(rows()).toHaveLength(1), SOON);
    expect(calls.find((c) => c.path === '/aftersales')?.body).toEqual({ status: 'pending_review', page: '1', pagesize: '20' });
    expect(document.querySelector('.console-desk-sale-tabs .ant-tabs-tab-active')?.textContent).toBe('待审核');
    expect(rows()[0]!.textContent).toContain('13700137000');

    const sale = await openSale();
    expect(calls.find((c) => c.path === '/aftersales/detail')?.body).toEqual({ id: 'SH20260101120000000001' });
    expect(sale.querySelector('.console-desk-sale-reason')?.textContent).toBe('尺码不合适');
    expect(sale.querySelector('.console-desk-sale-line')?.textContent).toContain('碎花连衣裙');
    expect(sale.querySelectorAll('.console-desk-sale-images img')).toHaveLength(1);
    expect(sale.querySelector('.console-desk-sale-event')?.getAttribute('data-type')).toBe('AfterSaleApplied');
    // pending review: approve and reject
    expect(sale.querySelector('.console-desk-approve')).not.toBeNull();
    expect(sale.querySelector('.console-desk-reject')).not.toBeNull();
    expect(sale.querySelector('.console-desk-refund')).toBeNull();

    // another tab asks with its status; 'all' sends none
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.console-desk-sale-tabs .ant-tabs-tab')].at(-1)!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/aftersales').at(-1)?.body).toEqual({ page: '1', pagesize: '20' }));
  });

  it('approves after confirming and asks for the row again', async () => {
    const calls = serveSale(saleOf(), servicer, (s) => ({ ...s, status: 'awaiting_return' }));
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    fireEvent.click(sale.querySelector('.console-desk-approve')!);
    await confirmPop();
    await waitFor(() => expect(calls.find((c) => c.path === '/aftersales/approve')?.body).toEqual({ id: 'SH20260101120000000001' }), SOON);
    await waitFor(() => expect(calls.filter((c) => c.path === '/aftersales')).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('.console-desk-sale')?.getAttribute('data-status')).toBe('awaiting_return'));
    expect(toast).toHaveBeenCalledWith('售后已通过', 'success');
    // now the return can be marked received
    await shown('.console-desk-receive');
  });

  it('rejects only with a reason', async () => {
    const calls = serveSale(saleOf(), servicer, (s, _path, body) => ({ ...s, status: 'rejected', reject_reason: String(body.reason) }));
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    fireEvent.click(sale.querySelector('.console-desk-reject')!);
    await shown('.console-desk-reject-modal');
    fireEvent.click(modalOk('console-desk-reject-modal'));
    await waitFor(() => expect(texts('.console-desk-reject-modal .ant-form-item-explain-error')).toEqual(['请输入驳回原因']));
    expect(calls.some((c) => c.path === '/aftersales/reject')).toBe(false);

    input('.console-desk-reason', '  图片看不出问题  ');
    fireEvent.click(modalOk('console-desk-reject-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/aftersales/reject')?.body).toEqual({ id: 'SH20260101120000000001', reason: '图片看不出问题' }), SOON);
    await waitFor(() => expect(document.querySelector('.console-desk-sale')?.getAttribute('data-status')).toBe('rejected'));
    expect(document.querySelector('.console-desk-sale-facts')?.textContent).toContain('图片看不出问题');
  });

  it('shows the refund breakdown, deductions included, before refunding', async () => {
    const calls = serveSale(receivedWrong, servicer, (s) => ({ ...s, status: 'refunded', refunded: true, refunded_at: 1_767_300_000 }));
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    fireEvent.click(sale.querySelector('.console-desk-refund')!);
    const dialog = await shown('.console-desk-refund-modal');
    // nothing is refunded until the breakdown is confirmed
    expect(calls.some((c) => c.path === '/aftersales/refund')).toBe(false);
    const amount = (field: string) => dialog.querySelector(`.console-desk-breakdown-${field} dd`)?.textContent;
    expect(amount('goods')).toBe('¥99.80');
    expect(amount('fees_back')).toBe('¥0.00');
    expect(amount('shipping_back')).toBe('¥0.00');
    expect(amount('deductions')).toBe('-¥4.00');
    expect(amount('wrong_item_insurance')).toBe('-¥3.00');
    expect(amount('wrong_station_fee')).toBe('-¥1.00');
    expect(amount('total')).toBe('¥95.80');
    expect(modalOk('console-desk-refund-modal').textContent).toContain('¥95.80');

    fireEvent.click(modalOk('console-desk-refund-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/aftersales/refund')?.body).toEqual({ id: 'SH20260101120000000001', amount: '95.80' }), SOON);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已退款 ¥95.80', 'success'));
    await waitFor(() => expect(document.querySelector('.console-desk-sale')?.getAttribute('data-status')).toBe('refunded'));
    expect(document.querySelector('.console-desk-refund')).toBeNull();
  });

  it('shows the refund as it would be paid now, sends that figure, and stays open on a new one', async () => {
    // 2 × 62.90 bought with 10.00 off the goods, one piece refunded after shipping: 57.90. The dialog
    // opened on 62.90 (a stale figure); the server refuses it with the new one.
    const zeroQuote = { ...receivedWrong.breakdown, wrong_item_insurance: '0.00', wrong_station_fee: '0.00', deductions: '0.00' };
    let sale = saleOf({ kind: 'refund_only', status: 'approved', refund_quote: { ...zeroQuote, goods: '62.90', total: '62.90' } });
    const calls = serveConsole({
      '/staff/me': () => ok(servicer),
      '/aftersales': () => ok({ list: [sale], total: 1 }),
      '/aftersales/detail': () => ok(sale),
      '/aftersales/refund': (body: Record<string, unknown>) => {
        if (body.amount !== '57.90') {
          sale = { ...sale, refund_quote: { ...zeroQuote, goods: '62.90', coupon_share: '5.00', goods_paid: '57.90', total: '57.90' } };
          return refused(422, '退款金额已变为 ¥57.90，请核对后重新确认', { field: 'amount' });
        }
        sale = { ...sale, status: 'refunded', refunded: true, refunded_at: 1_767_300_000 };
        return ok({ ...sale, breakdown: sale.refund_quote });
      },
    });
    renderConsole('/aftersales', intl);
    const shownSale = await openSale();
    fireEvent.click(shownSale.querySelector('.console-desk-refund')!);
    const dialog = await shown('.console-desk-refund-modal');
    expect(modalOk('console-desk-refund-modal').textContent).toContain('¥62.90');
    fireEvent.click(modalOk('console-desk-refund-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/aftersales/refund')?.body).toEqual({ id: sale.id, amount: '62.90' }), SOON);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('退款金额已变为 ¥57.90，请核对后重新确认', 'error', undefined), SOON);
    // still open, now with the figure the refund pays: the goods less the coupon's share
    await waitFor(() => expect(modalOk('console-desk-refund-modal').textContent).toContain('¥57.90'), SOON);
    const amount = (field: string) => dialog.querySelector(`.console-desk-breakdown-${field} dd`)?.textContent;
    expect(amount('goods')).toBe('¥62.90');
    expect(amount('coupon_share')).toBe('-¥5.00');
    expect(amount('total')).toBe('¥57.90');
    fireEvent.click(modalOk('console-desk-refund-modal'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/aftersales/refund').map((c) => c.body)).toContainEqual({ id: sale.id, amount: '57.90' }), SOON);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已退款 ¥57.90', 'success'));
  });

  it("shows the server's refusal and asks for the after-sale again", async () => {
    const calls = serveSale(receivedWrong, servicer, () => refused(422, '该售后已退款'));
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    fireEvent.click(sale.querySelector('.console-desk-refund')!);
    await shown('.console-desk-refund-modal');
    const before = calls.filter((c) => c.path === '/aftersales/detail').length;
    fireEvent.click(modalOk('console-desk-refund-modal'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('该售后已退款', 'error', undefined), SOON);
    await waitFor(() => expect(calls.filter((c) => c.path === '/aftersales/detail').length).toBeGreaterThan(before));
  });

  it("shows the parcel the after-sale's order left in, to intercept it", async () => {
    serveSale(saleOf({ kind: 'refund_unshipped', status: 'intercepting', order: { status: 'shipped', courier: 'zto', tracking_no: '731000000100', shipped_at: 1_767_240_000 } }));
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    const facts = sale.querySelector('.console-desk-sale-facts')?.textContent;
    expect(facts).toContain('发出包裹');
    expect(facts).toContain('中通快递 731000000100');
  });

  it('marks a return received with the wrong item and the wrong station', async () => {
    const calls = serveSale(saleOf({ status: 'return_in_transit', return_courier: 'zto', return_tracking_no: '7312345678901' }), servicer, (s, _p, body) => ({
      ...s,
      status: 'return_received',
      wrong_item: body.wrong_item === true,
      wrong_station: body.wrong_station === true,
    }));
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    expect(sale.querySelector('.console-desk-sale-facts')?.textContent).toContain('中通快递 7312345678901');
    fireEvent.click(sale.querySelector('.console-desk-receive')!);
    await shown('.console-desk-receive-modal');
    expect(document.querySelector('.console-desk-wrong-item')?.textContent).toContain('¥3.00');
    expect(document.querySelector('.console-desk-wrong-station')?.textContent).toContain('¥1.00');
    fireEvent.click(document.querySelector('.console-desk-wrong-item input')!);
    fireEvent.click(modalOk('console-desk-receive-modal'));
    await waitFor(
      () => expect(calls.find((c) => c.path === '/aftersales/receive')?.body).toEqual({ id: 'SH20260101120000000001', wrong_item: true, wrong_station: false }),
      SOON,
    );
    await waitFor(() => expect(document.querySelector('.console-desk-sale')?.getAttribute('data-status')).toBe('return_received'));
  });

  it('ships an exchange with courier and tracking number; a bad number shows on its field', async () => {
    let tries = 0;
    const calls = serveSale(saleOf({ kind: 'exchange', status: 'return_received' }), servicer, (s, _p, body) => {
      tries += 1;
      if (tries === 1) return refused(422, '这不像顺丰速运的单号', { field: 'tracking_no' });
      return { ...s, status: 'exchanged', replacement_courier: String(body.courier), replacement_tracking_no: String(body.tracking_no) };
    });
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    // an exchange refunds nothing: no breakdown
    expect(sale.querySelector('.console-desk-breakdown')).toBeNull();
    fireEvent.click(sale.querySelector('.console-desk-ship')!);
    await shown('.console-desk-ship-modal');
    fireEvent.mouseDown(document.querySelector('.console-desk-ship-courier .ant-select-content, .console-desk-ship-courier .ant-select-selector')!);
    const sf = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '顺丰速运');
      if (!found) throw new Error('no option yet');
      return found;
    });
    fireEvent.click(sf);
    input('.console-desk-ship-tracking', '12345');
    fireEvent.click(modalOk('console-desk-ship-modal'));
    await waitFor(() => expect(texts('.console-desk-ship-modal .ant-form-item-explain-error')).toEqual(['这不像顺丰速运的单号']), SOON);
    input('.console-desk-ship-tracking', 'SF1234567890123');
    fireEvent.click(modalOk('console-desk-ship-modal'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/aftersales/ship').at(-1)?.body).toEqual({ id: 'SH20260101120000000001', courier: 'sf', tracking_no: 'SF1234567890123' }), SOON);
    await waitFor(() => expect(document.querySelector('.console-desk-sale')?.getAttribute('data-status')).toBe('exchanged'));
  });

  it('shows no steps to staff who may only read', async () => {
    serveSale(saleOf(), watcher);
    renderConsole('/aftersales', intl);
    const sale = await openSale();
    expect(sale.querySelector('.console-desk-sale-actions')).toBeNull();
  });
});
