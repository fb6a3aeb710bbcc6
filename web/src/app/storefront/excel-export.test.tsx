import { act, cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import SaleListScreen from '../../features/afterSales/sale-list-screen';
import { LedgerCard } from '../../features/fund/ledger-card';
import OrderListScreen from '../../features/orders/order-list-screen';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { dayRangeToSeconds } from '../../lib/date-range';
import { makeIntl, setIntl } from '../../lib/i18n';
import { excelFileName, fetchExcelFile } from '../../widgets/excel-download';
import { ExcelExportButton } from '../../widgets/excel-export';
import { bodiesOf, count, jobOf, lastBody, ok, refused, renderAt, runningJob, serve, session, stubBrowserBits, stubRequestOrigin, workbook } from '../../testing/excel-test-kit';
import { languageChanged, siteChanged } from '../../state/session-slice';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
const openLoginPrompt = vi.fn();
const saved = vi.fn();
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => openLoginPrompt() }));
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
  openLoginPrompt.mockClear();
  saved.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (selector: string) => document.querySelector(selector)?.textContent ?? null;
const click = (selector: string) => fireEvent.click(document.querySelector(selector)!);
const found = (selector: string) => waitFor(() => expect(document.querySelector(selector)).toBeTruthy(), SOON);

const emptyOrders = () => ok({ list: [], total: 0, page: 1, pagesize: 10, counts: {} });

