import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Wave, WaveLine } from './warehouse-api';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import type * as FileDownload from '../../lib/file-download';
import { makeIntl, setIntl } from '../../lib/i18n';
import { choose, shown, texts } from '../../testing/console-test-kit';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { itemSpans, stallBlocks } from './pick-list';
import { keeper, LINES, reader, waveOf, warehouseRoutes } from './warehouse-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const saveBlob = vi.fn();
vi.mock('../../lib/file-download', async (original) => ({ ...(await original<typeof FileDownload>()), saveBlob: (...args: unknown[]) => saveBlob(...args) }));

const intl = makeIntl('zh_CN', zh);
const english = makeIntl('en_US', en);
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
  vi.restoreAllMocks();
});

const where = () => screen.getByTestId('where').textContent;
const WAVE_ID = 'BC202501011200000001';

/** A wave kept by the fake server: marks replace a line's mark; closing settles after `settleAfter` detail calls. */
function serveWave({ staff = keeper, settleAfter = 2 } = {}) {
  let wave: Wave = waveOf();
  let detailsWhileClosing = 0;
  const setMarks = (missed: (line: WaveLine) => number | null) => {
    const lines = wave.lines!.map((l): WaveLine => ({ ...l, missed: missed(l) }));
    wave = { ...wave, lines, missed: lines.reduce((sum, l) => sum + (l.missed ?? 0), 0) };
  };
  const calls = serveConsole(
    warehouseRoutes(staff, {
      '/waves/detail': () => {
        if (wave.status === 'closing' && ++detailsWhileClosing >= settleAfter) {
          wave = {
            ...wave,
            status: 'closed',
            orders: wave.orders!.map((order) => ({ ...order, outcome: order.order_no === 'JP3' ? 'short' : 'prepared', stock_status: 'stock_prepared' })),
          };
        }
        return ok(wave);
      },
      '/waves/mark': (body) => {
        if (wave.status !== 'open') return refused(422, '波次已结束');
        const marked = wave.lines!.find((l) => l.sku_id === body.sku_id);
        if (marked && (marked.missed ?? 0) > 0 && body.missed === 0) return refused(422, `${marked.sku_id} 已标记缺 ${marked.missed} / ${marked.quantity}，请先清除缺货再标记拿到`);
        setMarks((l) => (l.sku_id === body.sku_id ? (body.missed as number) : l.missed));
        return ok(wave);
      },
      '/waves/mark_all': (body) => {
        if (wave.status !== 'open') return refused(422, '波次已结束');
        const inScope = (l: WaveLine) => body.stall_id === undefined || l.stall_id === body.stall_id;
        const marked = wave.lines!.filter((l) => inScope(l) && l.missed === null).length;
        if (marked === 0) return refused(422, '这里的每一行都已标记');
        setMarks((l) => (inScope(l) && l.missed === null ? 0 : l.missed));
        return ok({ wave, marked, kept_missed: wave.lines!.filter((l) => inScope(l) && (l.missed ?? 0) > 0).length });
      },
      '/waves/clear_miss': (body) => {
        setMarks((l) => (l.sku_id === body.sku_id ? 0 : l.missed));
        return ok(wave);
      },
      '/waves/close': () => {
        wave = { ...wave, status: 'closing', closed_at: 1_735_710_000, closed_by: '仓库老周' };
        return ok(wave);
      },
      '/waves/xlsx': () =>
        new Response(new Blob(['PK']), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="${WAVE_ID}.xlsx"` },
        }),
    }),
  );
  return { calls, wave: () => wave };
}

const stallHeads = () =>
  [...document.querySelectorAll('.console-wave-stall-head')].map((head) =>
    ['market', 'floor', 'name', 'number'].map((part) => head.querySelector(`.console-wave-stall-${part}`)?.textContent).join(' '),
  );
const lineRow = (sku: string) => document.querySelector<HTMLElement>(`.console-wave-lines tr[data-sku="${sku}"]`)!;

const state = (sku: string) => lineRow(sku).querySelector('.console-wave-mark-state')?.textContent;
/** Types a missed quantity into a line's box and presses Enter. */
function markMissed(sku: string, missed: number) {
  const box = lineRow(sku).querySelector<HTMLInputElement>('.console-wave-missed input')!;
  fireEvent.change(box, { target: { value: String(missed) } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('the pick list helpers', () => {
  it('groups lines by stall in the order given and merges an item number’s rows', () => {
    const blocks = stallBlocks(LINES);
    expect(blocks.map((b) => [b.stall_name, b.lines.map((l) => l.sku_id), b.quantity, b.firstOfMarket])).toEqual([
      ['衣恋坊', ['K0'], 2, true],
      ['韩潮女装', ['K1', 'K2', 'K3'], 6, false],
      ['木子家', ['K4'], 1, true],
    ]);
    expect(itemSpans(blocks[1]!.lines)).toEqual([2, 0, 1]);
    expect(itemSpans([])).toEqual([]);
  });
});

describe('one wave', () => {
  it('shows the pick list stall by stall, each with its lines and the orders they serve', async () => {
    const { calls } = serveWave();
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(stallHeads()).toHaveLength(3), SOON);
    expect(calls.find((c) => c.path === '/waves/detail')?.body).toEqual({ id: WAVE_ID });
    expect(calls.find((c) => c.path === '/waves/detail')?.adminToken).toBe('AT1');
    expect(stallHeads()).toEqual(['十三行 2F 衣恋坊 B202', '十三行 3F 韩潮女装 A101', '沙河 1F 木子家 C303']);
    // each market is headed once; each stall is a block of its own (a printed page)
    expect(texts('.console-wave-market-head')).toEqual(['十三行', '沙河']);
    expect(document.querySelectorAll('.console-wave-pick-list > .console-wave-block')).toHaveLength(3);
    const second = document.querySelectorAll('.console-wave-stall')[1]!;
    expect([...second.querySelectorAll('tr[data-sku]')].map((r) => r.getAttribute('data-sku'))).toEqual(['K1', 'K2', 'K3']);
    // the two sizes of one item number share its cell
    expect(lineRow('K1').querySelector('td')?.getAttribute('rowspan')).toBe('2');
    expect(lineRow('K1').querySelector('.console-wave-item-no')?.textContent).toBe('A101-1001');
    expect(lineRow('K2').querySelector('.console-wave-item-no')).toBeNull();
    expect(lineRow('K1').querySelector('.console-wave-quantity')?.textContent).toBe('3');
    expect(texts(`tr[data-sku="K1"] .console-wave-line-orders li`)).toEqual(['JP1 × 2', 'JP3 × 1']);
    expect(second.querySelector('.console-wave-stall-count')?.textContent).toBe('3 行 · 6 件');
    expect(document.querySelector('.console-wave-unmarked')?.textContent).toBe('5');
    // nothing closed yet: no outcomes
    expect(document.querySelector('.console-wave-outcomes')).toBeNull();
  });

  it('marks a line got, another partly missed, and shows the marks the server answers', async () => {
    const { calls } = serveWave();
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(lineRow('K1')).not.toBeNull(), SOON);
    expect(lineRow('K1').querySelector('.console-wave-mark-state')?.textContent).toBe('未标记');

    fireEvent.click(lineRow('K1').querySelector('.console-wave-got')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/waves/mark')?.body).toEqual({ id: WAVE_ID, sku_id: 'K1', missed: 0 }), SOON);
    await waitFor(() => expect(lineRow('K1').querySelector('.console-wave-mark-state')?.textContent).toBe('已拿到'));
    expect(lineRow('K1').className).toContain('is-got');

    const missed = lineRow('K3').querySelector<HTMLInputElement>('.console-wave-missed input')!;
    fireEvent.change(missed, { target: { value: '1' } });
    fireEvent.keyDown(missed, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.filter((c) => c.path === '/waves/mark').map((c) => c.body)).toEqual([{ id: WAVE_ID, sku_id: 'K1', missed: 0 }, { id: WAVE_ID, sku_id: 'K3', missed: 1 }]), SOON);
    await waitFor(() => expect(lineRow('K3').querySelector('.console-wave-mark-state')?.textContent).toBe('缺 1 / 2'));
    expect(document.querySelector('.console-wave-unmarked')?.textContent).toBe('3');
    // the answer is written into the page: the detail is not asked again for it
    expect(calls.filter((c) => c.path === '/waves/detail')).toHaveLength(1);
  });

  it('marks a stall all got in one click, keeps its partly missed line and says so', async () => {
    const { calls } = serveWave();
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(lineRow('K3')).not.toBeNull(), SOON);
    markMissed('K3', 1);
    await waitFor(() => expect(state('K3')).toBe('缺 1 / 2'), SOON);

    const stall = document.querySelector<HTMLElement>('.console-wave-stall[data-stall="st1"]')!;
    fireEvent.click(stall.querySelector('.console-wave-stall-all-got')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/waves/mark_all')?.body).toEqual({ id: WAVE_ID, stall_id: 'st1' }), SOON);
    await waitFor(() => expect(state('K1')).toBe('已拿到'), SOON);
    expect(state('K2')).toBe('已拿到');
    expect(state('K3')).toBe('缺 1 / 2');
    // the other stalls are untouched
    expect(state('K0')).toBe('未标记');
    expect(state('K4')).toBe('未标记');
    expect(stall.querySelector('.console-wave-batch-note')?.textContent).toBe('已将 2 行标为拿到；1 行已标记缺货，保持不变');
    expect(toast).toHaveBeenCalledWith('已将 2 行标为拿到；1 行已标记缺货，保持不变', 'success');
    // nothing left to mark at this stall: its button is off
    expect(stall.querySelector<HTMLButtonElement>('.console-wave-stall-all-got')!.disabled).toBe(true);
    expect(document.querySelector('.console-wave-unmarked')?.textContent).toBe('2');
  });

  it('marks the whole wave got after asking, lines marked missed left as they were', async () => {
    const { calls } = serveWave();
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(lineRow('K3')).not.toBeNull(), SOON);
    markMissed('K0', 2);
    await waitFor(() => expect(state('K0')).toBe('缺 2 / 2'), SOON);
    fireEvent.click(document.querySelector('.console-wave-all-got')!);
    const confirm = await shown('.console-wave-all-got-confirm .ant-btn-primary');
    expect(document.querySelector('.console-wave-all-got-confirm')?.textContent).toContain('将未标记的 4 行全部标为拿到？');
    expect(document.querySelector('.console-wave-all-got-confirm')?.textContent).toContain('已标记缺货的行保持不变');
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path === '/waves/mark_all')?.body).toEqual({ id: WAVE_ID }), SOON);
    await waitFor(() => expect(document.querySelector('.console-wave-unmarked')?.textContent).toBe('0'), SOON);
    expect(state('K0')).toBe('缺 2 / 2');
    expect(document.querySelector('.console-wave .ant-alert.console-wave-batch-note')?.textContent).toContain('已将 4 行标为拿到；1 行已标记缺货，保持不变');
    expect(document.querySelector<HTMLButtonElement>('.console-wave-all-got')!.disabled).toBe(true);
  });

  it('asks before clearing a miss, by the got button or a 0, and sends it as a correction', async () => {
    const { calls } = serveWave();
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(lineRow('K3')).not.toBeNull(), SOON);
    markMissed('K3', 1);
    await waitFor(() => expect(state('K3')).toBe('缺 1 / 2'), SOON);
    await waitFor(() => expect(document.querySelector('.console-wave-summary')?.textContent).toContain('缺货件数1'), SOON);

    fireEvent.click(lineRow('K3').querySelector('.console-wave-got')!);
    await shown('.console-wave-clear-confirm .ant-btn-primary');
    expect(document.querySelector('.console-wave-clear-confirm')?.textContent).toContain('此行已标记缺 1 / 2：改为全部拿到？');
    // not asked yet: nothing sent; cancelled, the miss stays
    expect(calls.filter((c) => c.path === '/waves/mark' && c.body.missed === 0)).toEqual([]);
    fireEvent.click(document.querySelector('.console-wave-clear-confirm .ant-popconfirm-buttons .ant-btn:not(.ant-btn-primary)')!);
    await waitFor(() => expect(document.querySelector('.console-wave-clear-confirm:not(.ant-popover-hidden)')).toBeNull(), SOON);
    expect(state('K3')).toBe('缺 1 / 2');
    expect(calls.some((c) => c.path === '/waves/clear_miss')).toBe(false);

    // a 0 typed in asks the same
    markMissed('K3', 0);
    fireEvent.click(await shown('.console-wave-clear-confirm:not(.ant-popover-hidden) .ant-btn-primary'));
    await waitFor(() => expect(calls.find((c) => c.path === '/waves/clear_miss')?.body).toEqual({ id: WAVE_ID, sku_id: 'K3' }), SOON);
    await waitFor(() => expect(state('K3')).toBe('已拿到'), SOON);
    expect(toast).toHaveBeenCalledWith('已更正为全部拿到', 'success');
    expect(calls.filter((c) => c.path === '/waves/mark' && c.body.missed === 0)).toEqual([]);
    await waitFor(() => expect(document.querySelector('.console-wave-summary')?.textContent).toContain('缺货件数0'), SOON);
  });

  it('says it in English: the batch note and the question before clearing a miss', async () => {
    setIntl(english);
    serveWave();
    renderConsole(`/waves/${WAVE_ID}`, english);
    await waitFor(() => expect(lineRow('K3')).not.toBeNull(), SOON);
    markMissed('K3', 1);
    await waitFor(() => expect(state('K3')).toBe('Missed 1 / 2'), SOON);
    const stall = document.querySelector<HTMLElement>('.console-wave-stall[data-stall="st1"]')!;
    expect(stall.querySelector('.console-wave-stall-all-got')?.textContent).toBe('All got at this stall');
    fireEvent.click(stall.querySelector('.console-wave-stall-all-got')!);
    await waitFor(() => expect(stall.querySelector('.console-wave-batch-note')?.textContent).toBe('2 lines marked got; 1 line marked missed was left as it was'), SOON);
    fireEvent.click(lineRow('K3').querySelector('.console-wave-got')!);
    await shown('.console-wave-clear-confirm .ant-btn-primary');
    expect(document.querySelector('.console-wave-clear-confirm')?.textContent).toContain('This line was marked missing 1 of 2: mark it all got?');
  });

  it('closes the wave saying how many lines are unmarked, follows the settling and shows each order’s outcome', async () => {
    const { calls } = serveWave();
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(lineRow('K1')).not.toBeNull(), SOON);
    fireEvent.click(lineRow('K4').querySelector('.console-wave-got')!);
    await waitFor(() => expect(document.querySelector('.console-wave-unmarked')?.textContent).toBe('4'), SOON);

    fireEvent.click(document.querySelector('.console-wave-close')!);
    const confirm = await shown('.ant-popconfirm .ant-btn-primary');
    expect(document.querySelector('.ant-popconfirm-description')?.textContent).toContain('还有 4 行未标记，未标记的行按已拿到处理');
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path === '/waves/close')?.body).toEqual({ id: WAVE_ID }), SOON);
    await waitFor(() => expect(document.querySelector('.console-wave')?.getAttribute('data-status')).toBe('closing'), SOON);
    expect(document.querySelector('.console-wave-settling')).not.toBeNull();
    // asked every second until settled
    await waitFor(() => expect(document.querySelector('.console-wave')?.getAttribute('data-status')).toBe('closed'), SOON);
    const outcomes = () => [...document.querySelectorAll('.console-wave-order-table tr[data-order]')].map((r) => [r.getAttribute('data-order'), r.querySelector('.console-wave-outcome')?.textContent]);
    expect(outcomes()).toEqual([
      ['JP1', '已备货'],
      ['JP2', '已备货'],
      ['JP3', '部分缺货'],
      ['JP4', '已备货'],
    ]);
    // closed: no more marking, no closing
    expect(document.querySelector('.console-wave-got')).toBeNull();
    expect(document.querySelector('.console-wave-close')).toBeNull();
    const settled = calls.filter((c) => c.path === '/waves/detail').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.filter((c) => c.path === '/waves/detail')).toHaveLength(settled);
  });

  it('downloads the pick list as Excel with the admin token, and prints', async () => {
    const { calls } = serveWave();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderConsole(`/waves/${WAVE_ID}`, intl);
    fireEvent.click(await shown('.console-wave-xlsx'));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), `${WAVE_ID}.xlsx`), SOON);
    const call = calls.find((c) => c.path === '/waves/xlsx')!;
    expect(call.body).toEqual({ id: WAVE_ID });
    expect(call.adminToken).toBe('AT1');
    fireEvent.click(document.querySelector('.console-wave-print')!);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a reader the pick list without marking or closing', async () => {
    serveWave({ staff: reader });
    renderConsole(`/waves/${WAVE_ID}`, intl);
    await waitFor(() => expect(stallHeads()).toHaveLength(3), SOON);
    expect(document.querySelector('.console-wave-got')).toBeNull();
    expect(document.querySelector('.console-wave-close')).toBeNull();
    expect(document.querySelector('.console-wave-xlsx')).not.toBeNull();
  });
});

describe('the waves', () => {
  const listed = [waveOf({ lines: undefined, orders: undefined }), waveOf({ id: 'BC202412311200000002', status: 'closed', market_id: 'm2', market_name: '沙河', missed: 1, closed_at: 1_735_710_000, closed_by: 'operator', lines: undefined, orders: undefined })];

  it('lists the waves, filters by status and makes a new wave of one market', async () => {
    const calls = serveConsole(
      warehouseRoutes(keeper, {
        '/waves': (body) => ok({ list: body.status ? listed.filter((w) => w.status === body.status) : listed, total: 2 }),
        '/catalog/markets': () => ok([{ id: 'm1', area_site_id: 'cn', name_zh: '十三行', name_en: 'Shisanhang', sort: 1, stall_count: 2 }]),
        '/catalog/stalls': () => ok({ list: [{ id: 'st1', market_id: 'm1', market_name_zh: '十三行', name: '韩潮女装', floor: '3F', number: 'A101', contact: '', wechat: '', category_id: 'c1', product_count: 1 }], total: 1 }),
        '/waves/create': () => ok(waveOf({ id: 'BC202501021200000003', market_id: 'm1', market_name: '十三行' })),
        '/waves/detail': () => ok(waveOf({ id: 'BC202501021200000003' })),
      }),
    );
    renderConsole('/waves', intl);
    const rows = () => [...document.querySelectorAll('.console-wave-table tbody tr[data-id]')];
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(calls.find((c) => c.path === '/waves')?.body).toEqual({ page: '1', pagesize: '20' });
    expect(rows()[1]!.textContent).toContain('沙河');
    expect(rows()[1]!.textContent).toContain('运营');
    expect(rows()[0]!.querySelector('.console-wave-open')?.getAttribute('href')).toBe(`/waves/${WAVE_ID}`);
    fireEvent.click(document.querySelector('.console-wave-filter-closed input')!);
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-status'))).toEqual(['closed']), SOON);
    expect(calls.filter((c) => c.path === '/waves').at(-1)?.body).toEqual({ status: 'closed', page: '1', pagesize: '20' });

    fireEvent.click(document.querySelector('.console-wave-new')!);
    await choose('console-wave-market', '十三行');
    await waitFor(() => expect(calls.some((c) => c.path === '/catalog/stalls' && c.body.market_id === 'm1')).toBe(true), SOON);
    fireEvent.click(document.querySelector('.console-wave-new-modal .ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/waves/create')?.body).toEqual({ market_id: 'm1' }), SOON);
    await waitFor(() => expect(where()).toBe('/waves/BC202501021200000003'), SOON);
  });

  it('shows the server’s words when no order waits for stock', async () => {
    serveConsole(
      warehouseRoutes(keeper, {
        '/waves': () => ok({ list: [], total: 0 }),
        '/catalog/markets': () => ok([]),
        '/catalog/stalls': () => ok({ list: [], total: 0 }),
        '/waves/create': () => refused(422, '这里没有待备货的已付款订单'),
      }),
    );
    renderConsole('/waves', intl);
    fireEvent.click(await shown('.console-wave-new'));
    fireEvent.click((await shown('.console-wave-new-modal .ant-modal-footer .ant-btn-primary')) as HTMLElement);
    await waitFor(() => expect(document.querySelector('.console-wave-refusal')?.textContent).toBe('这里没有待备货的已付款订单'), SOON);
    expect(where()).toBe('/waves');
  });

  it('shows a reader no new-wave button', async () => {
    serveConsole(warehouseRoutes(reader, { '/waves': () => ok({ list: listed, total: 2 }) }));
    renderConsole('/waves', intl);
    await waitFor(() => expect(document.querySelectorAll('.console-wave-table tbody tr[data-id]')).toHaveLength(2), SOON);
    expect(document.querySelector('.console-wave-new')).toBeNull();
  });
});
