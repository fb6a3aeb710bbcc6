import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExcelJob } from '../../api/excel-api';
import type { PlatformLine, PlatformLink, PlatformOrder, PlatformPreview, PlatformSku } from '../../api/platform-orders-api';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { bodiesOf, count, lastBody, ok, refused, renderAt, serve, SETTINGS, stubBrowserBits, stubRequestOrigin, type Handler } from './order-test-kit';
import { checkExportFile, linkedByKey, searchFromSpec, searchFromVariation, specText, takesLabel, unlinkBody } from './platform-logic';
import PlatformOrdersScreen from './platform-orders-screen';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
const SOON = { timeout: 20_000 };

beforeAll(stubBrowserBits);
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

const SKU: PlatformSku = { sku_id: 'K7', product_id: 'P7', item_no: 'A1001', title: '连帽卫衣', color: '黑色', size: 'L', price: 5000, stock: 30, on_shelf: true, image: '/media/p/P7/color-1.jpg' };

function orderOf(overrides: Partial<PlatformOrder>): PlatformOrder {
  return {
    source_order_no: 'S1',
    row: 2,
    state: 'ready',
    order_no: '',
    recipient: '张伟',
    phone: '13800138000',
    address: '广东省深圳市南山区科技园南路1号',
    hidden: [],
    label_url: '',
    reason: '',
    reason_key: '',
    platform_amount: 8900,
    jpmall_amount: 5000,
    margin: 3900,
    lines: [{ row: 2, line_id: 'L1', title: '秋冬卫衣', variation: '黑色;L', spec: '黑色;L', item_key: '3581', sku_key: '', quantity: 1, platform_price: 8900, status: '待发货', margin: 3900, sku: SKU, linked_by: 'sku' }],
    ...overrides,
  };
}

function previewOf(linked: boolean, job: ExcelJob | null = null): PlatformPreview {
  const line: PlatformLine = {
    row: 3,
    line_id: 'L2',
    title: '纯棉T恤',
    variation: '白色;M',
    spec: '白色;M',
    item_key: '3582',
    sku_key: '',
    quantity: 2,
    platform_price: 3990,
    status: '待发货',
    margin: linked ? 1980 : null,
    sku: linked ? { ...SKU, sku_id: 'K8', item_no: 'B2002', color: '白色', size: 'M', price: 3000 } : null,
    linked_by: linked ? 'sku' : '',
  };
  return {
    id: 'P1',
    platform: 'douyin',
    platform_name: '抖音',
    file_name: 'douyin.csv',
    created_at: 1795000000,
    job,
    totals: { orders: 3, ready: linked ? 1 : 0, ordered: 0, blocked: linked ? 1 : 2, skipped: 1, lines: 4, unlinked: linked ? 0 : 1, platform_amount: 8900, jpmall_amount: 5000, margin: 3900 },
    orders: [
      orderOf({ source_order_no: 'S1', state: linked ? 'ready' : 'blocked', reason: linked ? '' : '第 3 行的商品还没有关联', reason_key: linked ? '' : 'platform.unlinked', lines: [orderOf({}).lines[0]!, line] }),
      orderOf({ source_order_no: 'S2', state: 'blocked', recipient: '', phone: '', address: '', hidden: ['recipient', 'phone', 'address'], reason: '平台隐藏了买家信息', reason_key: 'platform.recipient_hidden' }),
      orderOf({ source_order_no: 'S3', state: 'skipped' }),
    ],
    unlinked: linked ? [] : [{ item_key: '3582', sku_key: '', title: '纯棉T恤', variation: '白色;M', spec: '白色;M', quantity: 2, rows: [3] }],
  };
}

const job = (status: ExcelJob['status'], report: ExcelJob['report'] = null): ExcelJob => ({
  id: 'J1',
  kind: 'import',
  table: 'platform_orders',
  table_name: '平台订单',
  table_type: '',
  status,
  progress: { done: status === 'running' ? 0 : 2, total: 2 },
  row_count: 2,
  file_name: 'douyin.csv',
  error: '',
  created_at: 1795000000,
  finished_at: null,
  report,
});

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const click = (selector: string) => fireEvent.click(document.querySelector(selector)!);
const row = (source: string) => document.querySelector(`.platform-order[data-source="${source}"]`);