describe('exporting the order list', () => {
  it("sends the list's own filters (tab, numbers, platform, days) and shows the progress, then saves the file", async () => {
    const job = jobOf({ progress: { done: 40, total: 40 }, row_count: 40 });
    const run = runningJob(job, '/excel/export', { polls: 1 });
    const calls = serve({ '/order/lists': emptyOrders, ...run.routes, '/excel/download': () => workbook('订单列表_20261121193000.xlsx') });
    renderAt('/orderList?tab=pending_payment&no=JP2026&source=DY0&platform=douyin&start=2026-11-01&end=2026-11-20&page=2&site=s1', <OrderListScreen />, intl);
    await found('.excel-export');
    await waitFor(() => expect(count(calls, '/order/lists')).toBe(1));
    click('.excel-export');

    await waitFor(() => expect(count(calls, '/excel/export')).toBe(1));
    const listFilters = { ...lastBody(calls, '/order/lists') };
    delete listFilters.page;
    delete listFilters.pagesize;
    const days = dayRangeToSeconds(new Date(2026, 10, 1), new Date(2026, 10, 20));
    expect(lastBody(calls, '/excel/export')).toEqual({
      table: 'orders',
      filters: { tab: 'pending_payment', order_no: 'JP2026', source_order_no: 'DY0', platform: 'douyin', ...days },
    });
    expect(lastBody(calls, '/excel/export')!.filters).toEqual(listFilters);
    expect(calls.find((c) => c.path === '/excel/export')).toMatchObject({ token: 'tok', language: 'zh_CN' });

    // the progress bar while it runs: 20 of 40 rows after the first answer
    await waitFor(() => expect(document.querySelector('.excel-export-modal .excel-progress')?.getAttribute('data-done')).toBe('20'), SOON);
    expect(text('.excel-export-modal .excel-progress-text')).toBe('已处理 20 / 40 行');
    expect(text('.excel-export-modal .ant-modal-title')).toBe('导出订单列表');

    // then done: the file is fetched once with the job id and saved under the server's name
    await found('.excel-export-modal .excel-done');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(bodiesOf(calls, '/excel/download')).toEqual([{ id: 'XJ1' }]);
    const [blob, name] = saved.mock.calls[0]!;
    expect(name).toBe('订单列表_20261121193000.xlsx');
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(text('.excel-export-modal .excel-file-name')).toBe('订单列表_20261121193000.xlsx（共 40 行）已开始下载');
    expect(run.asked()).toBe(2);

    // downloads again on request; polling has stopped
    click('.excel-export-modal .excel-download');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2), SOON);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(run.asked()).toBe(2);
    expect(toast).not.toHaveBeenCalled();
  });

  it("leads to the batch import and the export records, keeping the site", async () => {
    serve({ '/order/lists': emptyOrders });
    const store = renderAt('/orderList?site=s1', <OrderListScreen />, intl);
    act(() => {
      store.dispatch(siteChanged('s1'));
    });
    await found('.excel-import-link');
    await waitFor(() => expect(document.querySelector('.excel-import-link')!.getAttribute('href')).toBe('/exportExcelHistory?import=1&site=s1'));
    expect(text('.excel-import-link')).toBe('批量导入');
    expect(document.querySelector('.order-list-excel-history')!.getAttribute('href')).toBe('/exportExcelHistory?site=s1');
  });

  it("a job that fails says 'file export failed' and saves nothing", async () => {
    const run = runningJob(jobOf(), '/excel/export', { polls: 1, end: 'failed', error: '文件导出失败' });
    const calls = serve({ '/order/lists': emptyOrders, ...run.routes });
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    await found('.excel-export');
    click('.excel-export');
    await found('.excel-export-modal .excel-failed');
    expect(text('.excel-export-modal .excel-failed .ant-result-title')).toBe('文件导出失败');
    expect(count(calls, '/excel/download')).toBe(0);
    expect(saved).not.toHaveBeenCalled();
  });

  it('a job the server no longer knows (404) is shown failed and no longer asked for', async () => {
    const calls = serve({
      '/order/lists': emptyOrders,
      '/excel/export': () => ok(jobOf({ status: 'running' })),
      '/excel/job': () => refused(404, '请求错误，未找到该资源'),
    });
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    await found('.excel-export');
    click('.excel-export');
    await found('.excel-export-modal .excel-failed');
    const asked = count(calls, '/excel/job');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(count(calls, '/excel/job')).toBe(asked);
    expect(saved).not.toHaveBeenCalled();
  });

  it("a refused start shows the reason under 'file export failed'", async () => {
    serve({ '/order/lists': emptyOrders, '/excel/export': () => refused(422, '结束时间不能早于开始时间', { field: 'end_time' }) });
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    await found('.excel-export');
    click('.excel-export');
    await found('.excel-export-modal .excel-failed');
    expect(text('.excel-export-modal .excel-failed .ant-result-title')).toBe('文件导出失败');
    expect(text('.excel-export-modal .excel-error')).toBe('结束时间不能早于开始时间');
    expect(toast).not.toHaveBeenCalled();
  });

  it('a download refused for an expired login logs out and opens the login dialog', async () => {
    const run = runningJob(jobOf(), '/excel/export', { polls: 0 });
    serve({ '/order/lists': emptyOrders, ...run.routes, '/excel/download': () => refused(401, '请先登录') });
    const store = renderAt('/orderList?site=', <OrderListScreen />, intl);
    await found('.excel-export');
    click('.excel-export');
    await waitFor(() => expect(openLoginPrompt).toHaveBeenCalled(), SOON);
    expect(store.getState().session.token).toBe('');
    expect(saved).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('未授权，请登录', 'error', 'unauthorized');
  });

  it("asks in the interface language (the workbook's headers follow it)", async () => {
    const run = runningJob(jobOf({ table_name: 'Orders', file_name: 'Orders_20261121193000.xlsx' }), '/excel/export', { polls: 0 });
    const calls = serve({ ...run.routes, '/excel/download': () => workbook('Orders_20261121193000.xlsx') });
    const english = makeIntl('en_US', en);
    setIntl(english);
    const store = renderAt('/x?site=', <ExcelExportButton table="orders" filters={{}} />, english);
    store.dispatch(languageChanged('en_US'));
    await found('.excel-export');
    expect(text('.excel-export')).toBe('Export to Excel');
    click('.excel-export');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(calls.filter((c) => c.path.startsWith('/excel/')).map((c) => [c.path, c.language])).toEqual([
      ['/excel/export', 'en_US'],
      ['/excel/job', 'en_US'],
      ['/excel/download', 'en_US'],
    ]);
    expect(saved.mock.calls[0]![1]).toBe('Orders_20261121193000.xlsx');
  });
});

