import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbnormalEntry, ShortageNotice } from './warehouse-api';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { shown, texts } from '../../testing/console-test-kit';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { keeper, reader, warehouseRoutes } from './warehouse-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 30_000 });
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

const OPEN: AbnormalEntry = {
  order_no: 'JP20250101000007',
  user_id: 'u1',
  mobile: '13900000001',
  reason: '地址不全',
  flagged_at: 1_735_700_000,
  resolution: '',
  resolved_at: null,
  status: 'open',
  order_status: 'to_be_shipped',
};
const RESOLVED: AbnormalEntry = { ...OPEN, order_no: 'JP20241231000001', status: 'resolved', resolution: '已联系卖家补全', resolved_at: 1_735_710_000 };
const SHORTAGE: ShortageNotice = {
  order_no: 'JP20250101000003',
  all: false,
  refund: '51.80',
  items: [{ sku_id: 'K3', item_no: 'A101-2002', title: '小黑裙', color: '黑色', size: 'L', quantity: 1 }],
  at: 1_735_720_000,
  user_id: 'u3',
  mobile: '13900000003',
};

function serveAbnormal(staff = keeper) {
  return serveConsole(
    warehouseRoutes(staff, {
      '/orders/abnormal': (body) => ok({ list: body.status === 'resolved' ? [RESOLVED] : [OPEN], total: 1 }),
      '/orders/shortages': () => ok({ list: [SHORTAGE], total: 1 }),
      '/orders/resolve_abnormal': () => ok({}),
      '/orders/flag_abnormal': (body) => (body.order_no === 'JP404' ? refused(404, '订单不存在', { field: 'order_no' }) : ok({})),
    }),
  );
}

const rows = () => [...document.querySelectorAll('.console-abnormal-table tbody tr[data-order]')];

describe('abnormal orders and shortages', () => {
  it('lists the open abnormal orders and resolves one with a required resolution', async () => {
    const calls = serveAbnormal();
    renderConsole('/abnormal', intl);
    await waitFor(() => expect(rows()).toHaveLength(1), SOON);
    expect(calls.find((c) => c.path === '/orders/abnormal')?.body).toEqual({ status: 'open', page: '1', pagesize: '20' });
    expect(rows()[0]!.textContent).toContain('地址不全');
    expect(rows()[0]!.textContent).toContain('待发货');

    fireEvent.click(rows()[0]!.querySelector('.console-abnormal-resolve')!);
    const okButton = await shown('.console-resolve-modal .ant-modal-footer .ant-btn-primary');
    fireEvent.click(okButton);
    await waitFor(() => expect(texts('.console-resolve-modal .ant-form-item-explain-error')).toEqual(['请输入处理结果']));
    fireEvent.change(document.querySelector('.console-resolve-text')!, { target: { value: ' 已补全地址 ' } });
    fireEvent.click(okButton);
    await waitFor(() => expect(calls.find((c) => c.path === '/orders/resolve_abnormal')?.body).toEqual({ order_no: OPEN.order_no, resolution: '已补全地址' }), SOON);
    expect(toast).toHaveBeenCalledWith('已处理', 'success');

    fireEvent.click(document.querySelector('.console-abnormal-filter-resolved input')!);
    await waitFor(() => expect(rows()[0]?.getAttribute('data-status')).toBe('resolved'), SOON);
    expect(rows()[0]!.querySelector('.console-abnormal-resolution')?.textContent).toBe('已联系卖家补全');
    expect(rows()[0]!.querySelector('.console-abnormal-resolve')).toBeNull();
  });

  it('flags an order by its number, a refusal under the field it names', async () => {
    const calls = serveAbnormal();
    renderConsole('/abnormal', intl);
    fireEvent.click(await shown('.console-abnormal-flag'));
    await shown('.console-flag-order');
    fireEvent.change(document.querySelector('.console-flag-order')!, { target: { value: 'JP404' } });
    fireEvent.change(document.querySelector('.console-flag-reason')!, { target: { value: '包裹破损' } });
    fireEvent.click(document.querySelector('.console-flag-modal .ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(texts('.console-flag-modal .ant-form-item-explain-error')).toEqual(['订单不存在']), SOON);
    fireEvent.change(document.querySelector('.console-flag-order')!, { target: { value: 'JP20250101000001' } });
    fireEvent.click(document.querySelector('.console-flag-modal .ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders/flag_abnormal').at(-1)?.body).toEqual({ order_no: 'JP20250101000001', reason: '包裹破损' }), SOON);
    expect(toast).toHaveBeenCalledWith('已标记异常', 'success');
  });

  it('shows the shortages, and a reader no flag or resolve buttons', async () => {
    serveAbnormal(reader);
    renderConsole('/abnormal', intl);
    await waitFor(() => expect(rows()).toHaveLength(1), SOON);
    expect(document.querySelector('.console-abnormal-flag')).toBeNull();
    expect(document.querySelector('.console-abnormal-resolve')).toBeNull();
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.console-abnormal-tabs .ant-tabs-tab')].find((t) => t.textContent === '缺货记录')!);
    await waitFor(() => expect(document.querySelectorAll('.console-shortage-table tbody tr[data-order]')).toHaveLength(1), SOON);
    const row = document.querySelector('.console-shortage-table tbody tr[data-order]')!;
    expect(row.querySelector('.console-shortage-kind')?.textContent).toBe('部分缺货');
    expect(texts('.console-shortage-items li')).toEqual(['A101-2002 黑色/L × 1']);
    expect(row.textContent).toContain('¥51.80');
  });
});
