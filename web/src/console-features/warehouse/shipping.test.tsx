import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShipImportAnswer, Shipment } from './warehouse-api';
import zh from '../../i18n/zh_CN.json';
import type * as FileDownload from '../../lib/file-download';
import { makeIntl, setIntl } from '../../lib/i18n';
import { choose, input, shown, texts } from '../../testing/console-test-kit';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin, type ConsoleHandler } from '../../testing/console-test-kit';
import { keeper, QUEUE, reader, warehouseRoutes } from './warehouse-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const saveBlob = vi.fn();
vi.mock('../../lib/file-download', async (original) => ({ ...(await original<typeof FileDownload>()), saveBlob: (...args: unknown[]) => saveBlob(...args) }));

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
  saveBlob.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The queue by prefix of `order_no`; ship_batch ships a zto tracking number of 12–15 digits, refuses others. */
function serveShipping(more: Record<string, ConsoleHandler> = {}, staff = keeper) {
  const shipped: Shipment[] = [];
  const calls = serveConsole(
    warehouseRoutes(staff, {
      '/orders/to_ship': (body) => {
        const list = QUEUE.filter((o) => !shipped.some((s) => s.order_no === o.order_no)).filter((o) => !body.order_no || o.order_no.startsWith(String(body.order_no)));
        return ok({ list, total: list.length });
      },
      '/orders/ship_batch': (body) => {
        const results = (body.shipments as Shipment[]).map((s) => {
          const good = s.courier !== 'zto' || /^\d{12,15}$/.test(s.tracking_no);
          if (good) shipped.push(s);
          return { order_no: s.order_no, ok: good, message: good ? '' : '快递单号不像中通快递的单号' };
        });
        return ok({ shipped: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results });
      },
      ...more,
    }),
  );
  return calls;
}

