import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductImport } from './imports-api';
import type * as FileDownload from '../../lib/file-download';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { catalogueRoutes, cataloguer, shown, texts } from './catalogue-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const saveBlob = vi.fn();
vi.mock('../../lib/file-download', async (original) => ({ ...(await original<typeof FileDownload>()), saveBlob: (...args: unknown[]) => saveBlob(...args) }));

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
  saveBlob.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const where = () => screen.getByTestId('where').textContent;

const importOf = (over: Partial<ProductImport> = {}): ProductImport => ({
  id: 'IM1',
  file_name: '春季新款.xlsx',
  status: 'ready',
  progress: { done: 4, total: 4 },
  counts: { create: 2, update: 1, unchanged: 0, refused: 1 },
  error: '',
  actor_name: '商品小张',
  created_at: 1_700_000_000,
  applied_at: null,
  ...over,
});

const ROWS: ProductImport['rows'] = [
  { row: 2, action: 'create', stall: '韩潮女装', item_no: 'A101-3001', colour: '红色', size: 'S', reason: '' },
  { row: 3, action: 'create', stall: '韩潮女装', item_no: 'A101-3001', colour: '红色', size: 'M', reason: '' },
  { row: 4, action: 'update', stall: '韩潮女装', item_no: 'A101-1001', colour: '黑色', size: 'S', reason: '' },
  { row: 5, action: 'refused', stall: '无此档口', item_no: 'X-1', colour: '白色', size: 'L', reason: '档口“无此档口”不存在' },
];

const historyRows = () => [...document.querySelectorAll('.console-import-table tbody tr.ant-table-row')];

