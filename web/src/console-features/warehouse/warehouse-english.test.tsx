import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { keeper, QUEUE, waveOf, warehouseRoutes } from './warehouse-test-kit';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));

const english = makeIntl('en_US', en);
vi.setConfig({ testTimeout: 30_000 });
const HAN = /[\u3400-\u9fff]/;

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  localStorage.clear();
  setIntl(english);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Everything the screen itself writes but data cells (names, titles, stalls as the server keeps them). */
const chrome = () =>
  [...document.querySelectorAll('.console-content .console-toolbar, .console-content .console-filter, .console-content .console-batch, .console-content thead, .console-content .ant-card-head, .console-content label, .console-content button, .console-content .ant-alert, .console-content .ant-descriptions-item-label, .console-content .ant-tabs-tab, .console-content .console-hint:not(.console-wave-title), .console-content .ant-pagination')]
    .map((e) => e.textContent ?? '')
    .join(' | ');

describe('warehouse screens in English', () => {
  it('have every key in both catalogues, English in en_US', () => {
    const ours = (catalogue: Record<string, string>) => Object.keys(catalogue).filter((k) => k.startsWith('console.warehouse.') || /^console\.menu\.(waves|wave|shipping|abnormal)$/.test(k));
    expect(ours(en).sort()).toEqual(ours(zh).sort());
    expect(ours(en).filter((k) => HAN.test((en as Record<string, string>)[k]!))).toEqual([]);
  });

  it.each([
    ['/waves', '.console-wave-table tbody tr[data-id]'],
    ['/waves/BC202501011200000001', '.console-wave-stall'],
    ['/shipping', '.console-ship-table tbody tr[data-order]'],
    ['/abnormal', '.console-abnormal-table tbody tr[data-order]'],
  ])('%s shows no Chinese but data', async (path, ready) => {
    serveConsole(
      warehouseRoutes(keeper, {
        '/waves': () => ok({ list: [waveOf({ lines: undefined, orders: undefined })], total: 1 }),
        '/waves/detail': () => ok(waveOf()),
        '/orders/to_ship': () => ok({ list: QUEUE, total: QUEUE.length }),
        '/orders/abnormal': () => ok({ list: [{ order_no: 'JP1', user_id: 'u1', mobile: '139', reason: 'r', flagged_at: 1, resolution: '', resolved_at: null, status: 'open', order_status: 'to_be_shipped' }], total: 1 }),
      }),
    );
    renderConsole(path, english);
    await waitFor(() => expect(document.querySelector(ready)).not.toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(chrome()).not.toMatch(HAN));
    expect(chrome()).toMatch(/[A-Za-z]/);
  });
});