describe('exporting the ledger and the after-sales list', () => {
  it('the ledger sends its type filter', async () => {
    const calls = serve({
      '/fund/ledger': () => ok({ list: [], total: 0, page: 1, pagesize: 10 }),
      '/excel/export': () => ok(jobOf({ table: 'ledger', status: 'running', progress: { done: 0, total: 0 } })),
      '/excel/job': () => ok(jobOf({ table: 'ledger', status: 'running', progress: { done: 0, total: 0 } })),
    });
    renderAt('/myFund?site=', <LedgerCard token={session.token} />, intl);
    await found('.fund-ledger-card .excel-export');
    fireEvent.mouseDown(document.querySelector('.ledger-type-filter .ant-select-content, .ledger-type-filter .ant-select-selector, .ledger-type-filter')!);
    const option = await waitFor(() => {
      const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '充值');
      if (!hit) throw new Error('no option yet');
      return hit;
    });
    fireEvent.click(option);
    await waitFor(() => expect(lastBody(calls, '/fund/ledger')).toMatchObject({ type: 'top_up', page: 1 }));
    click('.fund-ledger-card .excel-export');
    await waitFor(() => expect(count(calls, '/excel/export')).toBe(1));
    expect(lastBody(calls, '/excel/export')).toEqual({ table: 'ledger', filters: { type: 'top_up' } });
    // nothing counted yet: the bar says it is preparing
    await found('.excel-export-modal .excel-progress');
    expect(text('.excel-export-modal .excel-progress-text')).toBe('正在准备数据…');
    expect(text('.excel-export-modal .ant-modal-title')).toBe('导出钱包流水');
  });

  it('the after-sales list sends its status and order-number prefix', async () => {
    const calls = serve({
      '/aftersale/lists': () => ok({ list: [], total: 0, page: 1, pagesize: 10, counts: {} }),
      '/excel/export': () => ok(jobOf({ table: 'after_sales', status: 'running' })),
      '/excel/job': () => ok(jobOf({ table: 'after_sales', status: 'running' })),
    });
    renderAt('/saleList?status=pending_review&no=JP20&page=3&site=', <SaleListScreen />, intl);
    await found('.excel-export');
    click('.excel-export');
    await waitFor(() => expect(count(calls, '/excel/export')).toBe(1));
    expect(lastBody(calls, '/excel/export')).toEqual({ table: 'after_sales', filters: { status: 'pending_review', order_no: 'JP20' } });
  });
});

describe('downloaded file names', () => {
  it("come from filename*=UTF-8'' first, then the job's file name, made safe", () => {
    expect(excelFileName(`attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95%E5%88%97%E8%A1%A8_1.xlsx`, 'x.xlsx')).toBe('订单列表_1.xlsx');
    expect(excelFileName('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(excelFileName(null, '钱包流水_20261121193000.xlsx')).toBe('钱包流水_20261121193000.xlsx');
    expect(excelFileName('attachment', '../../etc/passwd')).toBe('_.._etc_passwd.xlsx');
    expect(excelFileName(null, '')).toBe('export.xlsx');
  });

  it('an envelope answer is a refusal with its message, never a file', async () => {
    stubRequestOrigin();
    const fetchFn = vi.fn(async () => refused(422, '文件尚未生成'));
    const result = await fetchExcelFile({ id: 'XJ1', fileName: 'a.xlsx', token: 'tok', language: 'zh_CN', areaSite: '' }, fetchFn as unknown as typeof fetch);
    expect(result).toEqual({ ok: false, status: 422, code: 0, msg: '文件尚未生成' });
  });
});