function routes(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    '/order/platform/imports': () => ok({ list: [{ id: 'P1', platform: 'douyin', platform_name: '抖音', file_name: 'douyin.csv', created_at: 1795000000, lines: 4, orders: 3 }], total: 1, page: 1, pagesize: 10 }),
    '/order/platform/preview': () => ok(previewOf(false)),
    '/forward/settings': () => ok({ ...SETTINGS, courier: 'sf' }),
    ...extra,
  };
}

async function upload(name: string) {
  await act(async () => {
    fireEvent.change(document.querySelector('.platform-upload-file')!, { target: { files: [new File(['x'], name, { type: 'text/csv' })] } });
  });
}

describe('platform logic', () => {
  it('checks the export before sending, reads colour and size from a variation, and knows which orders take a label', () => {
    expect(checkExportFile(null)).toBe('platformOrders.upload.chooseFile');
    expect(checkExportFile(new File(['x'], 'orders.pdf'))).toBe('platformOrders.upload.wrongType');
    expect(checkExportFile(new File(['x'], 'orders.CSV'))).toBeNull();
    expect(searchFromVariation('黑色;L')).toEqual({ color: '黑色', size: 'L' });
    expect(searchFromVariation('Black, XL')).toEqual({ color: 'Black', size: 'XL' });
    expect(searchFromVariation('')).toEqual({ color: '', size: '' });
    expect(takesLabel(orderOf({ state: 'blocked', hidden: ['recipient'] }))).toBe(true);
    expect(takesLabel(orderOf({ state: 'blocked', reason_key: 'platform.address_unrecognised' }))).toBe(true);
    expect(takesLabel(orderOf({ state: 'blocked', reason_key: 'platform.unlinked' }))).toBe(false);
    expect(takesLabel(orderOf({ state: 'ordered', hidden: ['recipient'] }))).toBe(false);
  });

  it("starts the link search from the line's spec, says how a SKU was found, and unlinks a link by its scope", () => {
    // the spec is the server's colour;size whatever the file wrote
    expect(searchFromSpec('黑色;L', '颜色:黑色 尺码:L')).toEqual({ color: '黑色', size: 'L' });
    expect(searchFromSpec(';XL', 'XL')).toEqual({ color: '', size: 'XL' });
    expect(searchFromSpec('', '白色;M')).toEqual({ color: '白色', size: 'M' });
    expect(specText('黑色;L')).toBe('黑色 / L');
    expect(specText(';XL')).toBe('XL');
    expect(specText('')).toBe('—');
    expect(linkedByKey('product')).toBe('platformOrders.linkedBy.product');
    expect(linkedByKey('sku_code')).toBe('platformOrders.linkedBy.sku_code');
    expect(linkedByKey('item_no')).toBe('platformOrders.linkedBy.item_no');
    expect(linkedByKey('sku')).toBeNull();
    expect(linkedByKey('')).toBeNull();
    const link: PlatformLink = { platform: 'douyin', platform_name: '抖音', item_key: '3581', sku_key: '', scope: 'sku', spec: '黑色;L', title: 'T', variation: '黑色;L', updated_at: 1, sku: SKU };
    expect(unlinkBody(link)).toEqual({ platform: 'douyin', item_key: '3581', sku_key: '', scope: 'sku', variation: '黑色;L' });
    expect(unlinkBody({ ...link, scope: 'product', spec: '' })).toEqual({ platform: 'douyin', item_key: '3581', sku_key: '', scope: 'product', variation: '' });
  });
});

