/**
 * Test helpers of the order tests: a fake server answering by path (docs/api.md "Orders",
 * "Funds", "Addresses", "Drop-shipping settings", "Uploads") that records what was sent, an order
 * preview that prices lines and options the way the server does (in fen), fixtures, and a render
 * helper with a router that shows where the screen went. Imported by tests only.
 */
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Address, ForwardSettings, Order, OrderDetail, OrderPreview, OrderRequest } from '../../api/types';
import { loggedIn } from '../../app/session-slice';
import { makeStore } from '../../app/store';

export const session = { id: 'u1', username: 'u1', nickname: 'N', avatar: '', mobile: '13800138000', qq: '', email: '', token: 'tok' };

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 1, msg: 'ok', time: 1, data }), { status: 200, headers: { 'content-type': 'application/json' } });

export const refused = (status: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ code: 0, msg, time: 1, data }), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  /** Below /jpmall/addons/unishop (or /addons/unishop): '/order/preview', '/category/upload'. */
  path: string;
  body: Record<string, unknown>;
  token: string | null;
}

export type Handler = (body: Record<string, unknown>, call: Call) => Response | Promise<Response>;

/** Answers by path; returns every call made, in order. */
export function serve(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname.replace(/^\/jpmall/, '').replace('/addons/unishop', '');
      const isJson = (input.headers.get('content-type') ?? '').includes('json');
      const text = isJson ? await input.text() : '';
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const call = { path, body, token: input.headers.get('token') };
      calls.push(call);
      const handler = routes[path];
      return handler ? handler(body, call) : new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

/** fetchBaseQuery builds a Request from a relative path: give it an origin. */
export function stubRequestOrigin(): void {
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://shop.test${input}` : input, init);
      }
    },
  );
}

