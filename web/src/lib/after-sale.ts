/**
 * After-sale names and the apply rules (docs/api.md "After-sales", spec sections 4, 5
 * and 9): kind and status codes with the catalogue keys of their names, where an after-sale's
 * screen is, which kinds need the goods sent back, and what the apply dialog checks before it
 * sends. The order screens (the apply dialog) and the after-sales screens both use them.
 */
import type { AfterSaleBreakdown } from './api-types';
import { yuanToFen } from './money';
import type { MessageKey } from './validators';

/** Kinds in the order the apply dialog offers them. */
export const AFTER_SALE_KINDS = ['refund_unshipped', 'refund_only', 'return_refund', 'exchange', 'resend'] as const;

/** Statuses in the order of their life: the list's tabs follow it. */
export const AFTER_SALE_STATUSES = [
  'pending_review',
  'approved',
  'intercepting',
  'awaiting_return',
  'return_in_transit',
  'return_received',
  'refunded',
  'exchanged',
  'rejected',
  'cancelled',
] as const;

/** Kinds whose goods come back to the platform: the seller enters the return parcel's tracking number. */
export const RETURN_KINDS: readonly string[] = ['return_refund', 'exchange'];

/** Kinds that refund money (exchanges and resends refund nothing). */
export const REFUND_KINDS: readonly string[] = ['refund_unshipped', 'refund_only', 'return_refund'];

/** At most this many images with an application. */
export const AFTER_SALE_IMAGES_MAX = 6;
/** The description's length the dialog allows. */
export const AFTER_SALE_DESCRIPTION_MAX = 500;

/**
 * The reasons the apply dialog offers (catalogue keys `afterSale.reason.<code>`): the code is sent
 * and stored, so every reader sees it in their own language; the description carries any words.
 */
export const AFTER_SALE_REASONS = ['quality', 'damaged', 'wrong_item', 'missing', 'size', 'not_as_described', 'late', 'no_longer_needed', 'other'] as const;

const known = (list: readonly string[], value: string) => list.includes(value);

/** Catalogue key of a reason code, or null for an older application's typed reason (shown as written). */
export function afterSaleReasonKey(reason: string): string | null {
  return known(AFTER_SALE_REASONS, reason) ? `afterSale.reason.${reason}` : null;
}

/** Catalogue key of a kind's name, or null for one this build does not know (its code is shown). */
export function afterSaleKindKey(kind: string): string | null {
  return known(AFTER_SALE_KINDS, kind) ? `afterSale.kind.${kind}` : null;
}

/** Catalogue key of a status ('unknown status' for one this build does not know). */
export function afterSaleStatusKey(status: string): string {
  return known(AFTER_SALE_STATUSES, status) ? `afterSale.status.${status}` : 'error.unknownStatus';
}

/** Tag colour of a status. */
export function afterSaleStatusColor(status: string): string {
  switch (status) {
    case 'pending_review':
    case 'intercepting':
      return 'orange';
    case 'awaiting_return':
      return 'red';
    case 'approved':
    case 'return_in_transit':
    case 'return_received':
      return 'processing';
    case 'refunded':
    case 'exchanged':
      return 'success';
    case 'rejected':
      return 'error';
    default:
      return 'default';
  }
}

/** Order statuses an application may be made from (paid and not cancelled); the server's options decide the kinds. */
const AFTER_SALE_ORDER_STATUSES: readonly string[] = ['to_be_shipped', 'shipped', 'completed'];

export const canApplyForAfterSale = (orderStatus: string): boolean => AFTER_SALE_ORDER_STATUSES.includes(orderStatus);

/** Where an after-sale's screen is. */
export const saleDetailPath = (id: string): string => `/saleDetail?id=${encodeURIComponent(id)}`;

/** What the apply dialog holds. `lines` maps a SKU to its chosen quantity; a SKU left out is not chosen. */
export interface ApplyValues {
  kind?: string | null;
  lines?: Readonly<Record<string, number>> | null;
  reason?: string | null;
  description?: string | null;
  images?: readonly string[] | null;
}

export const validateApplyKind = (value: string | null | undefined): MessageKey | null =>
  value && known(AFTER_SALE_KINDS, value) ? null : 'validation.afterSale.kindRequired';

/** 'items must be selected for return' (spec section 5) when no line has a quantity. */
export const validateApplyLines = (value: Readonly<Record<string, number>> | null | undefined): MessageKey | null =>
  Object.values(value ?? {}).some((quantity) => quantity >= 1) ? null : 'validation.returnItems.required';

export const validateApplyReason = (value: string | null | undefined): MessageKey | null =>
  (value ?? '').trim() === '' ? 'validation.afterSale.reasonRequired' : null;

