import type { AppliedCoupon, Coupon, Order, OrderAddress, OrderFees, OrderType, Page } from '../../lib/api-types';

/** Shapes of docs/api.md that only this feature reads. */

/** order/preview `coupons.usable`: an unused, valid coupon the order reaches, with what it would take off. */
export type UsableCoupon = Coupon & { discount: string };
/** Why an unused coupon does not reach the order: valid later, its part short of the threshold by `short` (yuan), or none of its part. */
type UnusableReason = 'not_started' | 'below_threshold' | 'nothing_off';
export type UnusableCoupon = Coupon & { reason: UnusableReason; short?: string };

/** Order shapes (docs/api.md "Orders"). Money is a yuan string; times are unix seconds. */
export type OrderSource = 'cart' | 'manual';

/** The body of order/preview and order/submit. */
export interface OrderRequest {
  source: OrderSource;
  lines?: { sku_id: string; quantity: number }[];
  type: OrderType;
  address_id?: string;
  address?: OrderAddress;
  platform?: string;
  source_order_no?: string;
  label_file?: string;
  courier?: string;
  qc_level?: string;
  value_added?: string[];
  remark?: string;
  request_id?: string;
  /** At most one coupon of each type. */
  coupon_ids?: string[];
  /** The seller confirmed the cart lines that cost more than when added (submit only; else such an order is refused). */
  accept_price_rises?: boolean;
}

/** A cart line that costs more than when it was added (order/preview `price_rises`; yuan strings). */
export interface PriceRise {
  sku_id: string;
  from: string;
  to: string;
}

export interface PreviewLine {
  sku_id: string;
  product_id: string;
  stall_id: string;
  stall_name: string;
  item_no: string;
  title: string;
  image: string;
  color: string;
  size: string;
  price: string;
  quantity: number;
  amount: string;
  stock: number;
}

/** order/preview: today's prices and the fee tables to choose from. */
export interface OrderPreview {
  lines: PreviewLine[];
  fees: OrderFees;
  items: number;
  courier: string;
  qc_level: string;
  value_added: string[];
  /** The wallet's available balance. */
  balance: string;
  couriers: { code: string; first: string; extra: string }[];
  qc_levels: { code: string; per_item: string }[];
  value_added_services: { code: string; per_item: string }[];
  /** The caller's coupons this order reaches and those the request's `coupon_ids` applied. */
  coupons: { usable: UsableCoupon[]; unusable?: UnusableCoupon[]; applied: AppliedCoupon[] };
  /** Cart lines that cost more than when added (a cart order only): submit asks the seller to confirm them. */
  price_rises: PriceRise[];
}

/** One event of an order, oldest first; `detail` holds the event's own fields. */
export interface OrderTimelineEntry {
  type: string;
  at: number;
  detail: Record<string, unknown> | null;
}

export type OrderDetail = Order & { timeline: OrderTimelineEntry[] };

/** order/lists: a page of orders and the count of every tab under the same filters. */
export type OrderPage = Page<Order> & { counts: Partial<Record<string, number>> };

/** order/item: a product looked up by its item number for manual entry. */
export interface ItemLookup {
  product_id: string;
  item_no: string;
  title: string;
  image: string;
  stall_name: string;
  /** `image`: the colour's picture (when the server names one; else the product's `image`). */
  skus: { sku_id: string; color: string; size: string; price: string; stock: number; image?: string }[];
}

export interface AbnormalOrder {
  order_no: string;
  reason: string;
  flagged_at: number;
  resolution: string;
  resolved_at: number | null;
  status: 'open' | 'resolved';
}
