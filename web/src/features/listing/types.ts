/** Shapes of the listing calls (listing/lists, listing/remove) that only this feature reads; the shops' are lib/api-types.ts's. */
import type { Id, ListingPlatform, Page } from '../../lib/api-types';

/** The tabs of My listings: every listed product, those that changed since, sold out, delisted. */
export type ListingFilter = 'all' | 'changed' | 'sold_out' | 'delisted';

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
