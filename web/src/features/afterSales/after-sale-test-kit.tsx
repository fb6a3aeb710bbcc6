/**
 * Test helpers of the after-sales tests: an after-sales server that keeps its after-sales and
 * applies the rules of docs/api.md "After-sales" (lists with counts and prefix search,
 * detail, return, cancel, options, apply with its refusals and request ids) and fixtures, beside
 * the shared fake server that answers by path and records what was sent and the render helpers
 * with a router that show where the screen went (testing/screen-test-kit.tsx, re-exported). Imported
 * by tests only (the apply dialog's tests in app/storefront too).
 */
import type { AfterSale, AfterSaleBreakdown, AfterSaleOptions, ReturnAddress } from '../../lib/api-types';
import type { AfterSaleDetail } from './types';
import { ok, refused, type Handler } from '../../testing/screen-test-kit';
import { AFTER_SALE_STATUSES } from '../../lib/after-sale';

export {
  bodiesOf,
  count,
  lastBody,
  ok,
  refused,
  renderAt,
  renderRoutes,
  serve,
  session,
  stubBrowserBits,
  stubRequestOrigin,
  type Handler,
} from '../../testing/screen-test-kit';

export const RETURN_ADDRESS: ReturnAddress = {
  recipient: '售后部',
  phone: '020-86000000',
  province: '广东省',
  city: '广州市',
  district: '白云区',
  detail: '机场路 88 号 jpmall 售后仓',
};

export const ZERO_BREAKDOWN: AfterSaleBreakdown = {
  goods: '0.00',
  service_back: '0.00',
  qc_back: '0.00',
  value_added_back: '0.00',
  shipping_back: '0.00',
  fees_back: '0.00',
  wrong_item_insurance: '0.00',
  wrong_station_fee: '0.00',
  deductions: '0.00',
  total: '0.00',
};

/** An after-sale as the server answers its detail; override what a test is about. */
export function saleOf(overrides: Partial<AfterSaleDetail> = {}): AfterSaleDetail {
  const base: AfterSale = {
    id: 'SH20261121100000000001',
    order_no: 'JP202611210001',
    kind: 'return_refund',
    status: 'awaiting_return',
    lines: [{ sku_id: 'K1', item_no: 'A1001', title: '夏季T恤', image: '/media/p/P1/main-1.jpg', color: '黑色', size: 'M', price: '49.90', quantity: 1 }],
    quantity: 1,
    reason: '质量问题',
    description: '袖口开线',
    images: ['/uploads/a.jpg'],
    breakdown: { ...ZERO_BREAKDOWN, goods: '49.90', total: '49.90' },
    refund_amount: '49.90',
    refunded: false,
    return_courier: '',
    return_tracking_no: '',
    wrong_item: false,
    wrong_station: false,
    reject_reason: '',
    replacement_courier: '',
    replacement_tracking_no: '',
    applied_at: 1795000000,
    updated_at: 1795000100,
    refunded_at: null,
    return_deadline: 1797592000,
  };
  return {
    ...base,
    timeline: [
      { type: 'AfterSaleApplied', at: 1795000000, detail: { kind: 'return_refund', quantity: 1, reason: '质量问题' } },
      { type: 'AfterSaleApproved', at: 1795000100, detail: {} },
    ],
    return_address: RETURN_ADDRESS,
    ...overrides,
  };
}

/** What aftersale/options answers for a shipped order; override what a test is about. */
export function optionsOf(overrides: Partial<AfterSaleOptions> = {}): AfterSaleOptions {
  return {
    order_no: 'JP202611210001',
    status: 'shipped',
    kinds: ['refund_only', 'return_refund', 'exchange', 'resend'],
    return_deadline: 1797592000,
    items: [
      { sku_id: 'K1', item_no: 'A1001', title: '夏季T恤', image: '/media/p/P1/main-1.jpg', color: '黑色', size: 'M', price: '49.90', bought: 3, available: 2 },
      { sku_id: 'K2', item_no: 'A1001', title: '夏季T恤', image: '/media/p/P1/main-1.jpg', color: '白色', size: 'L', price: '49.90', bought: 1, available: 0 },
    ],
    ...overrides,
  };
}

/** An after-sale as the list and the changes answer it: without its timeline and return address. */
function bare(sale: AfterSaleDetail): AfterSale {
  const copy: Partial<AfterSaleDetail> = { ...sale };
  delete copy.timeline;
  delete copy.return_address;
  return copy as AfterSale;
}

const STATUS_AFTER: Partial<Record<string, string>> = { awaiting_return: 'return_in_transit', return_in_transit: 'return_in_transit' };
const CANCELLABLE = ['pending_review', 'approved', 'awaiting_return'];

/**
 * An after-sales server over `sales` (newest first) and the options of one order: lists filter by
 * status and order-number prefix and count every status under the prefix; return and cancel
 * follow the status rules and add their event; apply checks lines, kind and reason as the server
 * does and answers the first after-sale again for a request id it has seen.
 */
