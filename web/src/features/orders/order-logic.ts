/**
 * Pure rules of the order screens (spec sections 2, 4 and 5, docs/api.md "Orders"):
 * status and stock labels, which actions an order allows, the fee rows, the order list's tab and
 * filters as they live in the address, the request checkout sends, manual lines, and what an
 * event of the timeline says. Amounts are the server's strings; they are only read into fen to
 * compare (never summed in the page).
 */
import type { ItemLookup, OrderRequest, OrderSource, OrderTimelineEntry } from './types';
import type { Order, OrderFees, OrderType } from '../../lib/api-types';
import { formFieldOf as addressFieldOf } from '../../lib/address';
import { canApplyForAfterSale } from '../../lib/after-sale';
import { dayRangeToSeconds, validateDateRange } from '../../lib/date-range';
import { normalizePhone } from '../../lib/phone';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { courierKey } from '../../lib/shipping';
import type { MessageKey } from '../../lib/validators';
import type { TimelineFact } from '../../widgets/event-timeline';

/** What the screens show: a completed order that is not reviewed yet is 'to be reviewed'. */
export const DISPLAY_STATUSES = ['pending_payment', 'to_be_shipped', 'shipped', 'to_be_reviewed', 'completed', 'cancelled'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** The order list's tabs, in the order they are shown (order/lists `tab`). */
export const ORDER_TABS = ['all', ...DISPLAY_STATUSES] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const STOCK_STATES = ['pending_stock', 'stock_prepared', 'out_of_stock'] as const;
export const PLATFORMS = ['douyin', 'tiktok', 'shopee', 'lazada'] as const;
const VALUE_ADDED_CODES = ['replace_tag', 'remove_tag', 'gift_packaging'] as const;
export const ORDER_TYPES: readonly OrderType[] = ['domestic', 'platform'];

const known = (list: readonly string[], value: string) => list.includes(value);

export function displayStatus(order: Pick<Order, 'status' | 'reviewed'>): DisplayStatus | string {
  return order.status === 'completed' && !order.reviewed ? 'to_be_reviewed' : order.status;
}

/** Catalogue key of a status as shown ('unknown status' for one this build does not know). */
export function statusKey(status: string): string {
  return known(DISPLAY_STATUSES, status) ? `order.status.${status}` : 'error.unknownStatus';
}

/** Tag colour of a status as shown. */
export function statusColor(status: string): string {
  switch (status) {
    case 'pending_payment':
      return 'orange';
    case 'to_be_shipped':
      return 'processing';
    case 'shipped':
      return 'cyan';
    case 'to_be_reviewed':
      return 'gold';
    case 'completed':
      return 'success';
    default:
      return 'default';
  }
}

export function stockStatusKey(stock: string): string {
  return known(STOCK_STATES, stock) ? `order.stock.${stock}` : 'error.unknownStatus';
}

export function stockStatusColor(stock: string): string {
  if (stock === 'stock_prepared') return 'success';
  if (stock === 'out_of_stock') return 'error';
  return 'default';
}

/** The stock state matters while the order waits to be shipped. */
export const showsStock = (order: Pick<Order, 'status'>): boolean => order.status === 'to_be_shipped';

export const tabKey = (tab: OrderTab): string => `order.tab.${tab}`;

export function platformKey(code: string): string | null {
  return known(PLATFORMS, code) ? `order.platform.${code}` : null;
}

export function valueAddedKey(code: string): string | null {
  return known(VALUE_ADDED_CODES, code) ? `order.valueAdded.${code}` : null;
}

export function payMethodKey(method: string): string | null {
  return method === 'wallet' || method === 'qr' ? `order.payMethod.${method}` : null;
}

/** What can be done with an order now. */
export interface OrderActions {
  pay: boolean;
  /** Only before shipping. */
  cancel: boolean;
  confirm: boolean;
  review: boolean;
  /** Apply for after-sales: paid and not cancelled (to be shipped, shipped, completed); the dialog asks what is allowed. */
  afterSale: boolean;
}

export function orderActions(order: Pick<Order, 'status' | 'reviewed'>): OrderActions {
  return {
    pay: order.status === 'pending_payment',
    cancel: order.status === 'pending_payment' || order.status === 'to_be_shipped',
    confirm: order.status === 'shipped',
    review: order.status === 'completed' && !order.reviewed,
    afterSale: canApplyForAfterSale(order.status),
  };
}

/** The fee rows of a breakdown, in order; the coupon discount only when there is one (shown as a minus). */
export interface FeeRow {
  field: keyof OrderFees;
  key: string;
  amount: string;
  discount: boolean;
}

const FEE_FIELDS: readonly Exclude<keyof OrderFees, 'total'>[] = ['product_amount', 'shipping', 'service', 'qc', 'value_added', 'coupon_discount'];

export function feeRows(fees: OrderFees): FeeRow[] {
  return FEE_FIELDS.filter((field) => field !== 'coupon_discount' || yuanToFen(fees.coupon_discount) !== 0).map((field) => ({
    field,
    key: `order.fee.${field}`,
    amount: fees[field],
    discount: field === 'coupon_discount',
  }));
}

/** Whether the wallet's balance covers the total (both yuan strings, compared in fen). */
export const balanceCovers = (balance: string, total: string): boolean => yuanToFen(balance) >= yuanToFen(total);

/** The wallet balance once `total` is paid from it, as a two-decimal yuan string. */
export const balanceAfter = (balance: string, total: string): string => fenToYuan(yuanToFen(balance) - yuanToFen(total));

/** Something to show for a money figure that is not zero. */
export const nonZero = (yuan: string | null | undefined): boolean => yuanToFen(yuan) !== 0;

// ---------------------------------------------------------------------------------------------
// The order list: tab, filters and page live in the address (back, reload and shared links keep them)

export const ORDER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ORDER_DEFAULT_PAGE_SIZE = 10;

export interface OrderListFilters {
  tab: OrderTab;
  orderNo: string;
  sourceOrderNo: string;
  platform: string;
  /** Local days as YYYY-MM-DD, or ''. */
  start: string;
  end: string;
  page: number;
  pagesize: number;
}

export const EMPTY_ORDER_FILTERS: OrderListFilters = {
  tab: 'all',
  orderNo: '',
  sourceOrderNo: '',
  platform: '',
  start: '',
  end: '',
  page: 1,
  pagesize: ORDER_DEFAULT_PAGE_SIZE,
};

/** 'YYYY-MM-DD' as a local date; null for anything else (or a day that does not exist). */
export function parseDay(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((text ?? '').trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export function formatDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const TEXT_MAX = 64;

/** The list's filters from the address: unknown tabs and platforms, bad days and pages fall back. */
export function orderListFromSearch(search: string | URLSearchParams): OrderListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tab = params.get('tab') ?? '';
  const platform = params.get('platform') ?? '';
  const start = parseDay(params.get('start'));
  const end = parseDay(params.get('end'));
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    tab: known(ORDER_TABS, tab) ? (tab as OrderTab) : 'all',
    orderNo: (params.get('no') ?? '').trim().slice(0, TEXT_MAX),
    sourceOrderNo: (params.get('source') ?? '').trim().slice(0, TEXT_MAX),
    platform: known(PLATFORMS, platform) ? platform : '',
    start: start ? formatDay(start) : '',
    end: end ? formatDay(end) : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pagesize: Number.isInteger(size) && size >= 1 && size <= 100 ? size : ORDER_DEFAULT_PAGE_SIZE,
  };
}

/** The address query of the filters (without `site`, which the links add); defaults are left out. */
export function orderListSearch(filters: OrderListFilters): string {
  const params = new URLSearchParams();
  if (filters.tab !== 'all') params.set('tab', filters.tab);
  if (filters.orderNo) params.set('no', filters.orderNo);
  if (filters.sourceOrderNo) params.set('source', filters.sourceOrderNo);
  if (filters.platform) params.set('platform', filters.platform);
  if (filters.start) params.set('start', filters.start);
  if (filters.end) params.set('end', filters.end);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pagesize !== ORDER_DEFAULT_PAGE_SIZE) params.set('size', String(filters.pagesize));
  return params.toString();
}

