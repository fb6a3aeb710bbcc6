import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExcelJob } from '../../api/excel-api';
import {
  bodiesOf,
  count,
  importJobOf,
  jobOf,
  lastBody,
  ok,
  refused,
  renderAt,
  reportOf,
  runningJob,
  serve,
  stubBrowserBits,
  stubRequestOrigin,
  workbook,
  type Handler,
} from '../../testing/excel-test-kit';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl, setIntl } from '../../lib/i18n';
import ExcelHistoryScreen from './excel-history-screen';
import { checkImportFile, historyFromSearch, historySearch, platformNameOf, reportCount, reportFilters, reportRows, templateUrl } from './excel-logic';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
const saved = vi.fn();
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));
vi.mock('../../lib/file-download', async (original) => ({
  ...(await original<object>()),
  saveBlob: (...args: unknown[]) => saved(...args),
}));

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
  saved.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent ?? null;
const texts = (selector: string, root: ParentNode = document) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
const click = (selector: string, root: ParentNode = document) => fireEvent.click(root.querySelector(selector)!);
const where = () => screen.getByTestId('where').textContent;
const found = (selector: string) => waitFor(() => expect(document.querySelector(selector)).toBeTruthy(), SOON);
const job = (id: string) => document.querySelector<HTMLElement>(`.excel-history .excel-job[data-id="${id}"]`)!;

const page = (list: ExcelJob[]) => ok({ list, total: list.length, page: 1, pagesize: 10 });

const JOBS = [
  jobOf({ id: 'XJ4', status: 'running', progress: { done: 120, total: 500 }, row_count: 0, file_name: '订单列表_20261121200000.xlsx', created_at: 1795000400, finished_at: null }),
  importJobOf({ created_at: 1795000300 }),
  jobOf({ id: 'XJ2', table: 'ledger', table_name: '钱包流水', status: 'failed', row_count: 0, error: '文件导出失败', file_name: '钱包流水_20261121190000.xlsx', created_at: 1795000200 }),
  jobOf({ id: 'XJ1', created_at: 1795000100 }),
];

/** The history answering the jobs of the asked kind. */
const history = (jobs: ExcelJob[]): Handler => (body) => page(jobs.filter((j) => !body.kind || body.kind === 'all' || j.kind === body.kind));