const scanInput = () => document.querySelector<HTMLInputElement>('.console-scan-input input, input.console-scan-input')!;
function scan(text: string) {
  fireEvent.change(scanInput(), { target: { value: text } });
  fireEvent.keyDown(scanInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  // (antd's input takes one Enter per key press)
  fireEvent.keyUp(scanInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Types into the input of `selector` (the input itself or a wrapper around it). */
function type(selector: string, value: string) {
  const found = document.querySelector(selector);
  const element = found instanceof HTMLInputElement ? found : found?.querySelector('input');
  if (!element) throw new Error(`no input ${selector}`);
  fireEvent.change(element, { target: { value } });
}
const queueRows = () => [...document.querySelectorAll('.console-ship-table tbody tr[data-order]')];

describe('the to-ship queue', () => {
  it('lists the queue with its filters and a label link for platform orders', async () => {
    const calls = serveShipping();
    renderConsole('/shipping', intl);
    await waitFor(() => expect(queueRows()).toHaveLength(3), SOON);
    expect(calls.find((c) => c.path === '/orders/to_ship')?.body).toEqual({ page: '1', pagesize: '20' });
    expect(queueRows()[0]!.textContent).toContain('中通快递');
    expect(queueRows()[0]!.textContent).toContain('张三');
    expect(queueRows()[0]!.textContent).toContain('齐货一起发');
    expect(queueRows()[0]!.querySelector('.console-ship-label')).toBeNull();
    expect(queueRows()[1]!.textContent).toContain('TikTok');
    expect(queueRows()[1]!.querySelector('.console-ship-label')).not.toBeNull();

    await choose('console-ship-filter-courier', '极兔速递');
    await choose('console-ship-filter-age', '48 小时以上');
    await choose('console-ship-filter-priority', '有货先发');
    input('.console-ship-filter-order', ' JP2025 ');
    fireEvent.click(document.querySelector('.console-ship-search')!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders/to_ship').at(-1)?.body).toEqual({ courier: 'jt', priority: 'split', min_age_hours: '48', order_no: 'JP2025', page: '1', pagesize: '20' }), SOON);
  });

  it('downloads one label, and the labels of the chosen orders in the table’s order', async () => {
    const calls = serveShipping({
      '/orders/label': () => new Response(new Blob(['%PDF']), { headers: { 'content-type': 'application/pdf' } }),
      '/orders/labels': () => new Response(new Blob(['PK']), { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="labels.zip"' } }),
    });
    renderConsole('/shipping', intl);
    await waitFor(() => expect(queueRows()).toHaveLength(3), SOON);
    fireEvent.click(queueRows()[1]!.querySelector('.console-ship-label')!);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'JP20250101000002.pdf'), SOON);
    expect(calls.find((c) => c.path === '/orders/label')?.body).toEqual({ order_no: 'JP20250101000002' });
    expect(calls.find((c) => c.path === '/orders/label')?.adminToken).toBe('AT1');

    // chosen last row first: the zip still follows the table
    fireEvent.click(queueRows()[2]!.querySelector('input[type=checkbox]')!);
    fireEvent.click(queueRows()[0]!.querySelector('input[type=checkbox]')!);
    fireEvent.click(queueRows()[1]!.querySelector('input[type=checkbox]')!);
    await waitFor(() => expect(document.querySelector('.console-ship-labels')?.textContent).toContain('（2）'));
    fireEvent.click(document.querySelector('.console-ship-labels')!);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'labels.zip'), SOON);
    const labels = calls.find((c) => c.path === '/orders/labels')!;
    expect(labels.method).toBe('POST');
    expect(labels.body).toEqual({ order_nos: ['JP20250101000002', 'JP20250101000003'] });
    expect(labels.adminToken).toBe('AT1');
  });

  it('ships the chosen orders with their couriers and typed tracking numbers, and shows each result', async () => {
    const calls = serveShipping();
    renderConsole('/shipping', intl);
    await waitFor(() => expect(queueRows()).toHaveLength(3), SOON);
    fireEvent.click(queueRows()[0]!.querySelector('input[type=checkbox]')!);
    fireEvent.click(queueRows()[1]!.querySelector('input[type=checkbox]')!);
    fireEvent.click(document.querySelector('.console-ship-open')!);
    const rows = () => [...document.querySelectorAll<HTMLElement>('.console-ship-modal .console-ship-row')];
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    // each starts with its order's courier
    expect(texts('.console-ship-modal .console-ship-courier .ant-select-content, .console-ship-modal .console-ship-courier .ant-select-selection-item').filter(Boolean)).toEqual(['中通快递', '极兔速递']);
    // a tracking number is needed
    fireEvent.click(document.querySelector('.console-ship-modal .console-ship-submit')!);
    await waitFor(() => expect(texts('.console-ship-modal .ant-form-item-explain-error')).toEqual(['请输入快递单号', '请输入快递单号']));
    type('.console-ship-modal [data-order="JP20250101000001"] .console-ship-tracking', '12345');
    type('.console-ship-modal [data-order="JP20250101000002"] .console-ship-tracking', 'JT1234567890123');
    fireEvent.click(document.querySelector('.console-ship-modal .console-ship-submit')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/orders/ship_batch')?.body).toEqual({
      shipments: [
        { order_no: 'JP20250101000001', courier: 'zto', tracking_no: '12345' },
        { order_no: 'JP20250101000002', courier: 'jt', tracking_no: 'JT1234567890123' },
      ],
    }), SOON);
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-ok'))).toEqual(['false', 'true']), SOON);
    expect(rows()[0]!.querySelector('.console-ship-row-message')?.textContent).toBe('快递单号不像中通快递的单号');
    expect(document.querySelector('.console-ship-summary')?.textContent).toBe('已发货 1 单，失败 1 单');
    // corrected, only the refused one is sent again
    type('.console-ship-modal [data-order="JP20250101000001"] .console-ship-tracking', '773012345678');
    fireEvent.click(document.querySelector('.console-ship-modal .console-ship-submit')!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders/ship_batch').at(-1)?.body).toEqual({ shipments: [{ order_no: 'JP20250101000001', courier: 'zto', tracking_no: '773012345678' }] }), SOON);
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-ok'))).toEqual(['true', 'true']), SOON);
    // the queue is asked again and the shipped orders leave the selection
    await waitFor(() => expect(queueRows()).toHaveLength(1), SOON);
    expect(document.querySelector('.console-ship-selected')?.textContent).toBe('已选 0 单');
  });

  it('shows a reader the queue without shipping tools', async () => {
    serveShipping({}, reader);
    renderConsole('/shipping', intl);
    await waitFor(() => expect(queueRows()).toHaveLength(3), SOON);
    expect(document.querySelector('.console-scan')).toBeNull();
    expect(document.querySelector('.console-ship-import')).toBeNull();
    expect(document.querySelector('.console-ship-open')).toBeNull();
    expect(document.querySelector('.console-ship-labels')).not.toBeNull();
  });
});

describe('the scan box', () => {
  it('picks the order on the first Enter, ships it with its courier on the second, lists the result and keeps the focus', async () => {
    const calls = serveShipping();
    renderConsole('/shipping', intl);
    await shown('.console-scan-input');
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), SOON);
    expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('order');

    scan('JP20250101000002');
    await waitFor(() => expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('tracking'), SOON);
    expect(calls.filter((c) => c.path === '/orders/to_ship').at(-1)?.body).toEqual({ order_no: 'JP20250101000002', page: '1', pagesize: '20' });
    expect(document.querySelector('.console-scan-picked')?.textContent).toContain('JP20250101000002（极兔速递）');
    expect(scanInput().value).toBe('');
    expect(calls.some((c) => c.path === '/orders/ship_batch')).toBe(false);

    scan('JT1234567890123');
    await waitFor(() => expect(calls.find((c) => c.path === '/orders/ship_batch')?.body).toEqual({ shipments: [{ order_no: 'JP20250101000002', courier: 'jt', tracking_no: 'JT1234567890123' }] }), SOON);
    await waitFor(() => expect(document.querySelectorAll('.console-scan-result')).toHaveLength(1), SOON);
    const result = document.querySelector('.console-scan-result')!;
    expect(result.getAttribute('data-ok')).toBe('true');
    expect(result.textContent).toContain('JP20250101000002');
    expect(result.textContent).toContain('极兔速递 JT1234567890123');
    expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('order');
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), SOON);
  });

  it('refuses an order that is not in the queue, and keeps the order of a refused tracking number with the number selected', async () => {
    const calls = serveShipping();
    renderConsole('/shipping', intl);
    await shown('.console-scan-input');
    // a prefix of queued orders is not an order
    scan('JP2025');
    await waitFor(() => expect(document.querySelectorAll('.console-scan-result')).toHaveLength(1), SOON);
    expect(document.querySelector('.console-scan-result')?.textContent).toContain('待发货队列中没有这个订单');
    expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('order');

    scan('JP20250101000001');
    await waitFor(() => expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('tracking'), SOON);
    scan('12');
    await waitFor(() => expect(document.querySelectorAll('.console-scan-result')).toHaveLength(2), SOON);
    const newest = document.querySelector('.console-scan-result')!;
    expect(newest.getAttribute('data-ok')).toBe('false');
    expect(newest.textContent).toContain('快递单号不像中通快递的单号');
    expect(calls.filter((c) => c.path === '/orders/ship_batch')).toHaveLength(1);
    // the order is still picked, the refused number in the box, focused and selected for the next scan
    expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('tracking');
    expect(document.querySelector('.console-scan-picked')?.getAttribute('data-order')).toBe('JP20250101000001');
    expect(document.querySelector('.console-scan-refusal')?.textContent).toBe('快递单号未通过：快递单号不像中通快递的单号 订单仍在，请重新扫描快递单号。');
    expect(scanInput().value).toBe('12');
    await waitFor(() => expect(document.activeElement).toBe(scanInput()), SOON);
    expect([scanInput().selectionStart, scanInput().selectionEnd]).toEqual([0, 2]);
    // the next scan ships that order
    scan('773012345678');
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders/ship_batch').at(-1)?.body).toEqual({ shipments: [{ order_no: 'JP20250101000001', courier: 'zto', tracking_no: '773012345678' }] }), SOON);
    await waitFor(() => expect(document.querySelector('.console-scan')?.getAttribute('data-step')).toBe('order'), SOON);
    expect(document.querySelector('.console-scan-result')?.getAttribute('data-ok')).toBe('true');
    expect(document.querySelector('.console-scan-refusal')).toBeNull();
    expect(scanInput().value).toBe('');
  });
});