export function saleServer(sales: AfterSaleDetail[], options: AfterSaleOptions = optionsOf()): { routes: Record<string, Handler>; sales: AfterSaleDetail[] } {
  const byRequest = new Map<string, AfterSaleDetail>();
  const find = (id: unknown) => sales.find((s) => s.id === id);
  const update = (sale: AfterSaleDetail, change: Partial<AfterSaleDetail>, event: string, detail: Record<string, unknown> = {}) => {
    Object.assign(sale, change, { updated_at: sale.updated_at + 1 });
    sale.timeline = [...sale.timeline, { type: event, at: sale.updated_at, detail }];
    return sale;
  };
  const routes: Record<string, Handler> = {
    '/aftersale/lists': (body) => {
      const prefix = typeof body.order_no === 'string' ? body.order_no : '';
      const matching = sales.filter((s) => s.order_no.startsWith(prefix));
      const status = typeof body.status === 'string' && body.status !== 'all' ? body.status : null;
      const listed = status ? matching.filter((s) => s.status === status) : matching;
      const page = Number(body.page ?? 1);
      const pagesize = Number(body.pagesize ?? 20);
      const counts: Record<string, number> = { all: matching.length };
      for (const code of AFTER_SALE_STATUSES) counts[code] = matching.filter((s) => s.status === code).length;
      const list = listed.slice((page - 1) * pagesize, page * pagesize).map(bare);
      return ok({ list, total: listed.length, page, pagesize, counts });
    },
    '/aftersale/detail': (body) => {
      const sale = find(body.id);
      return sale ? ok(sale) : refused(404, '请求错误，未找到该资源');
    },
    '/aftersale/return': (body) => {
      const sale = find(body.id);
      if (!sale) return refused(404, '请求错误，未找到该资源');
      if (!body.courier) return refused(422, '请选择快递', { field: 'courier' });
      if (!body.tracking_no) return refused(422, '请输入快递单号', { field: 'tracking_no' });
      const next = STATUS_AFTER[sale.status];
      if (!next) return refused(422, `无法提交退货：售后状态为 ${sale.status}`);
      const changed = { status: next as AfterSale['status'], return_courier: String(body.courier), return_tracking_no: String(body.tracking_no) };
      return ok(bare(update(sale, changed, 'ReturnShipped', { courier: body.courier, tracking_no: body.tracking_no })));
    },
    '/aftersale/cancel': (body) => {
      const sale = find(body.id);
      if (!sale) return refused(404, '请求错误，未找到该资源');
      if (!CANCELLABLE.includes(sale.status) || sale.refunded) return refused(422, `无法取消：售后状态为 ${sale.status}`);
      return ok(bare(update(sale, { status: 'cancelled' }, 'AfterSaleCancelled')));
    },
    '/aftersale/options': () => ok(options),
    '/aftersale/apply': (body) => {
      const seen = typeof body.request_id === 'string' ? byRequest.get(body.request_id) : undefined;
      if (seen) return ok({ after_sale: seen });
      const lines = Array.isArray(body.lines) ? (body.lines as { sku_id: string; quantity: number }[]) : [];
      if (lines.length === 0) return refused(422, '请选择退货商品', { field: 'lines' });
      for (const line of lines) {
        const item = options.items.find((i) => i.sku_id === line.sku_id);
        if (!item || line.quantity > item.available) return refused(422, `${item?.item_no ?? line.sku_id} 最多可申请 ${item?.available ?? 0} 件`, { field: 'lines' });
      }
      if (!options.kinds.includes(body.kind as AfterSale['kind'])) return refused(422, '该订单不能申请这种售后', { field: 'kind' });
      if (typeof body.reason !== 'string' || body.reason.trim() === '') return refused(422, '请填写售后原因', { field: 'reason' });
      const sale = saleOf({
        id: `SH2026112110000000000${sales.length + 2}`,
        order_no: options.order_no,
        kind: body.kind as AfterSale['kind'],
        status: 'pending_review',
        lines: lines.map((l) => {
          const { sku_id, item_no, title, image, color, size, price } = options.items.find((i) => i.sku_id === l.sku_id)!;
          return { sku_id, item_no, title, image, color, size, price, quantity: l.quantity };
        }),
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        reason: body.reason,
        description: typeof body.description === 'string' ? body.description : '',
        images: Array.isArray(body.images) ? (body.images as string[]) : [],
        timeline: [{ type: 'AfterSaleApplied', at: 1795000000, detail: { kind: body.kind } }],
      });
      sales.unshift(sale);
      if (typeof body.request_id === 'string') byRequest.set(body.request_id, sale);
      return ok({ after_sale: bare(sale) });
    },
    '/home/refund_address': () => ok(RETURN_ADDRESS),
  };
  return { routes, sales };
}