describe('imports screen', () => {
  it('lists the imports, asks again every second while one is being checked, and stops once none runs', async () => {
    let asked = 0;
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/imports': () => {
          asked += 1;
          const first = asked < 3 ? importOf({ id: 'IM2', status: 'checking', progress: { done: 120, total: 500 }, counts: { create: 0, update: 0, unchanged: 0, refused: 0 } }) : importOf({ id: 'IM2' });
          return ok({ list: [first, importOf({ status: 'applied', applied_at: 1_700_000_900, actor_name: null, actor_kind: 'operator', counts: { create: 2, update: 1, unchanged: 0, refused: 1, conflict: 2 } })], total: 2 });
        },
      }),
    );
    renderConsole('/imports', intl);
    await waitFor(() => expect(historyRows()).toHaveLength(2), SOON);
    expect(calls.find((c) => c.path === '/catalog/imports')?.body).toEqual({ page: '1', pagesize: '20' });
    const first = historyRows()[0]!;
    expect(first.getAttribute('data-status')).toBe('checking');
    expect(first.querySelector('.console-import-open')?.getAttribute('href')).toBe('/imports/IM2');
    expect(first.querySelector('.console-import-status')?.textContent).toContain('检查中');
    expect(first.querySelector('.console-import-progress')?.getAttribute('data-done')).toBe('120');
    expect(first.textContent).toContain('商品小张');
    // conflicts when the server counts them; the operator's import
    expect(texts('.console-import-table tbody tr:nth-child(2) .console-import-count')).toEqual(['新增 2', '更新 1', '不变 0', '拒绝 1', '冲突 2']);
    expect(texts('.console-import-table tbody tr:nth-child(1) .console-import-count')).toEqual(['新增 0', '更新 0', '不变 0', '拒绝 0']);
    expect(historyRows()[1]!.textContent).toContain('运营');
    await waitFor(() => expect(historyRows()[0]!.getAttribute('data-status')).toBe('ready'), { timeout: 20_000 });
    const settled = asked;
    await new Promise((r) => setTimeout(r, 1500));
    expect(asked).toBe(settled);
  });

  it('sends the sheet and the picture zip as multipart and opens the import', async () => {
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/imports': (_body, call) => (call.method === 'POST' ? ok(importOf({ id: 'IM3', status: 'checking' })) : ok({ list: [], total: 0 })),
        '/catalog/imports/detail': () => ok(importOf({ id: 'IM3', status: 'checking', rows: [] })),
      }),
    );
    renderConsole('/imports', intl);
    await shown('.console-import-submit');
    // nothing chosen: asked for in the page
    fireEvent.click(document.querySelector('.console-import-submit')!);
    await waitFor(() => expect(texts('.ant-form-item-explain-error')).toEqual(['请选择要导入的表格']));
    const sheet = new File(['PK sheet'], '春季新款.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const zip = new File(['PK zip!'], 'pictures.zip', { type: 'application/zip' });
    fireEvent.change(document.querySelector('.console-import-file input[type=file]')!, { target: { files: [sheet] } });
    fireEvent.change(document.querySelector('.console-import-pictures input[type=file]')!, { target: { files: [zip] } });
    await waitFor(() => expect(texts('.ant-upload-list-item-name')).toEqual(['春季新款.xlsx', 'pictures.zip']));
    fireEvent.click(document.querySelector('.console-import-submit')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/catalog/imports' && c.method === 'POST')).toBe(true), SOON);
    const sent = calls.find((c) => c.path === '/catalog/imports' && c.method === 'POST')!;
    expect(sent.body).toEqual({ file: { name: expect.any(String), size: sheet.size }, pictures: { name: expect.any(String), size: zip.size } });
    expect(sent.adminToken).toBe('AT1');
    await waitFor(() => expect(where()).toBe('/imports/IM3'), SOON);
    await shown('.console-import-checking');
  });

  it('refuses another kind of file in the page, and shows a refusal of the server under the sheet', async () => {
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/imports': (_body, call) => (call.method === 'POST' ? refused(422, '表格缺少“货号”列', { field: 'file' }) : ok({ list: [], total: 0 })),
      }),
    );
    renderConsole('/imports', intl);
    await shown('.console-import-submit');
    fireEvent.change(document.querySelector('.console-import-file input[type=file]')!, { target: { files: [new File(['x'], 'list.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(texts('.ant-upload-list-item-name')).toEqual(['list.csv']));
    fireEvent.click(document.querySelector('.console-import-submit')!);
    await waitFor(() => expect(texts('.ant-form-item-explain-error')).toEqual(['请选择 .xlsx 文件']));
    // another file takes its place
    fireEvent.change(document.querySelector('.console-import-file input[type=file]')!, { target: { files: [new File(['x'], 'list.xlsx')] } });
    await waitFor(() => expect(texts('.ant-upload-list-item-name')).toEqual(['list.xlsx']));
    fireEvent.click(document.querySelector('.console-import-submit')!);
    await waitFor(() => expect(texts('.ant-form-item-explain-error')).toEqual(['表格缺少“货号”列']), SOON);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('downloads the template with the admin token and saves it under its name', async () => {
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/imports': () => ok({ list: [], total: 0 }),
        '/catalog/imports/template': () =>
          new Response(new Blob(['PK']), {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename*=UTF-8''%E5%95%86%E5%93%81%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx" },
          }),
      }),
    );
    renderConsole('/imports', intl);
    fireEvent.click(await shown('.console-import-template'));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), '商品导入模板.xlsx'), SOON);
    const call = calls.find((c) => c.path === '/catalog/imports/template')!;
    expect(call.adminToken).toBe('AT1');
    expect(call.language).toBe('zh_CN');
  });

  it('a template refused because the session ended logs out', async () => {
    serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/imports': () => ok({ list: [], total: 0 }),
        '/catalog/imports/template': () => refused(401, '员工登录已失效，请重新登录'),
        '/jpmall/addons/unishop/index/site': () => ok({ rsa_public_key: 'k' }),
      }),
    );
    renderConsole('/imports', intl);
    fireEvent.click(await shown('.console-import-template'));
    await waitFor(() => expect(where()).toBe('/login'), SOON);
    expect(toast).toHaveBeenCalledWith('员工登录已失效，请重新登录', 'error', 'unauthorized');
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('one import', () => {
  it('shows the preview (refused rows marked with their reason, filtered by action), confirms, follows it to applied', async () => {
    let state: ProductImport = importOf({ rows: ROWS });
    let polls = 0;
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/imports/detail': () => {
          if (state.status === 'applying' && ++polls >= 2) state = { ...state, status: 'applied', applied_at: 1_700_001_000 };
          return ok(state);
        },
        '/catalog/imports/confirm': () => {
          state = { ...state, status: 'applying', progress: { done: 1, total: 3 } };
          return ok(state);
        },
      }),
    );
    renderConsole('/imports/IM1', intl);
    await shown('.console-import-ready');
    expect(calls.find((c) => c.path === '/catalog/imports/detail')?.body).toEqual({ id: 'IM1' });
    expect(document.querySelector('.console-import-ready')?.textContent).toContain('1 行被拒绝');
    const rows = () => [...document.querySelectorAll('.console-import-rows tbody tr.ant-table-row')];
    expect(rows().map((r) => r.getAttribute('data-row'))).toEqual(['2', '3', '4', '5']);
    const refusedRow = rows()[3]!;
    expect(refusedRow.className).toContain('is-refused');
    expect(refusedRow.querySelector('.console-import-reason')?.textContent).toBe('档口“无此档口”不存在');
    expect(rows()[0]!.className).not.toContain('is-refused');

    fireEvent.click(document.querySelector('.console-import-filter-refused input')!);
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-action'))).toEqual(['refused']));
    expect(document.querySelector('.console-import-filter-create')?.textContent).toBe('新增 2');

    fireEvent.click(document.querySelector('.console-import-confirm')!);
    const ok_ = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary');
      if (!button) throw new Error('no confirm yet');
      return button;
    });
    expect(document.querySelector('.ant-popconfirm')?.textContent).toContain('将新增 2 行、更新 1 行');
    fireEvent.click(ok_);
    await waitFor(() => expect(calls.find((c) => c.path === '/catalog/imports/confirm')?.body).toEqual({ id: 'IM1' }), SOON);
    await waitFor(() => expect(document.querySelector('.console-import')?.getAttribute('data-status')).toBe('applying'), SOON);
    expect(document.querySelector('.console-import-progress')?.getAttribute('data-done')).toBe('1');
    await waitFor(() => expect(document.querySelector('.console-import-applied')?.textContent).toContain('导入完成：新增 2 行，更新 1 行'), { timeout: 20_000 });
    expect(document.querySelector('.console-import-confirm')).toBeNull();
  });

  it('a failed import shows why', async () => {
    serveConsole(catalogueRoutes(cataloguer, { '/catalog/imports/detail': () => ok(importOf({ status: 'failed', error: '无法读取表格：文件已损坏', rows: [] })) }));
    renderConsole('/imports/IM1', intl);
    await waitFor(() => expect(document.querySelector('.console-import-error')?.textContent).toBe('无法读取表格：文件已损坏'), SOON);
    expect(document.querySelector('.console-import-confirm')).toBeNull();
  });
});