/** 'end time cannot be earlier than start time' for the list's days, else null. */
export const validateListRange = (start: string, end: string): MessageKey | null => validateDateRange(parseDay(start), parseDay(end));

export interface OrderListBody {
  page: number;
  pagesize: number;
  tab?: Exclude<OrderTab, 'all'>;
  order_no?: string;
  source_order_no?: string;
  platform?: string;
  start_time?: number;
  end_time?: number;
}

/** The body of order/lists; an end before the start leaves the days out (the page says why). */
export function orderListBody(filters: OrderListFilters): OrderListBody {
  const body: OrderListBody = { page: filters.page, pagesize: filters.pagesize };
  if (filters.tab !== 'all') body.tab = filters.tab;
  if (filters.orderNo) body.order_no = filters.orderNo;
  if (filters.sourceOrderNo) body.source_order_no = filters.sourceOrderNo;
  if (filters.platform) body.platform = filters.platform;
  if (!validateListRange(filters.start, filters.end)) Object.assign(body, dayRangeToSeconds(parseDay(filters.start), parseDay(filters.end)));
  return body;
}

/** A tab's count from `counts` (0 when the server leaves it out). */
export function tabCount(counts: Partial<Record<string, number>> | undefined, tab: OrderTab): number {
  const value = counts?.[tab];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

// ---------------------------------------------------------------------------------------------
// Checkout: what the form holds and the request it sends

type AddressMode = 'saved' | 'new';

export interface CheckoutValues {
  type: OrderType;
  address_mode?: AddressMode;
  address_id?: string | null;
  recipient?: string | null;
  phone?: string | null;
  region?: readonly string[] | null;
  detail?: string | null;
  platform?: string | null;
  source_order_no?: string | null;
  label_file?: string | null;
  courier?: string | null;
  qc_level?: string | null;
  value_added?: readonly string[] | null;
  remark?: string | null;
  /** The chosen coupons: at most one of each type, among the preview's usable ones. */
  coupon_ids?: readonly string[] | null;
}

export interface LineBody {
  sku_id: string;
  quantity: number;
}

/** The server keeps a remark of at most this many characters (as the settings' template). */
export const REMARK_MAX = 200;
export const SOURCE_ORDER_NO_MAX = 64;

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

export const validatePlatform = (value: string | null | undefined): MessageKey | null =>
  value && known(PLATFORMS, value) ? null : 'validation.platform.required';
export const validateSourceOrderNo = (value: string | null | undefined): MessageKey | null =>
  blank(value) ? 'validation.sourceOrderNo.required' : null;
export const validateLabelFile = (value: string | null | undefined): MessageKey | null =>
  blank(value) ? 'validation.shippingLabel.required' : null;
export const validateOrderCourier = (value: string | null | undefined): MessageKey | null =>
  value && courierKey(value) ? null : 'validation.courier.required';
export const validateAddressChoice = (value: string | null | undefined): MessageKey | null =>
  blank(value) ? 'validation.address.choose' : null;

/** The part of the request both preview and submit send: what is ordered, the fee options and the chosen coupons. */
function basics(source: OrderSource, lines: readonly LineBody[], values: CheckoutValues): OrderRequest {
  const request: OrderRequest = { source, type: values.type };
  // a cart order takes the selected cart lines; only manual entry sends its own
  if (source === 'manual') request.lines = lines.map((l) => ({ sku_id: l.sku_id, quantity: l.quantity }));
  if (values.courier) request.courier = values.courier;
  if (values.qc_level) request.qc_level = values.qc_level;
  request.value_added = [...(values.value_added ?? [])];
  // sent only when a coupon is chosen
  if (values.coupon_ids && values.coupon_ids.length > 0) request.coupon_ids = [...values.coupon_ids];
  return request;
}

/**
 * The order/preview body: lines and fee options only. The destination is optional there and is
 * left out, so a half-typed address does not get a refusal on every key.
 */
export function previewRequest(source: OrderSource, lines: readonly LineBody[], values: CheckoutValues): OrderRequest {
  return basics(source, lines, values);
}

/** The order/submit body for checked values: the chosen destination only, texts trimmed. */
export function submitRequest(source: OrderSource, lines: readonly LineBody[], values: CheckoutValues, requestId: string): OrderRequest {
  const request = basics(source, lines, values);
  if (values.type === 'platform') {
    request.platform = values.platform ?? '';
    request.source_order_no = (values.source_order_no ?? '').trim();
    request.label_file = values.label_file ?? '';
  } else if (values.address_mode === 'saved') {
    request.address_id = values.address_id ?? '';
  } else {
    const [province = '', city = '', district = ''] = values.region ?? [];
    request.address = {
      recipient: (values.recipient ?? '').trim(),
      phone: normalizePhone(values.phone),
      province,
      city,
      district,
      detail: (values.detail ?? '').trim(),
    };
  }
  const remark = (values.remark ?? '').trim();
  if (remark) request.remark = remark;
  request.request_id = requestId;
  return request;
}

/** The fields the checkout form shows for a destination type and address mode. */
export function visibleFields(values: Pick<CheckoutValues, 'type' | 'address_mode'>): (keyof CheckoutValues)[] {
  const destination: (keyof CheckoutValues)[] =
    values.type === 'platform'
      ? ['platform', 'source_order_no', 'label_file']
      : values.address_mode === 'saved'
        ? ['address_id']
        : ['recipient', 'phone', 'region', 'detail'];
  return [...destination, 'courier', 'qc_level', 'value_added', 'remark'];
}

/** The checkout field a refusal names; `lines` and unknown fields have none (shown above the lines). */
export function checkoutFieldOf(field: string | null): keyof CheckoutValues | null {
  const address = addressFieldOf(field);
  if (address) return address;
  switch (field) {
    case 'address_id':
    case 'platform':
    case 'source_order_no':
    case 'label_file':
    case 'courier':
    case 'qc_level':
    case 'value_added':
    case 'remark':
    case 'coupon_ids':
      return field;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Manual entry: lines made from looked-up products

export interface ManualLine extends LineBody {
  product_id: string;
  item_no: string;
  title: string;
  image: string;
  stall_name: string;
  color: string;
  size: string;
  price: string;
  stock: number;
}

/** The colours of a looked-up product, in the server's order, each once. */
export function lookupColors(item: Pick<ItemLookup, 'skus'>): string[] {
  return [...new Set(item.skus.map((s) => s.color))];
}

/** The sizes of a looked-up product (of one colour when given), in the server's order, each once. */
export function lookupSizes(item: Pick<ItemLookup, 'skus'>, color?: string | null): string[] {
  return [...new Set(item.skus.filter((s) => !color || s.color === color).map((s) => s.size))];
}

/**
 * The picture of a looked-up product in a colour: the colour's own picture when the server gives
 * one (on its SKUs), else the product's picture. Lines show the colour that was chosen.
 */
export function lookupPicture(item: Pick<ItemLookup, 'skus' | 'image'>, color: string | null | undefined): string {
  const own = color ? item.skus.find((s) => s.color === color && s.image)?.image : undefined;
  return own || item.image;
}

export function findLookupSku(item: Pick<ItemLookup, 'skus'>, color: string | null | undefined, size: string | null | undefined) {
  return item.skus.find((s) => s.color === color && s.size === size) ?? null;
}

/** Adds a line; the same SKU again adds to its quantity, never above the stock. */
export function addManualLine(lines: readonly ManualLine[], line: ManualLine): ManualLine[] {
  const held = lines.find((l) => l.sku_id === line.sku_id);
  if (!held) return [...lines, { ...line, quantity: Math.min(line.quantity, Math.max(1, line.stock)) }];
  return lines.map((l) => (l.sku_id === line.sku_id ? { ...l, quantity: Math.min(l.quantity + line.quantity, Math.max(1, l.stock)) } : l));
}

export function setManualQuantity(lines: readonly ManualLine[], skuId: string, quantity: number): ManualLine[] {
  return lines.map((l) => (l.sku_id === skuId ? { ...l, quantity: Math.min(Math.max(1, quantity), Math.max(1, l.stock)) } : l));
}

export const removeManualLine = (lines: readonly ManualLine[], skuId: string): ManualLine[] => lines.filter((l) => l.sku_id !== skuId);

export const piecesOf = (lines: readonly LineBody[]): number => lines.reduce((sum, l) => sum + l.quantity, 0);

export const validateItemNo = (value: string | null | undefined): MessageKey | null => (blank(value) ? 'validation.itemNo.required' : null);

// ---------------------------------------------------------------------------------------------
// The timeline

const TIMELINE_EVENTS = [
  'OrderPlaced',
  'OrderPaid',
  'OrderCancelled',
  'StockPrepared',
  'StockShortage',
  'OrderFlaggedAbnormal',
  'AbnormalResolved',
  'OrderShipped',
  'OrderCompleted',
  'OrderReviewed',
  'AfterSaleClaimed',
  'AfterSaleClaimReleased',
  'AfterSaleRefundRecorded',
] as const;

/** Catalogue key of an event's title, or null for one this build does not know (its type is shown). */
export function timelineKey(type: string): string | null {
  return known(TIMELINE_EVENTS, type) ? `order.event.${type}` : null;
}

export function timelineColor(type: string): string {
  switch (type) {
    case 'OrderCancelled':
    case 'StockShortage':
    case 'OrderFlaggedAbnormal':
      return 'red';
    case 'OrderPaid':
    case 'OrderCompleted':
    case 'AbnormalResolved':
      return 'green';
    default:
      return 'blue';
  }
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
/** Money in an event's detail: a yuan string as everywhere in the API. Anything else is not guessed at. */
const yuanOf = (value: unknown): string | null => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : null);

/**
 * What an event's detail says, in a fixed order: amounts (paid, refunded), payment method,
 * courier and tracking number, shortages, reason, resolution, rating and review. Fields missing
 * or of an unexpected shape are left out.
 */
export function timelineFacts(entry: Pick<OrderTimelineEntry, 'type' | 'detail'>): TimelineFact[] {
  const d = entry.detail ?? {};
  const facts: TimelineFact[] = [];
  const amount = yuanOf(d.amount);
  if (amount && entry.type !== 'OrderPlaced') facts.push({ kind: 'money', key: 'order.timeline.amount', amount });
  const refund = yuanOf(d.refund);
  if (refund && yuanToFen(refund) !== 0) facts.push({ kind: 'money', key: 'order.timeline.refund', amount: refund });
  const method = textOf(d.method)?.toLowerCase();
  if (method) facts.push({ kind: 'named', key: 'order.timeline.method', nameKey: payMethodKey(method), code: method });
  const courier = textOf(d.courier)?.toLowerCase();
  if (courier && entry.type === 'OrderShipped') facts.push({ kind: 'named', key: 'order.timeline.courier', nameKey: courierKey(courier), code: courier });
  const tracking = textOf(d.tracking_no);
  if (tracking) facts.push({ kind: 'text', key: 'order.timeline.trackingNo', text: tracking });
  if (Array.isArray(d.shortages)) {
    const pieces = d.shortages.reduce<number>((sum, s) => sum + (typeof (s as { quantity?: unknown })?.quantity === 'number' ? (s as { quantity: number }).quantity : 0), 0);
    if (pieces > 0) facts.push({ kind: 'text', key: 'order.timeline.shortPieces', text: String(pieces) });
  }
  if (d.all === true) facts.push({ kind: 'flag', key: 'order.timeline.allShort' });
  const reason = textOf(d.reason);
  if (reason) facts.push({ kind: 'text', key: 'order.timeline.reason', text: reason });
  const resolution = textOf(d.resolution);
  if (resolution) facts.push({ kind: 'text', key: 'order.timeline.resolution', text: resolution });
  if (d.automatic === true) facts.push({ kind: 'flag', key: 'order.timeline.automatic' });
  if (typeof d.rating === 'number') facts.push({ kind: 'text', key: 'order.timeline.rating', text: String(d.rating) });
  const content = textOf(d.content);
  if (content) facts.push({ kind: 'text', key: 'order.timeline.content', text: content });
  const afterSale = textOf(d.after_sale_id);
  if (afterSale) facts.push({ kind: 'text', key: 'order.timeline.afterSale', text: afterSale });
  return facts;
}

/** A review: a rating of 1 to 5 and something written. */
export const validateRating = (value: number | null | undefined): MessageKey | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5 ? null : 'validation.review.rating';
export const validateReviewContent = (value: string | null | undefined): MessageKey | null =>
  blank(value) ? 'validation.review.content' : null;
export const REVIEW_MAX = 500;

/** The order number of the address (`order_no`), trimmed; '' when absent. */
export const orderNoOf = (params: URLSearchParams): string => (params.get('order_no') ?? '').trim();
