/**
 * Test helpers of the Excel export and batch upload tests: job fixtures, a job that runs for a
 * few polls and a workbook answer, beside the shared fake server that answers by path
 * (docs/api.md "Excel export and batch upload" and the list calls the screens make)
 * and records what was sent (JSON bodies, or the multipart file's name and size), and the render
 * helper with a router that shows where the screen went (screen-test-kit.tsx, re-exported).
 * Imported by tests only.
 */
import type { ExcelJob, ImportReport } from '../api/excel-api';
import { ok, refused, type Handler } from './screen-test-kit';

export { bodiesOf, count, lastBody, ok, refused, renderAt, serve, session, stubBrowserBits, stubRequestOrigin, type Handler } from './screen-test-kit';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as excel/download answers it, named the way the server names it. */
export const workbook = (fileName: string, bytes: number[] = [0x50, 0x4b, 3, 4]) =>
  new Response(new Uint8Array(bytes), {
    status: 200,
    headers: { 'content-type': XLSX_TYPE, 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` },
  });

/** An export job of the caller's; override what a test is about. */
export function jobOf(overrides: Partial<ExcelJob> = {}): ExcelJob {
  return {
    id: 'XJ1',
    kind: 'export',
    table: 'orders',
    table_name: '订单列表',
    table_type: '导出',
    status: 'done',
    progress: { done: 3, total: 3 },
    row_count: 3,
    file_name: '订单列表_20261121193000.xlsx',
    error: '',
    created_at: 1795000000,
    finished_at: 1795000003,
    report: null,
    ...overrides,
  };
}

/** The report of an import of three rows: one created, one duplicate, two failed. */
export function reportOf(): ImportReport {
  return {
    created: 1,
    failed: 2,
    duplicate: 1,
    rows: [
      { row: 2, outcome: 'created', platform: 'douyin', source_order_no: 'DY001', order_no: 'JP202611210001', reason: '', field: '' },
      { row: 3, outcome: 'duplicate', platform: 'shopee', source_order_no: 'SP001', order_no: 'JP202611200007', reason: '', field: '' },
      { row: 4, outcome: 'failed', platform: 'tiktok', source_order_no: 'TT001', order_no: '', reason: '手机号格式不正确', field: 'phone' },
      { row: 5, outcome: 'failed', platform: '淘宝', source_order_no: 'TB001', order_no: '', reason: '不支持的平台', field: 'platform' },
    ],
  };
}

/** An import job of the caller's, done with the report above. */
export function importJobOf(overrides: Partial<ExcelJob> = {}): ExcelJob {
  return jobOf({
    id: 'XJ9',
    kind: 'import',
    table: 'platform_orders',
    table_name: '平台订单导入',
    table_type: '导入',
    progress: { done: 4, total: 4 },
    row_count: 4,
    file_name: '平台订单.xlsx',
    report: reportOf(),
    ...overrides,
  });
}

/**
 * A job that runs for `polls` answers of excel/job (progress moving on each time) and then ends
 * as `end` (done, or failed with `error`): the routes of its start (`startPath`) and its polls.
 */
export function runningJob(start: ExcelJob, startPath: string, { polls = 1, end = 'done' as 'done' | 'failed', error = '' } = {}) {
  let asked = 0;
  const total = start.progress.total || 10;
  const running = { ...start, status: 'running' as const, progress: { done: 0, total }, finished_at: null, report: null };
  return {
    routes: {
      [startPath]: () => ok(running),
      '/excel/job': (body: Record<string, unknown>) => {
        if (body.id !== start.id) return refused(404, '请求错误，未找到该资源');
        asked += 1;
        if (asked <= polls) return ok({ ...running, progress: { done: Math.floor((total * asked) / (polls + 1)), total } });
        return ok(end === 'done' ? { ...start, status: 'done' } : { ...start, status: 'failed', error, report: null });
      },
    } as Record<string, Handler>,
    asked: () => asked,
  };
}