describe('importing tracking numbers', () => {
  const preview: ShipImportAnswer = {
    applied: false,
    counts: { ship: 2, unchanged: 1, refused: 1, shipped: 0, failed: 0 },
    rows: [
      { row: 2, order_no: 'JP20250101000001', courier: 'zto', tracking_no: '773012345678', action: 'ship', reason: '' },
      { row: 3, order_no: 'JP20250101000002', courier: 'jt', tracking_no: 'JT1234567890123', action: 'ship', reason: '' },
      { row: 4, order_no: 'JP20241231000009', courier: 'sf', tracking_no: 'SF1234567890123', action: 'unchanged', reason: '' },
      { row: 5, order_no: 'JP0', courier: 'zto', tracking_no: '1', action: 'refused', reason: '订单不存在' },
    ],
  };
  const applied: ShipImportAnswer = {
    applied: true,
    counts: { ship: 0, unchanged: 1, refused: 1, shipped: 1, failed: 1 },
    rows: [
      { ...preview.rows[0]!, action: 'shipped' },
      { ...preview.rows[1]!, action: 'failed', reason: '订单已取消' },
      preview.rows[2]!,
      preview.rows[3]!,
    ],
  };

  it('previews the sheet row by row, then applies the same file and shows what each row did', async () => {
    const calls = serveShipping({
      '/orders/ship_import': (body) => ok(body.apply === '1' ? applied : preview),
    });
    renderConsole('/shipping', intl);
    await shown('.console-ship-import-preview');
    const sheet = new File(['PK sheet'], '快递单号.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(document.querySelector('.console-ship-import-file input[type=file]')!, { target: { files: [sheet] } });
    await waitFor(() => expect(texts('.console-ship-import .ant-upload-list-item-name')).toEqual(['快递单号.xlsx']));
    fireEvent.click(document.querySelector('.console-ship-import-preview')!);
    await waitFor(() => expect(document.querySelector('.console-ship-import-previewed')).not.toBeNull(), SOON);
    const first = calls.find((c) => c.path === '/orders/ship_import')!;
    expect(first.method).toBe('POST');
    expect(first.body).toEqual({ file: { name: expect.any(String), size: sheet.size } });
    expect(first.adminToken).toBe('AT1');
    expect(texts('.console-ship-import-count')).toEqual(['发货 2', '不变 1', '拒绝 1']);
    const rows = () => [...document.querySelectorAll('.console-ship-import-rows tr[data-row]')].map((r) => [r.getAttribute('data-row'), r.getAttribute('data-action'), r.querySelector('.console-ship-import-reason')?.textContent]);
    expect(rows()).toEqual([
      ['2', 'ship', ''],
      ['3', 'ship', ''],
      ['4', 'unchanged', ''],
      ['5', 'refused', '订单不存在'],
    ]);

    fireEvent.click(document.querySelector('.console-ship-import-apply')!);
    const confirm = await shown('.ant-popconfirm .ant-btn-primary');
    expect(document.querySelector('.ant-popconfirm')?.textContent).toContain('将发货 2 单');
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders/ship_import')).toHaveLength(2), SOON);
    expect(calls.filter((c) => c.path === '/orders/ship_import')[1]!.body).toEqual({ file: { name: expect.any(String), size: sheet.size }, apply: '1' });
    await waitFor(() => expect(document.querySelector('.console-ship-import-applied')).not.toBeNull(), SOON);
    expect(texts('.console-ship-import-count')).toEqual(['已发货 1', '失败 1', '不变 1', '拒绝 1']);
    expect(rows()[1]).toEqual(['3', 'failed', '订单已取消']);
    expect(document.querySelector('.console-ship-import-apply')).toBeNull();
    expect(toast).toHaveBeenCalledWith('已发货 1 单，失败 1 单', 'success');
  });

  it('shows a refused sheet in the server’s words, and downloads the template', async () => {
    const calls = serveShipping({
      '/orders/ship_import': () => refused(422, '表格缺少“快递单号”列', { field: 'file' }),
      '/orders/ship_import/template': () =>
        new Response(new Blob(['PK']), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="ship-import.xlsx"' } }),
    });
    renderConsole('/shipping', intl);
    await shown('.console-ship-import-preview');
    fireEvent.click(document.querySelector('.console-ship-import-preview')!);
    await waitFor(() => expect(document.querySelector('.console-ship-import-refusal')?.textContent).toBe('请先选择要导入的表格'));
    fireEvent.change(document.querySelector('.console-ship-import-file input[type=file]')!, { target: { files: [new File(['x'], 'a.xlsx')] } });
    await waitFor(() => expect(document.querySelector('.console-ship-import-refusal')).toBeNull());
    fireEvent.click(document.querySelector('.console-ship-import-preview')!);
    await waitFor(() => expect(document.querySelector('.console-ship-import-refusal')?.textContent).toBe('表格缺少“快递单号”列'), SOON);

    fireEvent.click(document.querySelector('.console-ship-import-template')!);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'ship-import.xlsx'), SOON);
    expect(calls.find((c) => c.path === '/orders/ship_import/template')?.adminToken).toBe('AT1');
  });
});

