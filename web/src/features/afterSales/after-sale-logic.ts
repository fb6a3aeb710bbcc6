/**
 * Pure rules of the after-sales screens (spec sections 2, 4, 5 and 9, docs/api.md "After-sales"):
 * the list's status tab, order-number search and page as they live in the address,
 * what an after-sale allows now (cancel, the return parcel), the refund breakdown's rows, the
 * return form's checks, and what an event of the timeline says. Amounts are the server's strings;
 * they are only read into fen to compare (never summed in the page).
 */
import type { AfterSale, AfterSaleTimelineEntry } from '../../lib/api-types';
import { AFTER_SALE_STATUSES, afterSaleKindKey, REFUND_KINDS, RETURN_KINDS } from '../../lib/after-sale';
import { courierKey } from '../../lib/shipping';
import type { MessageKey } from '../../lib/validators';
import type { TimelineFact } from '../../widgets/event-timeline';

const known = (list: readonly string[], value: string) => list.includes(value);

// ---------------------------------------------------------------------------------------------
// The list: status tab, order-number prefix and page live in the address

export const SALE_TABS = ['all', ...AFTER_SALE_STATUSES] as const;
export type SaleTab = (typeof SALE_TABS)[number];

export const SALE_PAGE_SIZES = [10, 20, 50, 100] as const;
const SALE_DEFAULT_PAGE_SIZE = 10;
const ORDER_NO_MAX = 64;

export interface SaleListFilters {
  status: SaleTab;
  /** An order-number prefix, or ''. */
  orderNo: string;
  page: number;
  pagesize: number;
}

/** The list's filters from the address (`status`, `no`, `page`, `size`): unknown statuses and bad pages fall back. */
export function saleListFromSearch(search: string | URLSearchParams): SaleListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    status: known(SALE_TABS, status) ? (status as SaleTab) : 'all',
    orderNo: (params.get('no') ?? '').trim().slice(0, ORDER_NO_MAX),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pagesize: Number.isInteger(size) && size >= 1 && size <= 100 ? size : SALE_DEFAULT_PAGE_SIZE,
  };
}

/** The address query of the filters (without `site`, which the links add); defaults are left out. */
export function saleListSearch(filters: SaleListFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.orderNo) params.set('no', filters.orderNo);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pagesize !== SALE_DEFAULT_PAGE_SIZE) params.set('size', String(filters.pagesize));
  return params.toString();
}

export interface SaleListBody {
  page: number;
  pagesize: number;
  status?: Exclude<SaleTab, 'all'>;
  order_no?: string;
}

/** The body of aftersale/lists. */
export function saleListBody(filters: SaleListFilters): SaleListBody {
  const body: SaleListBody = { page: filters.page, pagesize: filters.pagesize };
  if (filters.status !== 'all') body.status = filters.status;
  if (filters.orderNo) body.order_no = filters.orderNo;
  return body;
}

export const saleTabKey = (tab: SaleTab): string => (tab === 'all' ? 'afterSale.tab.all' : `afterSale.status.${tab}`);