/** antd's responsive helpers and popups need what jsdom lacks. */
export function stubBrowserBits(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export const count = (calls: Call[], path: string) => calls.filter((c) => c.path === path).length;
export const bodiesOf = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
export const lastBody = (calls: Call[], path: string) => bodiesOf(calls, path).at(-1);

export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `screen` at `entry` (its path is the route) with a store, the catalogue and antd; shows where it went. */
export function renderAt(entry: string, screen: ReactNode, intl: IntlShape, loggedInAs: typeof session | null = session) {
  const store = makeStore();
  if (loggedInAs) store.dispatch(loggedIn(loggedInAs));
  const path = entry.split('?')[0]!;
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <ConfigProvider>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path={path} element={screen} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

export const COURIERS = [
  { code: 'zto', first: '4.00', extra: '1.00' },
  { code: 'sf', first: '12.00', extra: '2.00' },
];
export const QC_LEVELS = [
  { code: 'none', per_item: '0.00' },
  { code: 'basic', per_item: '0.30' },
  { code: 'advanced', per_item: '1.30' },
];
export const VALUE_ADDED = [
  { code: 'replace_tag', per_item: '0.50' },
  { code: 'remove_tag', per_item: '0.20' },
  { code: 'gift_packaging', per_item: '1.00' },
];

export const SETTINGS: ForwardSettings = {
  sender_name: '',
  sender_phone: '',
  courier: 'zto',
  qc_level: 'basic',
  shipping_priority: 'together',
  remark_template: '不要放发票',
  couriers: COURIERS,
  qc_levels: QC_LEVELS,
};

export const ADDRESS: Address = {
  id: 'A1',
  recipient: '李四',
  phone: '13900001111',
  province: '广东省',
  city: '广州市',
  district: '白云区',
  detail: '三元里大道 1 号',
  is_default: true,
  is_favorite: false,
  created_at: 1795000000,
  updated_at: 1795000000,
};

/** SKUs the preview knows: price in fen. K3 costs 0.10 (three are 0.30, not 0.30000000000000004). */
export const SKUS: Record<string, { product_id: string; item_no: string; title: string; color: string; size: string; price: number; stock: number }> = {
  K1: { product_id: 'P1', item_no: 'A1001', title: '夏季T恤', color: '黑色', size: 'M', price: 4990, stock: 120 },
  K2: { product_id: 'P1', item_no: 'A1001', title: '夏季T恤', color: '白色', size: 'L', price: 4990, stock: 3 },
  K3: { product_id: 'P2', item_no: 'B2002', title: '发夹', color: '红色', size: '均码', price: 10, stock: 50 },
};

const perItem = (table: { code: string; per_item: string }[], code: string) => Math.round(Number(table.find((r) => r.code === code)?.per_item ?? '0') * 100);

/** Prices a request as order/preview does: the cart's lines for a cart order, else `lines`. */
export function priceRequest(request: OrderRequest, cartLines: { sku_id: string; quantity: number }[] = [{ sku_id: 'K1', quantity: 2 }]): OrderPreview {
  const lines = request.source === 'cart' ? cartLines : (request.lines ?? []);
  const courier = request.courier ?? SETTINGS.courier;
  const qc = request.qc_level ?? SETTINGS.qc_level;
  const added = request.value_added ?? [];
  const items = lines.reduce((n, l) => n + l.quantity, 0);
  const goods = lines.reduce((sum, l) => sum + SKUS[l.sku_id]!.price * l.quantity, 0);
  const tariff = COURIERS.find((c) => c.code === courier) ?? COURIERS[0]!;
  const shipping = items === 0 ? 0 : Math.round(Number(tariff.first) * 100) + Math.round(Number(tariff.extra) * 100) * (items - 1);
  const service = 100 * items;
  const qcFee = perItem(QC_LEVELS, qc) * items;
  const va = added.reduce((sum, code) => sum + perItem(VALUE_ADDED, code), 0) * items;
  return {
    lines: lines.map((l) => {
      const sku = SKUS[l.sku_id]!;
      return {
        sku_id: l.sku_id,
        product_id: sku.product_id,
        stall_id: 's01',
        stall_name: '一号档口',
        item_no: sku.item_no,
        title: sku.title,
        image: `/media/p/${sku.product_id}/main-1.jpg`,
        color: sku.color,
        size: sku.size,
        price: yuan(sku.price),
        quantity: l.quantity,
        amount: yuan(sku.price * l.quantity),
        stock: sku.stock,
      };
    }),
    fees: {
      product_amount: yuan(goods),
      shipping: yuan(shipping),
      service: yuan(service),
      qc: yuan(qcFee),
      value_added: yuan(va),
      coupon_discount: '0.00',
      total: yuan(goods + shipping + service + qcFee + va),
    },
    items,
    courier,
    qc_level: qc,
    value_added: added,
    balance: '500.00',
    couriers: COURIERS,
    qc_levels: QC_LEVELS,
    value_added_services: VALUE_ADDED,
  };
}

/** An order as the server answers it; override what a test is about. */
export function orderOf(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base: Order = {
    order_no: 'JP202611210001',
    type: 'domestic',
    platform: '',
    source_order_no: '',
    status: 'pending_payment',
    stock_status: 'pending_stock',
    abnormal: false,
    reviewed: false,
    items: [
      {
        sku_id: 'K1',
        product_id: 'P1',
        item_no: 'A1001',
        title: '夏季T恤',
        image: '/media/p/P1/main-1.jpg',
        color: '黑色',
        size: 'M',
        price: '49.90',
        quantity: 2,
        short_quantity: 0,
        amount: '99.80',
      },
    ],
    item_count: 2,
    fees: { product_amount: '99.80', shipping: '5.00', service: '2.00', qc: '0.60', value_added: '0.00', coupon_discount: '0.00', total: '107.40' },
    paid_amount: '0.00',
    refunded: '0.00',
    payment_method: '',
    courier: 'zto',
    qc_level: 'basic',
    value_added: [],
    address: { recipient: '李四', phone: '13900001111', province: '广东省', city: '广州市', district: '白云区', detail: '三元里大道 1 号' },
    label_file: '',
    ship_courier: '',
    tracking_no: '',
    remark: '',
    placed_at: 1795000000,
    paid_at: null,
    shipped_at: null,
    completed_at: null,
    cancelled_at: null,
  };
  return { ...base, timeline: [{ type: 'OrderPlaced', at: 1795000000, detail: {} }], ...overrides };
}
