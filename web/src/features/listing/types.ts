/**
 * Shapes of the listing calls (listing/lists, listing/remove, listing/mark_done,
 * listing/export_skus) that only this feature reads; the shops' are lib/api-types.ts's.
 */
import type { Id, ListingPlatform, Page } from '../../lib/api-types';

/**
 * The tabs of My listings: every listed product, those with a change the seller has not acted on
 * yet (`pending`), those that changed since listing, sold out, delisted.
 */
export type ListingFilter = 'all' | 'to_act_on' | 'changed' | 'sold_out' | 'delisted';

export type ProductState = 'on_shelf' | 'off_shelf' | 'gone';
export type StallState = 'open' | 'closed';
export type SkuState = 'on_sale' | 'sold_out' | 'removed';

/** A listed SKU: its price in the shop, what it cost then and costs now (yuan strings). */
export interface ListingSku {
  sku_id: Id;
  color: string;
  size: string;
  listed_price: string;
  cost_then: string;
  cost_now: string;
  /** listed_price − cost_now; negative when jpmall now costs more than the shop asks. */
  margin_now: string;
  stock_now: number;
  sku_state: SkuState;
  price_changed: boolean;
}

/** What the stall changed: a SKU's price, a SKU sold out or back in stock, the product off or back on the shelf, the stall closed. */
export type ChangeKind = 'price' | 'sold_out' | 'restocked' | 'delisted' | 'relisted' | 'stall_closed';

/** A change recorded against a listing that waits until the seller marks it done (listing/mark_done). */
export interface PendingChange {
  kind: ChangeKind;
  /** '' for a product-level change (delisted, relisted, stall_closed). */
  sku_id: string;
  /** The SKU's colour and size in the request's language; '' for a product-level change. */
  color: string;
  size: string;
  /** price: yuan strings ("35.00" → "45.00"); sold_out / restocked: the stock before and after ("3" → "0"); others ''. */
  before: string;
  after: string;
  /** Unix seconds. */
  at: number;
}

/** A product listed in one of the seller's shops (a deleted shop's keep its name). */
export interface Listing {
  id: Id;
  shop_id: Id;
  shop_name: string;
  platform: ListingPlatform;
  product_id: Id;
  item_no: string;
  title: string;
  image: string;
  stall_name: string;
  listed_at: number;
  product_state: ProductState;
  stall_state: StallState;
  /** Any SKU's price changed, a SKU sold out or was removed, the product is off the shelf or gone, or the stall closed since listing. */
  changed: boolean;
  skus: ListingSku[];
  /** The changes waiting for the seller, newest first; empty when nothing waits (every tab has them). */
  pending: PendingChange[];
}

/** A shop the seller has listings in: a deleted one under the name it had. */
export interface ListedShop {
  id: Id;
  name: string;
}

/** listing/lists: a page, the count of every tab, and every shop the seller has listings in (whatever the filter). */
export type ListingPage = Page<Listing> & { counts: Record<ListingFilter, number>; shops: ListedShop[] };

/** listing/lists; no `shop_id` is every shop. */
export interface ListingListBody {
  shop_id?: Id;
  filter: ListingFilter;
  page: number;
  pagesize: number;
}

/** How the seller acted on a listing's changes: updated the shop's product, or delisted it there. */
export type MarkDoneHow = 'updated' | 'delisted';

/** listing/mark_done: 1–200 listing ids; answers how many had something pending (the others are left alone). */
export interface MarkDoneBody {
  ids: Id[];
  how: MarkDoneHow;
}

/** listing/export_skus (a CSV, one row per listed SKU of what the filter shows); no `shop_id` is every shop. */
export interface ListingExportBody {
  shop_id?: Id;
  filter: ListingFilter;
}