/** A tab's count from `counts` (0 when the server leaves it out). */
export function saleTabCount(counts: Partial<Record<string, number>> | undefined, tab: SaleTab): number {
  const value = counts?.[tab];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The after-sale id of the address (`id`), trimmed; '' when absent. */
export const saleIdOf = (params: URLSearchParams): string => (params.get('id') ?? '').trim();

// ---------------------------------------------------------------------------------------------
// What an after-sale allows now

export interface SaleActions {
  /** Cancel (after a confirm): while pending review, approved and not refunded, or awaiting the return. */
  cancel: boolean;
  /** The return parcel's form: awaiting it, or in transit (to correct it). */
  returnForm: boolean;
  /** The return number is still to be entered: the form leads the screen. */
  returnDue: boolean;
}

export function saleActions(sale: Pick<AfterSale, 'status' | 'refunded'>): SaleActions {
  return {
    cancel: sale.status === 'pending_review' || sale.status === 'awaiting_return' || (sale.status === 'approved' && !sale.refunded),
    returnForm: sale.status === 'awaiting_return' || sale.status === 'return_in_transit',
    returnDue: sale.status === 'awaiting_return',
  };
}

/** Whether the goods of this kind come back (the return address and parcel matter). */
export const sendsGoodsBack = (kind: string): boolean => RETURN_KINDS.includes(kind);

/** The return address matters for a return kind that is neither rejected nor cancelled. */
export const showsReturnAddress = (sale: Pick<AfterSale, 'kind' | 'status'>): boolean =>
  sendsGoodsBack(sale.kind) && sale.status !== 'rejected' && sale.status !== 'cancelled';

/** An address with nothing in it (a server that left `return_address` out or empty). */
export const isBlankAddress = (address: Partial<Record<'recipient' | 'phone' | 'province' | 'city' | 'district' | 'detail', string>> | null | undefined): boolean =>
  !address || [address.recipient, address.phone, address.province, address.city, address.district, address.detail].every((part) => (part ?? '').trim() === '');

/** The return address as one line to paste into a courier's form: recipient, phone, region and detail. */
export const addressLine = (address: { recipient: string; phone: string; province: string; city: string; district: string; detail: string }): string =>
  [address.recipient, address.phone, address.province, address.city, address.district, address.detail].map((part) => part.trim()).filter(Boolean).join(' ');

/** Whether this kind refunds money (exchanges and resends refund nothing). */
export const refundsMoney = (kind: string): boolean => REFUND_KINDS.includes(kind);

// ---------------------------------------------------------------------------------------------
// The refund breakdown

export { breakdownRows } from '../../lib/after-sale';

// ---------------------------------------------------------------------------------------------
// The return parcel

export const TRACKING_NO_MAX = 64;

export interface ReturnValues {
  courier?: string | null;
  tracking_no?: string | null;
}

export const validateReturnCourier = (value: string | null | undefined): MessageKey | null =>
  value && courierKey(value) ? null : 'validation.courier.required';

export const validateTrackingNo = (value: string | null | undefined): MessageKey | null =>
  (value ?? '').trim() === '' ? 'validation.afterSale.trackingRequired' : null;

/** The aftersale/return body for checked values, the tracking number trimmed. */
export const returnBody = (id: string, values: ReturnValues) => ({
  id,
  courier: values.courier ?? '',
  tracking_no: (values.tracking_no ?? '').trim(),
});

/** The return form's field a refusal names; null for one it does not show. */
export function returnFieldOf(field: string | null): keyof ReturnValues | null {
  return field === 'courier' || field === 'tracking_no' ? field : null;
}

// ---------------------------------------------------------------------------------------------
// The timeline

const TIMELINE_EVENTS = [
  'AfterSaleApplied',
  'AfterSaleApproved',
  'AfterSaleRejected',
  'InterceptionStarted',
  'InterceptionSucceeded',
  'InterceptionFailed',
  'ReturnShipped',
  'ReturnReceived',
  'AfterSaleRefunded',
  'ReplacementShipped',
  'AfterSaleCancelled',
] as const;

/** Catalogue key of an event's title, or null for one this build does not know (its type is shown). */
export function saleEventKey(type: string): string | null {
  return known(TIMELINE_EVENTS, type) ? `afterSale.event.${type}` : null;
}

export function saleEventColor(type: string): string {
  switch (type) {
    case 'AfterSaleRejected':
    case 'InterceptionFailed':
    case 'AfterSaleCancelled':
      return 'red';
    case 'AfterSaleApproved':
    case 'InterceptionSucceeded':
    case 'AfterSaleRefunded':
    case 'ReplacementShipped':
      return 'green';
    default:
      return 'blue';
  }
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
/** Money in an event's detail: a yuan string as everywhere in the API. Anything else is not guessed at. */
const yuanOf = (value: unknown): string | null => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : null);

/**
 * What an event's detail says, in a fixed order: the kind and pieces applied for, the amount
 * refunded, courier and tracking number, what the warehouse found in a return, and the reason.
 * The contract does not list each event's fields, so fields missing or of an unexpected shape
 * are left out.
 */
export function saleEventFacts(entry: Pick<AfterSaleTimelineEntry, 'type' | 'detail'>): TimelineFact[] {
  const d = entry.detail ?? {};
  const facts: TimelineFact[] = [];
  const kind = textOf(d.kind);
  if (kind) facts.push({ kind: 'named', key: 'afterSale.timeline.kind', nameKey: afterSaleKindKey(kind), code: kind });
  if (typeof d.quantity === 'number' && d.quantity > 0) facts.push({ kind: 'text', key: 'afterSale.timeline.quantity', text: String(d.quantity) });
  const amount = yuanOf(d.amount) ?? yuanOf(d.refund_amount) ?? yuanOf(d.refund) ?? yuanOf(d.total);
  if (amount) facts.push({ kind: 'money', key: entry.type === 'AfterSaleRefunded' ? 'afterSale.timeline.refunded' : 'afterSale.timeline.amount', amount });
  const courier = textOf(d.courier)?.toLowerCase();
  if (courier) facts.push({ kind: 'named', key: 'afterSale.timeline.courier', nameKey: courierKey(courier), code: courier });
  const tracking = textOf(d.tracking_no);
  if (tracking) facts.push({ kind: 'text', key: 'afterSale.timeline.trackingNo', text: tracking });
  if (d.wrong_item === true) facts.push({ kind: 'flag', key: 'afterSale.timeline.wrongItem' });
  if (d.wrong_station === true) facts.push({ kind: 'flag', key: 'afterSale.timeline.wrongStation' });
  const reason = textOf(d.reason);
  if (reason) facts.push({ kind: 'text', key: entry.type === 'AfterSaleRejected' ? 'afterSale.timeline.rejectReason' : 'afterSale.timeline.reason', text: reason });
  return facts;
}