describe('/platformOrders', () => {
  it('shows a refused upload as the server words it; an export uploads and its preview shows totals, states, hidden buyers and what is unlinked', async () => {
    let uploads = 0;
    const calls = serve(
      routes({
        '/order/platform/import': () => {
          uploads += 1;
          return uploads === 1 ? refused(422, '这不是可以读取的抖音订单导出文件：缺少列 收件人手机号, 详细地址', { field: 'file', quoted: ['收件人手机号', '详细地址'] }) : ok(previewOf(false));
        },
      }),
    );
    renderAt('/platformOrders?site=', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(text('.platform-orders-title')).toBe('平台订单导入'), SOON);
    await upload('orders.txt');
    expect(text('.platform-upload-error')).toBe('请上传 .xlsx 或 .csv 文件');
    await upload('douyin.csv');
    click('.platform-upload-submit');
    await waitFor(() => expect(text('.platform-upload-error')).toBe('这不是可以读取的抖音订单导出文件：缺少列 收件人手机号, 详细地址'));
    // the platform's own column names stay as written in any language
    expect([...document.querySelectorAll('.platform-upload-error [translate="no"]')].map((e) => e.textContent)).toEqual(['收件人手机号', '详细地址']);
    expect(calls.find((c) => c.path === '/order/platform/import')?.method).toBe('POST');

    click('.platform-upload-submit');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/platformOrders?site=&id=P1'));
    await waitFor(() => expect(row('S1')?.getAttribute('data-state')).toBe('blocked'), SOON);
    expect(lastBody(calls, '/order/platform/preview')).toEqual({ id: 'P1' });
    expect(document.querySelector('.platform-total-unlinked')?.getAttribute('data-value')).toBe('1');
    // every order of the file is counted, the skipped one said beside
    expect(document.querySelector('.platform-total-orders')?.getAttribute('data-value')).toBe('3');
    expect(text('.platform-total-orders-skipped')).toBe('（含跳过 1 单）');
    expect(document.querySelector('.platform-pay-all')).toBeNull();
    expect(text('.platform-total-margin .ant-statistic-content')).toBe('¥39.00');
    expect(row('S1')!.querySelector('.platform-order-reason')?.textContent).toBe('第 3 行的商品还没有关联');
    expect(row('S1')!.querySelector('.platform-line-item-no')?.textContent).toBe('A1001');
    expect(row('S1')!.querySelector('.platform-line-unlinked')?.textContent).toBe('未关联');
    expect(row('S2')!.querySelector('.platform-order-hidden')?.textContent).toBe('平台已隐藏');
    // the hidden buyer's order takes a label, the unlinked one does not
    expect(row('S2')!.querySelector('.label-upload')).toBeTruthy();
    expect(row('S1')!.querySelector('.label-upload')).toBeNull();
    expect(row('S3')?.getAttribute('data-state')).toBe('skipped');
    expect(text('.platform-unlinked-item .platform-unlinked-variation')).toBe('白色;M');
    expect(text('.platform-unlinked-item .platform-unlinked-spec')).toBe('白色 / M');
    expect(document.querySelector('.platform-unlinked-item')?.getAttribute('data-spec')).toBe('白色;M');
    expect(document.querySelectorAll('.platform-import-row')).toHaveLength(1);
  });

  it('links an unlinked item to a SKU found by item number, and attaches a label to a hidden buyer', async () => {
    let linked = false;
    const calls = serve(
      routes({
        '/order/platform/preview': () => ok(previewOf(linked)),
        '/order/platform/sku_search': () => ok([{ ...SKU, sku_id: 'K8', item_no: 'B2002', color: '白色', size: 'M', price: 3000 }]),
        '/order/platform/link': () => {
          linked = true;
          return ok({ scope: 'sku', spec: '白色;M', lines: 1, rows: [3], unresolved: 0, message: '已关联 1 行' });
        },
        '/order/label': () => ok({ url: '/jpmall/addons/unishop/order/label/ab', name: 'l.pdf', content_type: 'application/pdf', size: 1 }),
        '/order/label/ab': () => new Response('%PDF-', { headers: { 'content-type': 'application/pdf' } }),
        '/order/platform/label': () => ok(null),
      }),
    );
    renderAt('/platformOrders?site=&id=P1', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(document.querySelector('.platform-unlinked-link')).toBeTruthy(), SOON);
    click('.platform-unlinked-link');
    await waitFor(() => expect(document.querySelector('.platform-link-modal .platform-link-find')).toBeTruthy());
    expect(document.querySelector<HTMLInputElement>('.platform-link-color input')?.value).toBe('白色');
    expect(document.querySelector<HTMLInputElement>('.platform-link-size input')?.value).toBe('M');
    click('.platform-link-find');
    await waitFor(() => expect(text('.platform-link-missing')).toBe('请输入货号'));
    expect(count(calls, '/order/platform/sku_search')).toBe(0);
    fireEvent.change(document.querySelector('.platform-link-item_no input')!, { target: { value: ' B2002 ' } });
    click('.platform-link-find');
    await waitFor(() => expect(document.querySelector('.platform-sku-row[data-sku="K8"]')).toBeTruthy());
    expect(lastBody(calls, '/order/platform/sku_search')).toEqual({ item_no: 'B2002', color: '白色', size: 'M' });
    click('.platform-sku-row[data-sku="K8"] .platform-sku-choose');
    await waitFor(() =>
      expect(lastBody(calls, '/order/platform/link')).toEqual({ platform: 'douyin', item_key: '3582', sku_key: '', sku_id: 'K8', title: '纯棉T恤', variation: '白色;M', scope: 'sku', id: 'P1' }),
    );
    // the server's words: how many of the import's lines the link covers
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已关联 1 行', 'success'));
    // the preview is asked again: the order is ready and nothing is unlinked
    await waitFor(() => expect(row('S1')?.getAttribute('data-state')).toBe('ready'));
    expect(text('.platform-unlinked-none')).toBe('所有商品都已关联');
    expect(row('S1')!.querySelectorAll('.platform-line-relink')).toHaveLength(2);

    await act(async () => {
      fireEvent.change(row('S2')!.querySelector('.label-upload input[type=file]')!, { target: { files: [new File(['%PDF-'], 'l.pdf', { type: 'application/pdf' })] } });
    });
    await waitFor(() => expect(lastBody(calls, '/order/platform/label')).toEqual({ id: 'P1', source_order_no: 'S2', label_file: '/jpmall/addons/unishop/order/label/ab' }));
  });

  it('orders the batch with the settings courier, follows the job to its report, and shows a write-back refusal', async () => {
    let polls = 0;
    const report = {
      created: 2,
      failed: 0,
      duplicate: 0,
      skipped: 1,
      rows: [
        { row: 2, outcome: 'created' as const, platform: 'douyin', source_order_no: 'S1', order_no: 'JP1', reason: '', field: '' },
        { row: 4, outcome: 'created' as const, platform: 'douyin', source_order_no: 'S2', order_no: 'JP2', reason: '', field: '' },
        { row: 6, outcome: 'skipped' as const, platform: 'douyin', source_order_no: 'S3', order_no: '', reason: '平台订单已取消', field: '' },
      ],
    };
    const calls = serve(
      routes({
        '/order/platform/preview': () => ok(previewOf(true)),
        '/order/platform/order': () => ok(job('running')),
        '/excel/job': () => {
          polls += 1;
          return ok(polls < 2 ? job('running') : job('done', report));
        },
        '/order/platform/writeback': () => refused(422, '这个平台还没有可以回填的已发货订单'),
      }),
    );
    renderAt('/platformOrders?site=&id=P1', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(text('.platform-order-batch')).toContain('批量下单（1 单可下）'), SOON);
    await waitFor(() => expect(text('.platform-courier .ant-select-content, .platform-courier .ant-select-selection-item')).toBe('顺丰速运'));
    click('.platform-order-batch');
    await waitFor(() => expect(lastBody(calls, '/order/platform/order')).toEqual({ id: 'P1', courier: 'sf' }));
    await waitFor(() => expect(document.querySelector('.platform-report-created')?.getAttribute('data-count')).toBe('2'), SOON);
    expect([...document.querySelectorAll('.platform-report-order')].map((a) => a.textContent)).toEqual(['JP1', 'JP2']);
    expect(document.querySelector('.platform-report-pay')).toBeTruthy();
    // an order left out on purpose is counted apart from the failed ones
    expect(document.querySelector('.platform-report-skipped')?.getAttribute('data-count')).toBe('1');
    expect(text('.platform-report-row[data-outcome="skipped"] .ant-tag')).toBe('已跳过');
    expect(bodiesOf(calls, '/excel/job')[0]).toEqual({ id: 'J1' });
    // the preview is asked again once the job is done
    await waitFor(() => expect(count(calls, '/order/platform/preview')).toBeGreaterThanOrEqual(2));

    click('.platform-writeback-button');
    await waitFor(() => expect(text('.platform-writeback-error')).toBe('这个平台还没有可以回填的已发货订单'));
    expect(lastBody(calls, '/order/platform/writeback')).toEqual({ id: 'P1' });
  });

  it("relinks a line for the whole item from its own spec, and says how a line's SKU was found", async () => {
    const byProduct = (): PlatformPreview => {
      const preview = previewOf(true);
      const first = preview.orders[0]!;
      first.lines = [{ ...first.lines[0]!, variation: '颜色:黑色 尺码:L', spec: '黑色;L', linked_by: 'product' }, { ...first.lines[1]!, linked_by: 'sku_code' }];
      return preview;
    };
    const calls = serve(
      routes({
        '/order/platform/preview': () => ok(byProduct()),
        '/order/platform/sku_search': () => ok([SKU]),
        '/order/platform/link': () => ok({ scope: 'product', spec: '', lines: 3, rows: [2, 5, 7], unresolved: 1, message: '已关联整个商品：3 行按规格匹配到 SKU；1 行的规格该商品没有，需逐个关联。' }),
      }),
    );
    renderAt('/platformOrders?site=&id=P1', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(row('S1')?.querySelector('.platform-line-linked-by')).toBeTruthy(), SOON);
    expect([...row('S1')!.querySelectorAll('.platform-line-linked-by')].map((tag) => [tag.getAttribute('data-by'), tag.textContent])).toEqual([
      ['product', '按规格自动匹配'],
      ['sku_code', '按 SKU 编码匹配'],
    ]);
    // a line linked by its own spec says nothing more
    expect(row('S2')!.querySelector('.platform-line-linked-by')).toBeNull();

    click('.platform-order[data-source="S1"] .platform-line[data-row="2"] .platform-line-relink');
    await waitFor(() => expect(document.querySelector('.platform-link-modal .platform-link-scope')).toBeTruthy());
    // the search starts from the spec, not from how the file wrote it
    expect(document.querySelector<HTMLInputElement>('.platform-link-color input')?.value).toBe('黑色');
    expect(document.querySelector<HTMLInputElement>('.platform-link-size input')?.value).toBe('L');
    // this spec only, unless the whole item is chosen
    expect(document.querySelector<HTMLInputElement>('.platform-link-scope input[value="sku"]')?.checked).toBe(true);
    expect(text('.platform-link-scope-sku')).toBe('仅此规格（黑色 / L）');
    expect(text('.platform-link-scope-product')).toBe('整个商品，各规格按自身规格匹配');
    fireEvent.click(document.querySelector('.platform-link-scope input[value="product"]')!);
    fireEvent.change(document.querySelector('.platform-link-item_no input')!, { target: { value: 'A1001' } });
    click('.platform-link-find');
    await waitFor(() => expect(document.querySelector('.platform-sku-row[data-sku="K7"]')).toBeTruthy());
    expect(lastBody(calls, '/order/platform/sku_search')).toEqual({ item_no: 'A1001', color: '黑色', size: 'L' });
    click('.platform-sku-row[data-sku="K7"] .platform-sku-choose');
    // the line's own variation goes with it
    await waitFor(() =>
      expect(lastBody(calls, '/order/platform/link')).toEqual({
        platform: 'douyin',
        item_key: '3581',
        sku_key: '',
        sku_id: 'K7',
        title: '秋冬卫衣',
        variation: '颜色:黑色 尺码:L',
        scope: 'product',
        id: 'P1',
      }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已关联整个商品：3 行按规格匹配到 SKU；1 行的规格该商品没有，需逐个关联。', 'success'));
    await waitFor(() => expect(document.querySelector('.platform-link-modal .platform-link-scope')).toBeNull());
  });

  it('lists links per SKU apart from whole-item ones, and unlinks each by its scope and spec', async () => {
    const links: PlatformLink[] = [
      { platform: 'douyin', platform_name: '抖音', item_key: '3581', sku_key: '', scope: 'sku', spec: '黑色;L', title: '秋冬卫衣', variation: '黑色;L', updated_at: 1795000000, sku: SKU },
      { platform: 'douyin', platform_name: '抖音', item_key: '3582', sku_key: '', scope: 'product', spec: '', title: '纯棉T恤', variation: '白色;M', updated_at: 1795000000, sku: { ...SKU, sku_id: 'K8', item_no: 'B2002' } },
    ];
    const calls = serve(
      routes({
        '/order/platform/links': () => ok({ list: links, total: 2, page: 1, pagesize: 10 }),
        '/order/platform/unlink': () => ok(null),
      }),
    );
    renderAt('/platformOrders?site=&tab=links', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.platform-link-row')).toHaveLength(2), SOON);
    const linkRow = (item: string) => document.querySelector<HTMLElement>(`.platform-link-row[data-item="${item}"]`)!;
    expect(linkRow('3581').getAttribute('data-scope')).toBe('sku');
    expect(text('.platform-link-scope-tag', linkRow('3581'))).toBe('按规格：黑色 / L');
    expect(linkRow('3582').getAttribute('data-scope')).toBe('product');
    expect(text('.platform-link-scope-tag', linkRow('3582'))).toBe('整个商品（按规格匹配）');

    const unlink = async (item: string) => {
      fireEvent.click(linkRow(item).querySelector('.platform-unlink')!);
      const ok = await waitFor(() => {
        const buttons = [...document.querySelectorAll<HTMLElement>('.ant-popover:not(.ant-popover-hidden) .platform-unlink-ok')];
        if (buttons.length === 0) throw new Error('no confirm yet');
        return buttons.at(-1)!;
      });
      fireEvent.click(ok);
    };
    await unlink('3581');
    await waitFor(() => expect(bodiesOf(calls, '/order/platform/unlink')).toHaveLength(1));
    await unlink('3582');
    await waitFor(() => expect(bodiesOf(calls, '/order/platform/unlink')).toHaveLength(2));
    expect(bodiesOf(calls, '/order/platform/unlink')).toEqual([
      { platform: 'douyin', item_key: '3581', sku_key: '', scope: 'sku', variation: '黑色;L' },
      { platform: 'douyin', item_key: '3582', sku_key: '', scope: 'product', variation: '' },
    ]);
  });

  it("pays every unpaid order of an ordered import in one confirmation, for the quoted total", async () => {
    const ordered = (): PlatformPreview => {
      const preview = previewOf(true);
      preview.totals = { ...preview.totals, ordered: 1, ready: 0 };
      preview.orders[0] = { ...preview.orders[0]!, state: 'ordered', order_no: 'JP1' };
      return preview;
    };
    const calls = serve(
      routes({
        '/order/platform/preview': () => ok(ordered()),
        '/order/pay_quote': () =>
          ok({ orders: [{ order_no: 'JP1', total: 5000 }, { order_no: 'JP2', total: 3000 }], count: 2, total: 8000, balance: 10000, enough: true, message: '共 2 单，合计 ¥80.00，从余额（¥100.00）逐单扣款。' }),
        '/order/pay_batch': () => ok({ paid: ['JP1', 'JP2'], count: 2, balance: 2000, message: '已支付 2 单，余额 ¥20.00。' }),
      }),
    );
    renderAt('/platformOrders?site=&id=P1', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(text('.platform-pay-all')).toBe('支付本批全部待付订单'), SOON);
    click('.platform-pay-all');
    await waitFor(() => expect(text('.order-pay-batch-modal .order-pay-batch-total')).toBe('¥80.00'));
    expect(lastBody(calls, '/order/pay_quote')).toEqual({ all: true, import_id: 'P1' });
    expect(text('.order-pay-batch-count')).toBe('共 2 个订单');
    expect(text('.order-pay-batch-balance')).toBe('¥100.00');
    expect(text('.order-pay-batch-message')).toBe('共 2 单，合计 ¥80.00，从余额（¥100.00）逐单扣款。');
    click('.order-pay-batch-confirm');
    await waitFor(() => expect(lastBody(calls, '/order/pay_batch')).toEqual({ all: true, import_id: 'P1', total: 8000 }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已支付 2 单，余额 ¥20.00。', 'success'));
    await waitFor(() => expect(document.querySelector('.order-pay-batch-modal .order-pay-batch-total')).toBeNull());
  });

  it('writes back one platform by shipping day, whichever imports its orders came from', async () => {
    const calls = serve(routes({ '/order/platform/writeback': () => refused(422, '该平台还没有已发货的订单可回传') }));
    renderAt('/platformOrders?site=', <PlatformOrdersScreen />, intl);
    await waitFor(() => expect(document.querySelector('.platform-writeback-day-button')).toBeTruthy(), SOON);
    click('.platform-writeback-day-button');
    await waitFor(() => expect(text('.platform-writeback-day-error')).toBe('该平台还没有已发货的订单可回传'));
    expect(lastBody(calls, '/order/platform/writeback')).toEqual({ platform: 'douyin' });
  });

  it('is in English when the session is', async () => {
    serve(routes());
    const english = makeIntl('en_US', en);
    setIntl(english);
    renderAt('/platformOrders?site=', <PlatformOrdersScreen />, english);
    await waitFor(() => expect(text('.platform-orders-title')).toBe('Platform order import'), SOON);
    expect(text('.platform-tab-links')).toBe('My links');
    expect(text('.platform-upload-submit')).toBe('Upload and preview');
  });
});
