/**
 * Pure rules of My listings (`/myListings`): the tabs, how the shop, tab and page live in the
 * address (`shop`, `filter`, `page`, `size`), the bodies listing/lists and listing/export_skus take,
 * how a listed SKU's cost, margin and state are shown, and how a pending change reads. The shops' rules (limits, rule summary, prices) are
 * lib/listing.ts's, which the listing dialog shares.
 */
import { yuanToFen } from '../../lib/money';
import type { ChangeKind, ListingExportBody, ListingFilter, ListingListBody, ListingSku, PendingChange, ProductState, SkuState, StallState } from './types';

/** The tabs, in the order they are shown; `all` is the default, the changes to act on next. */
export const LISTING_FILTERS = ['all', 'to_act_on', 'changed', 'sold_out', 'delisted'] as const satisfies readonly ListingFilter[];

export const LISTING_PAGE_SIZES = [10, 20, 50] as const;
const LISTING_DEFAULT_PAGE_SIZE = 10;

/** What the address holds: the shop ('' for every shop), the tab and the page. */
export interface ListingSearch {
  shop: string;
  filter: ListingFilter;
  page: number;
  pagesize: number;
}

/** The search in the address; an unknown tab, page or size reads as the default. */
export function listingSearchFromParams(search: string | URLSearchParams): ListingSearch {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    shop: (params.get('shop') ?? '').trim(),
    filter: (LISTING_FILTERS as readonly (string | null)[]).includes(filter) ? (filter as ListingFilter) : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pagesize: (LISTING_PAGE_SIZES as readonly number[]).includes(size) ? size : LISTING_DEFAULT_PAGE_SIZE,
  };
}

/** The path of `/myListings` for a search (without `site`, which the links add); the defaults are left out. */
export function myListingsPath(search: ListingSearch): string {
  const params = new URLSearchParams();
  if (search.shop) params.set('shop', search.shop);
  if (search.filter !== 'all') params.set('filter', search.filter);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pagesize !== LISTING_DEFAULT_PAGE_SIZE) params.set('size', String(search.pagesize));
  const query = params.toString();
  return `/myListings${query ? `?${query}` : ''}`;
}

/** The body of listing/lists: the tab is always sent, the shop only when one is chosen. */
export const listingListBody = (search: ListingSearch): ListingListBody => ({
  ...(search.shop ? { shop_id: search.shop } : {}),
  filter: search.filter,
  page: search.page,
  pagesize: search.pagesize,
});

/** The body of listing/export_skus: what the tab shows (every page), in the shop chosen if one is. */
export const listingExportBody = (search: Pick<ListingSearch, 'shop' | 'filter'>): ListingExportBody => ({
  ...(search.shop ? { shop_id: search.shop } : {}),
  filter: search.filter,
});

/** A SKU's colour / size, leaving out a blank part ('' for a product-level change). */
export const skuSpec = (sku: { color: string; size: string }): string => [sku.color, sku.size].filter((part) => part.trim() !== '').join(' / ');

/** How jpmall's cost moved since listing: up (the margin shrank), down, or not at all. */
export function costChange(sku: Pick<ListingSku, 'cost_then' | 'cost_now'>): 'up' | 'down' | 'same' {
  const then = yuanToFen(sku.cost_then);
  const now = yuanToFen(sku.cost_now);
  return now > then ? 'up' : now < then ? 'down' : 'same';
}

/** Whether a margin (yuan string) is below zero: the shop now sells under jpmall's cost. */
export const isNegativeMargin = (margin: string): boolean => yuanToFen(margin) < 0;

/** Catalogue keys of the states a listing shows; on sale, on the shelf and an open stall show nothing. */
export const skuStateKey = (state: SkuState | string): string | null =>
  state === 'sold_out' || state === 'removed' ? `listing.skuState.${state}` : state === 'on_sale' ? 'listing.skuState.on_sale' : null;
export const productStateKey = (state: ProductState | string): string | null => (state === 'off_shelf' || state === 'gone' ? `listing.productState.${state}` : null);
export const stallStateKey = (state: StallState | string): string | null => (state === 'closed' ? 'listing.stallState.closed' : null);

/** The kinds of pending change the page names. */
const CHANGE_KINDS = ['price', 'sold_out', 'restocked', 'delisted', 'relisted', 'stall_closed'] as const satisfies readonly ChangeKind[];

/**
 * How a pending change reads: its catalogue key with the values it takes (a price change its yuan
 * before and after), the stock before → after of a SKU that sold out or came back when the server
 * gave both, and whether it is bad news for the shop (a cost that rose, sold out, off the shelf, the
 * stall closed), which is highlighted. A kind the page does not know yet reads as 'changed'.
 */
export function pendingChangeText(change: Pick<PendingChange, 'kind' | 'before' | 'after'>): {
  key: string;
  values: Record<string, string>;
  stock: { before: string; after: string } | null;
  alert: boolean;
} {
  const kind = change.kind as string;
  if (!(CHANGE_KINDS as readonly string[]).includes(kind)) return { key: 'listing.listings.changed', values: {}, stock: null, alert: false };
  const stocked = (kind === 'sold_out' || kind === 'restocked') && change.before !== '' && change.after !== '';
  const alert = kind === 'price' ? yuanToFen(change.after) > yuanToFen(change.before) : kind === 'sold_out' || kind === 'delisted' || kind === 'stall_closed';
  return {
    key: `listing.pending.${kind}`,
    values: kind === 'price' ? { before: change.before, after: change.after } : {},
    stock: stocked ? { before: change.before, after: change.after } : null,
    alert,
  };
}