export const validateApplyImages = (value: readonly string[] | null | undefined): MessageKey | null =>
  (value ?? []).length > AFTER_SALE_IMAGES_MAX ? 'validation.afterSale.imagesMax' : null;

/** A chosen quantity kept within 1..available (an item with nothing available cannot be chosen). */
export function capQuantity(quantity: number, available: number): number {
  if (available < 1) return 0;
  return Math.min(Math.max(1, Math.floor(quantity)), available);
}

/** Chooses or drops an item: chosen starts at 1 piece (or every piece when only one is available). */
export function toggleLine(lines: Readonly<Record<string, number>>, skuId: string, chosen: boolean, available: number): Record<string, number> {
  const next = { ...lines };
  if (chosen && available >= 1) next[skuId] = capQuantity(next[skuId] ?? 1, available);
  else delete next[skuId];
  return next;
}

/** Sets a chosen item's quantity, within 1..available. */
export function setLineQuantity(lines: Readonly<Record<string, number>>, skuId: string, quantity: number, available: number): Record<string, number> {
  if (!(skuId in lines)) return { ...lines };
  return { ...lines, [skuId]: capQuantity(quantity, available) };
}

type AfterSaleKindCode = (typeof AFTER_SALE_KINDS)[number];

/** The aftersale/apply body (the same shape as lib/api-types' AfterSaleApplyBody). */
export interface ApplyRequest {
  order_no: string;
  kind: AfterSaleKindCode;
  lines: { sku_id: string; quantity: number }[];
  reason: string;
  description?: string;
  images?: string[];
  request_id?: string;
}

/**
 * The aftersale/apply body for checked values (the kind is one of AFTER_SALE_KINDS): the chosen
 * lines in the order of `items`, the reason as shown (its localised text), a trimmed
 * description and the images only when given, and the request id.
 */
export function applyBody(
  orderNo: string,
  items: readonly { sku_id: string; available: number }[],
  values: ApplyValues,
  requestId: string,
): ApplyRequest {
  const chosen = values.lines ?? {};
  const lines = items
    .filter((item) => item.available >= 1 && (chosen[item.sku_id] ?? 0) >= 1)
    .map((item) => ({ sku_id: item.sku_id, quantity: capQuantity(chosen[item.sku_id]!, item.available) }));
  const body: ApplyRequest = { order_no: orderNo, kind: values.kind as AfterSaleKindCode, lines, reason: values.reason ?? '' };
  const description = (values.description ?? '').trim();
  if (description) body.description = description;
  const images = [...(values.images ?? [])];
  if (images.length > 0) body.images = images;
  body.request_id = requestId;
  return body;
}

/** The dialog field a refusal names (`data.field` of a 422); null for one it does not show. */
export function applyFieldOf(field: string | null): keyof ApplyValues | null {
  switch (field) {
    case 'kind':
    case 'lines':
    case 'reason':
    case 'description':
    case 'images':
      return field;
    default:
      return null;
  }
}

// The refund breakdown, as the seller's detail and the service desk's refund dialog show it.

export interface BreakdownRow {
  field: keyof AfterSaleBreakdown;
  key: string;
  amount: string;
  /** Sub-rows are parts of the row above them. */
  part: boolean;
  /** Deductions are shown as a minus when not zero. */
  minus: boolean;
}

const row = (breakdown: AfterSaleBreakdown, field: keyof AfterSaleBreakdown, part: boolean, minus: boolean): BreakdownRow => ({
  field,
  key: `afterSale.breakdown.${field}`,
  amount: breakdown[field] ?? '0.00',
  part,
  minus: minus && yuanToFen(breakdown[field]) !== 0,
});

/**
 * Goods, less the coupon's share of them when the order had one (the goods come back at what they
 * were paid); the fees back with their parts (service, QC, value-added, shipping); the deductions
 * with theirs (wrong-item insurance, wrong-station handling). The total is shown on its own.
 */
export function breakdownRows(breakdown: AfterSaleBreakdown): BreakdownRow[] {
  const coupon = yuanToFen(breakdown.coupon_share ?? '0.00') !== 0 ? [row(breakdown, 'coupon_share', true, true)] : [];
  return [
    row(breakdown, 'goods', false, false),
    ...coupon,
    row(breakdown, 'fees_back', false, false),
    row(breakdown, 'service_back', true, false),
    row(breakdown, 'qc_back', true, false),
    row(breakdown, 'value_added_back', true, false),
    row(breakdown, 'shipping_back', true, false),
    row(breakdown, 'deductions', false, true),
    row(breakdown, 'wrong_item_insurance', true, true),
    row(breakdown, 'wrong_station_fee', true, true),
  ];
}
