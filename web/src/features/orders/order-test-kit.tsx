/**
 * Test helpers of the order tests: an order preview that prices lines and options the way the
 * server does (in fen) and fixtures, beside the shared fake server that answers by path
 * (docs/api.md "Orders", "Funds", "Addresses", "Drop-shipping settings", "Uploads") and records
 * what was sent, and the render helper with a router that shows where the screen went
 * (testing/screen-test-kit.tsx, re-exported). Imported by tests only.
 */
import type { Address, Coupon, ForwardSettings, Order } from '../../lib/api-types';
import { ok, refused, type Handler } from '../../testing/screen-test-kit';
import type { OrderDetail, OrderPreview, OrderRequest, PriceRise, UnusableCoupon, UsableCoupon } from './types';

export { bodiesOf, count, lastBody, ok, refused, renderAt, serve, session, stubBrowserBits, stubRequestOrigin, type Handler } from '../../testing/screen-test-kit';

const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

const COURIERS = [
  { code: 'zto', first: '4.00', extra: '1.00' },
  { code: 'sf', first: '12.00', extra: '2.00' },
];
const QC_LEVELS = [
  { code: 'none', per_item: '0.00' },
  { code: 'basic', per_item: '0.30' },
  { code: 'advanced', per_item: '1.30' },
];
const VALUE_ADDED = [
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
const SKUS: Record<string, { product_id: string; item_no: string; title: string; color: string; size: string; price: number; stock: number }> = {
  K1: { product_id: 'P1', item_no: 'A1001', title: '夏季T恤', color: '黑色', size: 'M', price: 4990, stock: 120 },
  K2: { product_id: 'P1', item_no: 'A1001', title: '夏季T恤', color: '白色', size: 'L', price: 4990, stock: 3 },
  K3: { product_id: 'P2', item_no: 'B2002', title: '发夹', color: '红色', size: '均码', price: 10, stock: 50 },
};

const perItem = (table: { code: string; per_item: string }[], code: string) => Math.round(Number(table.find((r) => r.code === code)?.per_item ?? '0') * 100);

/** A coupon of the caller's; override what a test is about. */
export function couponOf(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 'CP1',
    name: '满50减10',
    name_zh: '满50减10',
    name_en: '¥10 off over ¥50',
    type: 'product',
    discount_type: 'full_reduction',
    threshold: '50.00',
    amount: '10.00',
    percent_off: 0,
    valid_from: 1795000000,
    valid_to: 1797592000,
    status: 'unused',
    order_no: '',
    issued_at: 1795000000,
    used_at: null,
    ...overrides,
  };
}

/**
 * The caller's unused coupons of the checkout tests: two for the goods (50 off 10, and 10% off
 * with no threshold), one for the shipping (3 off, no threshold) and one for the service fees
 * that two T-shirts do not reach (10.00).
 */
export const WALLET_COUPONS: Coupon[] = [
  couponOf(),
  couponOf({ id: 'CP2', name: '全场9折', discount_type: 'discount', threshold: '0.00', amount: '0.00', percent_off: 10 }),
  couponOf({ id: 'CP3', name: '运费立减', type: 'shipping', threshold: '0.00', amount: '3.00' }),
  couponOf({ id: 'CP4', name: '服务费8折', type: 'service', discount_type: 'discount', threshold: '10.00', amount: '0.00', percent_off: 20 }),
];

/** What a coupon takes off a part of an order (fen): the amount or the percentage rounded down, never more than the part. */
function couponTakes(coupon: Coupon, part: number): number {
  const off = coupon.discount_type === 'discount' ? Math.floor((part * coupon.percent_off) / 100) : Math.round(Number(coupon.amount) * 100);
  return Math.min(off, part);
}

/** A selected cart line: `added` is its price in fen when added (today's unless told). */
export interface CartLineAt {
  sku_id: string;
  quantity: number;
  added?: number;
}

/** The cart lines that cost more than when added, as order/preview's `price_rises` lists them. */
function risesOf(cartLines: readonly CartLineAt[]): PriceRise[] {
  return cartLines
    .filter((l) => l.added !== undefined && l.added < SKUS[l.sku_id]!.price)
    .map((l) => ({ sku_id: l.sku_id, from: yuan(l.added!), to: yuan(SKUS[l.sku_id]!.price) }));
}

/**
 * Prices a request as order/preview does: the cart's lines for a cart order, else `lines`.
 * `coupons` are the caller's: those unused whose part of the order reaches the threshold are
 * usable; the request's `coupon_ids` among them are applied. A cart order lists the lines that
 * cost more than when added (`price_rises`).
 */
export function priceRequest(request: OrderRequest, cartLines: readonly CartLineAt[] = [{ sku_id: 'K1', quantity: 2 }], coupons: readonly Coupon[] = []): OrderPreview {
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
  const parts: Record<string, number> = { product: goods, service: service + qcFee + va, shipping };
  const reaches = (c: Coupon) => parts[c.type]! > 0 && parts[c.type]! >= Math.round(Number(c.threshold) * 100);
  const usable: UsableCoupon[] = coupons.filter((c) => c.status === 'unused' && reaches(c)).map((c) => ({ ...c, discount: yuan(couponTakes(c, parts[c.type]!)) }));
  // as the server says why (not_started is not modelled here)
  const unusable: UnusableCoupon[] = coupons
    .filter((c) => c.status === 'unused' && !reaches(c))
    .map((c) => {
      const short = Math.round(Number(c.threshold) * 100) - parts[c.type]!;
      return short > 0 ? { ...c, reason: 'below_threshold', short: yuan(short) } : { ...c, reason: 'nothing_off' };
    });
  const applied = usable.filter((c) => (request.coupon_ids ?? []).includes(c.id));
  const discount = applied.reduce((sum, c) => sum + Math.round(Number(c.discount) * 100), 0);
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
      coupon_discount: yuan(discount),
      total: yuan(goods + shipping + service + qcFee + va - discount),
    },
    items,
    courier,
    qc_level: qc,
    value_added: added,
    balance: '500.00',
    couriers: COURIERS,
    qc_levels: QC_LEVELS,
    value_added_services: VALUE_ADDED,
    coupons: { usable, unusable, applied: applied.map((c) => ({ id: c.id, type: c.type, name: c.name, discount: c.discount })) },
    price_rises: request.source === 'cart' ? risesOf(cartLines) : [],
  };
}

/**
 * order/submit of a cart order as the server checks the rises: refused (422 on `lines`, the
 * order.prices_rose text) while a line of `cartLines()` costs more than when added and the body
 * does not carry `accept_price_rises: true`; else `order` is placed.
 */
export function submitCheckingRises(cartLines: () => readonly CartLineAt[], order: Order): Handler {
  return (body) => {
    const rises = risesOf(cartLines());
    if (body.source === 'cart' && rises.length > 0 && body.accept_price_rises !== true) {
      return refused(422, `购物车中有 ${rises.length} 个商品涨价了（${rises.map((r) => r.sku_id).join(', ')}），请确认新价格后再提交`, { field: 'lines' });
    }
    return ok({ order });
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
    coupons: [],
  };
  return { ...base, timeline: [{ type: 'OrderPlaced', at: 1795000000, detail: {} }], ...overrides };
}