/** Chooses a file in the upload dialog's picker. */
async function choose(file: File) {
  await act(async () => {
    fireEvent.change(document.querySelector('.excel-import-file')!, { target: { files: [file] } });
  });
}
const xlsx = (name = '平台订单.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('the export records screen', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve({ '/excel/history': history(JOBS) });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl, null);
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lists the jobs with table name, type, time, rows, file name and status; the kind tab is in the address', async () => {
    const done = JOBS.map((j) => (j.status === 'running' ? { ...j, status: 'done' as const, row_count: 500 } : j));
    const calls = serve({ '/excel/history': history(done) });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-history .excel-job');
    expect(lastBody(calls, '/excel/history')).toEqual({ page: 1, pagesize: 10, kind: 'all' });
    expect([...document.querySelectorAll('.excel-job')].map((row) => [row.getAttribute('data-id'), row.getAttribute('data-status'), row.getAttribute('data-kind')])).toEqual([
      ['XJ4', 'done', 'export'],
      ['XJ9', 'done', 'import'],
      ['XJ2', 'failed', 'export'],
      ['XJ1', 'done', 'export'],
    ]);
    expect(texts('td', job('XJ2'))).toEqual(['钱包流水', '导出', formatDate(1795000200), '0', '钱包流水_20261121190000.xlsx', '失败文件导出失败', '']);
    expect(text('.excel-job-error', job('XJ2'))).toBe('文件导出失败');
    expect(texts('td', job('XJ9')).slice(0, 5)).toEqual(['平台订单导入', '导入', formatDate(1795000300), '4', '平台订单.xlsx']);
    expect(text('.excel-job-status', job('XJ1'))).toBe('已完成');
    // a done job downloads again; a failed one does not; an import's report opens
    expect(job('XJ1').querySelector('.excel-download')).toBeTruthy();
    expect(job('XJ2').querySelector('.excel-download')).toBeNull();
    expect(job('XJ9').querySelector('.excel-report-open')).toBeTruthy();
    expect(job('XJ1').querySelector('.excel-report-open')).toBeNull();

    click('.excel-kind-import');
    await waitFor(() => expect(where()).toBe('/exportExcelHistory?kind=import&site='));
    await waitFor(() => expect(lastBody(calls, '/excel/history')).toEqual({ page: 1, pagesize: 10, kind: 'import' }));
    await waitFor(() => expect(texts('.excel-job').length).toBe(1));
  });

  it('downloads a done job again under its name; a refusal is a toast', async () => {
    const calls = serve({
      '/excel/history': history([JOBS[3]!, jobOf({ id: 'XJ5', created_at: 1 })]),
      '/excel/download': (body) => (body.id === 'XJ1' ? workbook('订单列表_20261121193000.xlsx') : refused(404, '请求错误，未找到该资源')),
    });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-job[data-id="XJ1"] .excel-download');
    click('.excel-download', job('XJ1'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(saved.mock.calls[0]![1]).toBe('订单列表_20261121193000.xlsx');
    expect(bodiesOf(calls, '/excel/download')).toEqual([{ id: 'XJ1' }]);
    expect(calls.find((c) => c.path === '/excel/download')!.token).toBe('tok');

    click('.excel-download', job('XJ5'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('请求错误，未找到该资源', 'error'), SOON);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('asks again every second while a job runs, showing its progress, and stops once it is done', async () => {
    let asked = 0;
    const calls = serve({
      '/excel/history': () => {
        asked += 1;
        return page(asked === 1 ? [JOBS[0]!] : [{ ...JOBS[0]!, status: 'done', progress: { done: 500, total: 500 }, row_count: 500, finished_at: 1795000410 }]);
      },
    });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-job[data-id="XJ4"] .excel-progress');
    expect(job('XJ4').querySelector('.excel-progress')!.getAttribute('data-done')).toBe('120');
    expect(text('.excel-progress-text', job('XJ4'))).toBe('已处理 120 / 500 行');
    expect(job('XJ4').querySelector('.excel-download')).toBeNull();
    await waitFor(() => expect(job('XJ4').getAttribute('data-status')).toBe('done'), SOON);
    expect(text('.excel-job-rows', job('XJ4'))).toBe('500');
    expect(job('XJ4').querySelector('.excel-download')).toBeTruthy();
    const seen = count(calls, '/excel/history');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(count(calls, '/excel/history')).toBe(seen);
  });

  it("lists a listing package's job among the exports: its progress in products, its zip downloaded under its name", async () => {
    // listing/package_job's job (its table is none of the spreadsheets'): a zip, counted in products
    const packageJob = (overrides: object) => ({ ...jobOf({ id: 'LJ1', table_name: '铺货数据包', file_name: 'taobao-20261204192000.zip', ...overrides }), table: 'listing_package' });
    let asked = 0;
    const calls = serve({
      '/excel/history': () => {
        asked += 1;
        const list = [asked === 1 ? packageJob({ status: 'running', progress: { done: 10, total: 21 }, row_count: 0, finished_at: null }) : packageJob({ progress: { done: 21, total: 21 }, row_count: 21 })];
        return ok({ list, total: 1, page: 1, pagesize: 10 });
      },
      // no name in the answer: the job's file_name, a .zip
      '/excel/download': () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': 'application/zip' } }),
    });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-job[data-id="LJ1"] .excel-progress');
    expect(text('.excel-job-table', job('LJ1'))).toBe('铺货数据包');
    expect(text('.excel-progress-text', job('LJ1'))).toBe('已处理 10 / 21 件商品');
    await found('.excel-job[data-id="LJ1"] .excel-download');
    expect(text('.excel-job-rows', job('LJ1'))).toBe('21');
    click('.excel-download', job('LJ1'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(saved.mock.calls[0]![1]).toBe('taobao-20261204192000.zip');
    expect(bodiesOf(calls, '/excel/download')).toEqual([{ id: 'LJ1' }]);
  });

  it("opens an import's report: counts, and each row's outcome with its order or reason", async () => {
    // the record lists the counts; the rows come with the job
    const listed = importJobOf();
    const calls = serve({
      '/excel/history': history([{ ...listed, report: listed.report ? { ...listed.report, rows: [] } : null }]),
      '/excel/job': () => ok(importJobOf()),
    });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-report-open');
    click('.excel-report-open');
    await found('.excel-report-modal .excel-report');
    expect(lastBody(calls, '/excel/job')).toEqual({ id: listed.id });
    const modal = document.querySelector('.excel-report-modal')!;
    expect(text('.ant-modal-title', modal)).toBe('导入结果：平台订单.xlsx');
    expect(texts('.excel-report-count', modal)).toEqual(['成功 1', '重复 1', '失败 2']);
    const rows = [...modal.querySelectorAll('.excel-report-row')];
    expect(rows.map((r) => [r.getAttribute('data-row'), r.getAttribute('data-outcome')])).toEqual([
      ['2', 'created'],
      ['3', 'duplicate'],
      ['4', 'failed'],
      ['5', 'failed'],
    ]);
    expect(texts('td', rows[0]!)).toEqual(['2', '抖音', 'DY001', '已创建', 'JP202611210001']);
    expect(rows[0]!.querySelector('.excel-report-order')!.getAttribute('href')).toBe('/orderDetail?order_no=JP202611210001&site=');
    expect(text('.excel-report-existing', rows[1]!)).toBe('已有订单 JP202611200007');
    expect(rows[1]!.querySelector('.excel-report-order')!.getAttribute('href')).toBe('/orderDetail?order_no=JP202611200007&site=');
    expect(text('.excel-report-field', rows[2]!)).toBe('手机号');
    expect(text('.excel-report-reason', rows[2]!)).toBe('手机号手机号格式不正确');
    // an unknown platform is shown as written
    expect(text('.excel-report-platform', rows[3]!)).toBe('淘宝');
    expect(modal.querySelector('.excel-report-pay')!.getAttribute('href')).toBe('/orderList?tab=pending_payment&site=');

    click('.excel-report-filter-failed', modal);
    await waitFor(() => expect(texts('.excel-report-row .excel-report-rowno', modal)).toEqual(['4', '5']));
  });

  it("a report names each row's platform as the server does, and counts and filters the skipped orders", async () => {
    const base = reportOf();
    const report = {
      ...base,
      skipped: 1,
      rows: [
        ...base.rows.map((r) => ({ ...r, platform_name: r.platform === 'douyin' ? 'Douyin（抖音）' : r.platform === '淘宝' ? '淘宝' : r.platform })),
        { row: 6, outcome: 'skipped' as const, platform: 'lazada', platform_name: 'Lazada', source_order_no: 'LZ001', order_no: '', reason: '平台上已取消', field: '' },
      ],
    };
    serve({
      '/excel/history': history([importJobOf({ report: { ...report, rows: [] } })]),
      '/excel/job': () => ok(importJobOf({ report })),
    });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-report-open');
    click('.excel-report-open');
    await found('.excel-report-modal .excel-report');
    const modal = document.querySelector('.excel-report-modal')!;
    expect(texts('.excel-report-count', modal)).toEqual(['成功 1', '重复 1', '失败 2', '跳过 1']);
    expect(texts('.excel-report-row .excel-report-platform', modal)).toEqual(['Douyin（抖音）', 'shopee', 'tiktok', '淘宝', 'Lazada']);
    const skipped = modal.querySelector('.excel-report-row[data-outcome="skipped"]')!;
    expect(text('.excel-report-outcome', skipped)).toBe('已跳过');
    expect(text('.excel-report-reason', skipped)).toBe('平台上已取消');
    expect(text('.excel-report-filter-skipped', modal)).toBe('已跳过 1');
    click('.excel-report-filter-skipped', modal);
    await waitFor(() => expect(texts('.excel-report-row .excel-report-rowno', modal)).toEqual(['6']));
  });
});

describe('batch upload of platform orders', () => {
  it('opens from ?import=1 with the template link in the interface language; a wrong file is refused before sending', async () => {
    const calls = serve({ '/excel/history': history([]) });
    renderAt('/exportExcelHistory?import=1&site=', <ExcelHistoryScreen />, intl);
    await found('.excel-import-modal .excel-template');
    expect(document.querySelector('.excel-template')!.getAttribute('href')).toBe('/jpmall/addons/unishop/excel/template?language=zh_CN');
    expect(document.querySelector('.excel-import-file')!.getAttribute('accept')).toContain('.xlsx');
    expect((document.querySelector('.excel-import-submit') as HTMLButtonElement).disabled).toBe(true);

    await choose(new File(['a,b'], 'orders.csv', { type: 'text/csv' }));
    await waitFor(() => expect(text('.excel-import-error-text')).toBe('文件不是 Excel 表格（.xlsx）'));
    expect(text('.excel-import-name')).toBe('orders.csv');
    expect((document.querySelector('.excel-import-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(count(calls, '/excel/import')).toBe(0);
  });

  it("shows the server's refusal and starts nothing", async () => {
    const calls = serve({
      '/excel/history': history([]),
      '/excel/import': () => refused(422, '缺少“手机号”列', { field: 'file' }),
    });
    renderAt('/exportExcelHistory?site=', <ExcelHistoryScreen />, intl);
    await found('.excel-import-open');
    click('.excel-import-open');
    await found('.excel-import-modal .excel-import-file');
    await choose(xlsx());
    click('.excel-import-submit');
    await waitFor(() => expect(text('.excel-import-error-text')).toBe('缺少“手机号”列'), SOON);
    // (jsdom's File reaches Node's multipart encoder as a plain blob: its name is lost here, not in browsers)
    expect(bodiesOf(calls, '/excel/import')).toEqual([{ file: expect.any(String), size: 4 }]);
    expect(count(calls, '/excel/job')).toBe(0);
    expect(document.querySelector('.excel-import-form')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('uploads the file, shows the progress, then the report with a way to pay the new orders; the records are asked again', async () => {
    const run = runningJob(importJobOf(), '/excel/import', { polls: 1 });
    const calls = serve({ '/excel/history': history([]), ...run.routes });
    renderAt('/exportExcelHistory?import=1&site=', <ExcelHistoryScreen />, intl);
    await found('.excel-import-modal .excel-import-file');
    await choose(xlsx());
    expect(text('.excel-import-name')).toBe('平台订单.xlsx');
    click('.excel-import-submit');
    await found('.excel-import-modal .excel-progress');
    expect(calls.find((c) => c.path === '/excel/import')).toMatchObject({ body: { size: 4 }, token: 'tok' });
    await found('.excel-import-modal .excel-report');
    const modal = document.querySelector('.excel-import-modal')!;
    expect(text('.excel-import-done-title', modal)).toBe('平台订单.xlsx 导入完成，共 4 行');
    expect(texts('.excel-report-count', modal)).toEqual(['成功 1', '重复 1', '失败 2']);
    expect([...modal.querySelectorAll('.excel-report-row')].map((r) => r.getAttribute('data-outcome'))).toEqual(['created', 'duplicate', 'failed', 'failed']);
    expect(text('.excel-report-pay-hint', modal)).toBe('已生成 1 个待付款订单，付款后才会发货。');
    // starting and finishing each ask the records again
    await waitFor(() => expect(count(calls, '/excel/history')).toBeGreaterThanOrEqual(3), SOON);

    click('.excel-report-pay', modal);
    await waitFor(() => expect(where()).toBe('/orderList?tab=pending_payment&site='));
  });

  it("an import that could not be read says so ('file upload failed')", async () => {
    const run = runningJob(importJobOf(), '/excel/import', { polls: 0, end: 'failed', error: '' });
    serve({ '/excel/history': history([]), ...run.routes });
    renderAt('/exportExcelHistory?import=1&site=', <ExcelHistoryScreen />, intl);
    await found('.excel-import-modal .excel-import-file');
    await choose(xlsx());
    click('.excel-import-submit');
    await found('.excel-import-failed');
    expect(text('.excel-import-failed .ant-result-title')).toBe('文件上传失败');
    click('.excel-import-again');
    await found('.excel-import-form');
  });
});

describe('export records rules', () => {
  it('keep kind and page in the address, defaults left out', () => {
    expect(historyFromSearch(new URLSearchParams('kind=import&page=2&size=20'))).toEqual({ kind: 'import', page: 2, pagesize: 20 });
    expect(historyFromSearch(new URLSearchParams('kind=zip&page=-1&size=1000'))).toEqual({ kind: 'all', page: 1, pagesize: 10 });
    expect(historySearch({ kind: 'all', page: 1, pagesize: 10 })).toBe('');
    expect(historySearch({ kind: 'export', page: 3, pagesize: 50 })).toBe('kind=export&page=3&size=50');
  });

  it('take only .xlsx files up to 10 MB', () => {
    expect(checkImportFile(null)).toBe('excel.import.chooseFile');
    expect(checkImportFile(new File(['x'], 'a.xls'))).toBe('excel.import.notXlsx');
    expect(checkImportFile(new File(['x'], 'A.XLSX'))).toBeNull();
    const big = new File(['x'], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(checkImportFile(big)).toBe('excel.import.tooLarge');
    expect(templateUrl('en_US')).toBe('/jpmall/addons/unishop/excel/template?language=en_US');
  });

  it('filter a report by outcome in spreadsheet order', () => {
    const report = reportOf();
    report.rows.reverse();
    expect(reportRows(report, 'all').map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(reportRows(report, 'duplicate').map((r) => r.row)).toEqual([3]);
    // a report stored before skipped orders were told apart has no skipped count, nor its filter
    expect(reportCount(report, 'skipped')).toBe(0);
    expect(reportFilters(report)).toEqual(['all', 'created', 'duplicate', 'failed']);
    expect(reportFilters({ ...report, skipped: 2 })).toEqual(['all', 'created', 'duplicate', 'failed', 'skipped']);
  });

  it("name a row's platform as the server did, else by its code, else as written", () => {
    const text = (id: string) => `<${id}>`;
    expect(platformNameOf({ platform: 'shopee', platform_name: 'Shopee 虾皮' }, text)).toBe('Shopee 虾皮');
    expect(platformNameOf({ platform: 'shopee' }, text)).toBe('<order.platform.shopee>');
    expect(platformNameOf({ platform: '淘宝', platform_name: '' }, text)).toBe('淘宝');
  });
});
