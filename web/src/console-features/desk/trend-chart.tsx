/**
 * The home screen's 30-day chart of orders (bars) and refunds (line), drawn by ECharts' tree-shaken
 * core on a canvas. The home screen loads this module lazily, so ECharts is a chunk of its own that
 * only the console fetches, and only for staff who read orders. Where there is no canvas (jsdom in
 * unit tests) it draws nothing.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import type { TrendDay } from './desk-api';

registerEcharts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface TrendChartProps {
  days: readonly TrendDay[];
  /** The series' names. */
  ordersLabel: string;
  refundsLabel: string;
  /** What the tooltip says of a day, line by line (plain text). */
  describe: (day: TrendDay) => string[];
  /** Read aloud in place of the picture. */
  title: string;
}

/** Whether this browser can draw on a canvas (jsdom cannot). */
function canvasWorks(): boolean {
  try {
    return typeof document !== 'undefined' && typeof HTMLCanvasElement !== 'undefined' && !navigator.userAgent.includes('jsdom') && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default function TrendChart({ days, ordersLabel, refundsLabel, describe, title }: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [drawable] = useState(canvasWorks);

  useEffect(() => {
    const element = box.current;
    if (!drawable || !element) return;
    let instance: EChartsType;
    try {
      instance = init(element, undefined, { renderer: 'canvas' });
    } catch {
      return;
    }
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.current = null;
      instance.dispose();
    };
  }, [drawable]);

  useEffect(() => {
    chart.current?.setOption(
      {
        tooltip: {
          trigger: 'axis',
          formatter: (params: unknown) => {
            const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
            const day = days[first?.dataIndex ?? -1];
            return day ? [day.day, ...describe(day)].map(escapeHtml).join('<br/>') : '';
          },
        },
        legend: { data: [ordersLabel, refundsLabel], top: 0 },
        grid: { left: 48, right: 24, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: days.map((day) => day.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: ordersLabel, type: 'bar', data: days.map((day) => day.orders), itemStyle: { color: '#1677ff' } },
          { name: refundsLabel, type: 'line', data: days.map((day) => day.refunds), smooth: true, itemStyle: { color: '#fa541c' } },
        ],
      },
      true,
    );
  }, [days, ordersLabel, refundsLabel, describe, drawable]);

  return <div ref={box} className="console-desk-trend-chart" role="img" aria-label={title} data-days={days.length} data-drawn={drawable ? 'yes' : 'no'} />;
}
