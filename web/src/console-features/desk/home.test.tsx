import { cleanup, configure, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrendDay } from './desk-api';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, owner, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import type * as TrendChartModule from './trend-chart';
import type { TrendChartProps } from './trend-chart';
import { shown, texts } from './desk-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

/** The chart as the home screen hands it over (ECharts draws on a canvas, which jsdom lacks). */
const chartProps = vi.fn((_props: TrendChartProps) => undefined);
vi.mock('./trend-chart', () => ({
  default: (props: TrendChartProps) => {
    chartProps(props);
    return <div className="trend-chart-stub" data-days={props.days.length} />;
  },
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
  chartProps.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAYS: TrendDay[] = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-01-${String(i + 1).padStart(2, '0')}`,
  orders: i,
  paid: `${i * 10}.00`,
  refunds: i % 3,
  refunded: `${i % 3}.50`,
}));

describe('home figures', () => {
  it("shows today's figures beside the counts and the 30-day trend to staff who read the figures", async () => {
    const calls = serveConsole({
      '/staff/me': () => ok(owner),
      '/dashboard': () => ok({ orders_to_prepare: 4, orders_to_ship: 2, orders_today: 12, paid_today: '3456.70', shipped_today: 8 }),
      '/dashboard/trend': () => ok({ days: DAYS }),
    });
    renderConsole('/', intl);
    await waitFor(() => expect([...document.querySelectorAll('.console-figure')].map((e) => e.getAttribute('data-field'))).toEqual(['orders_today', 'paid_today', 'shipped_today']), SOON);
    expect([...document.querySelectorAll('.console-waiting')].map((e) => e.getAttribute('data-field'))).toEqual(['orders_to_prepare', 'orders_to_ship']);
    expect(texts('.console-figure .ant-statistic-title')).toEqual(['今日下单', '今日成交金额', '今日发货']);
    expect(document.querySelector('.console-figure-orders_today .ant-statistic-content')?.textContent).toBe('12');
    expect(document.querySelector('.console-figure-paid_today .ant-statistic-content')?.textContent).toBe('¥3,456.70');

    await shown('.trend-chart-stub');
    expect(calls.find((c) => c.path === '/dashboard/trend')?.adminToken).toBe('AT1');
    const props = chartProps.mock.calls.at(-1)![0];
    expect(props.days).toHaveLength(30);
    expect([props.ordersLabel, props.refundsLabel]).toEqual(['订单', '退款']);
    expect(props.describe(DAYS[5]!)).toEqual(['订单 5 笔，成交 ¥50.00', '退款 2 笔，退款 ¥2.50']);
    expect(document.querySelector('.console-home-trend .ant-card-head-title')?.textContent).toBe('近 30 天订单与退款');
  });

  it('shows finance the figures and the trend without the order queues', async () => {
    const calls = serveConsole({
      '/staff/me': () => ok({ ...owner, role: 'finance', permissions: ['withdrawals.read', 'withdrawals.write', 'ledgers.read', 'figures.read'] }),
      '/dashboard': () => ok({ withdrawals_to_decide: 2, orders_today: 12, paid_today: '3456.70', shipped_today: 8 }),
      '/dashboard/trend': () => ok({ days: DAYS }),
    });
    renderConsole('/', intl);
    await waitFor(() => expect([...document.querySelectorAll('.console-figure')].map((e) => e.getAttribute('data-field'))).toEqual(['orders_today', 'paid_today', 'shipped_today']), SOON);
    expect([...document.querySelectorAll('.console-waiting')].map((e) => e.getAttribute('data-field'))).toEqual(['withdrawals_to_decide']);
    await shown('.trend-chart-stub');
    expect(calls.some((c) => c.path === '/dashboard/trend')).toBe(true);
  });

  it('shows neither figures nor trend to a role without figures.read', async () => {
    const calls = serveConsole({
      '/staff/me': () => ok({ ...owner, role: 'service', permissions: ['aftersales.read'] }),
      '/dashboard': () => ok({ aftersales_to_review: 3 }),
    });
    renderConsole('/', intl);
    await waitFor(() => expect(document.querySelectorAll('.console-waiting')).toHaveLength(1), SOON);
    expect(document.querySelector('.console-figure')).toBeNull();
    expect(document.querySelector('.console-home-trend')).toBeNull();
    expect(calls.some((c) => c.path === '/dashboard/trend')).toBe(false);
  });

  it('says so quietly when the trend cannot be loaded', async () => {
    serveConsole({
      '/staff/me': () => ok(owner),
      '/dashboard': () => ok({ orders_to_ship: 1 }),
      '/dashboard/trend': () => refused(500, '服务器错误'),
    });
    renderConsole('/', intl);
    await shown('.console-home-trend-failed');
    expect(chartProps).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    // a dashboard without today's figures (an older server) shows no figure cards
    expect(document.querySelector('.console-figure')).toBeNull();
  });
});

describe('trend chart without a canvas', () => {
  it('renders an empty, labelled box and draws nothing', async () => {
    const { default: RealChart } = await vi.importActual<typeof TrendChartModule>('./trend-chart');
    const { container } = render(<RealChart days={DAYS} ordersLabel="订单" refundsLabel="退款" describe={() => []} title="近 30 天订单与退款" />);
    const box = container.querySelector('.console-desk-trend-chart')!;
    expect(box.getAttribute('data-drawn')).toBe('no');
    expect(box.getAttribute('aria-label')).toBe('近 30 天订单与退款');
    expect(box.querySelector('canvas')).toBeNull();
  });
});
