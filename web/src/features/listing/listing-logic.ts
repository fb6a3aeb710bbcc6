/**
 * Pure rules of My listings (`/myListings`): the tabs, how the shop, tab and page live in the
 * address (`shop`, `filter`, `page`, `size`), the body listing/lists takes, and how a listed SKU's
 * cost, margin and state are shown. The shops' rules (limits, rule summary, prices) are
 * lib/listing.ts's, which the listing dialog shares.
 */
import { yuanToFen } from '../../lib/money';
import type { ListingFilter, ListingListBody, ListingSku, ProductState, SkuState, StallState } from './types';

/** The tabs, in the order they are shown; `all` is the default. */
export const LISTING_FILTERS = ['all', 'changed', 'sold_out', 'delisted'] as const satisfies readonly ListingFilter[];

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
