import { describe, expect, it } from 'vitest';
import {
  costChange,
  isNegativeMargin,
  listingListBody,
  listingSearchFromParams,
  myListingsPath,
  productStateKey,
  skuStateKey,
  stallStateKey,
} from './listing-logic';

describe('My listings in the address', () => {
  it('reads the shop, tab, page and size; anything unknown is the default', () => {
    expect(listingSearchFromParams('')).toEqual({ shop: '', filter: 'all', page: 1, pagesize: 10 });
    expect(listingSearchFromParams('shop=S1&filter=changed&page=3&size=20')).toEqual({ shop: 'S1', filter: 'changed', page: 3, pagesize: 20 });
    expect(listingSearchFromParams('filter=gone&page=0&size=7')).toEqual({ shop: '', filter: 'all', page: 1, pagesize: 10 });
    expect(listingSearchFromParams(new URLSearchParams('filter=sold_out&page=2.5'))).toEqual({ shop: '', filter: 'sold_out', page: 1, pagesize: 10 });
  });

  it('writes them back without the defaults', () => {
    expect(myListingsPath({ shop: '', filter: 'all', page: 1, pagesize: 10 })).toBe('/myListings');
    expect(myListingsPath({ shop: 'S1', filter: 'delisted', page: 2, pagesize: 50 })).toBe('/myListings?shop=S1&filter=delisted&page=2&size=50');
    const search = listingSearchFromParams('shop=S%201&filter=sold_out&page=4&size=20');
    expect(listingSearchFromParams(myListingsPath(search).split('?')[1]!)).toEqual(search);
  });

  it('listing/lists always gets the tab, the shop only when one is chosen', () => {
    expect(listingListBody({ shop: '', filter: 'all', page: 1, pagesize: 10 })).toEqual({ filter: 'all', page: 1, pagesize: 10 });
    expect(listingListBody({ shop: 'S1', filter: 'changed', page: 2, pagesize: 20 })).toEqual({ shop_id: 'S1', filter: 'changed', page: 2, pagesize: 20 });
  });
});

describe('a listed SKU', () => {
  it("the cost's move since listing, in fen", () => {
    expect(costChange({ cost_then: '34.20', cost_now: '36.00' })).toBe('up');
    expect(costChange({ cost_then: '34.20', cost_now: '30.10' })).toBe('down');
    expect(costChange({ cost_then: '34.20', cost_now: '34.2' })).toBe('same');
  });

  it('a margin below zero', () => {
    expect(isNegativeMargin('-1.20')).toBe(true);
    expect(isNegativeMargin('0.00')).toBe(false);
    expect(isNegativeMargin('22.70')).toBe(false);
  });

  it('the states that are named', () => {
    expect(skuStateKey('on_sale')).toBe('listing.skuState.on_sale');
    expect(skuStateKey('sold_out')).toBe('listing.skuState.sold_out');
    expect(skuStateKey('removed')).toBe('listing.skuState.removed');
    expect(skuStateKey('odd')).toBeNull();
    expect(productStateKey('on_shelf')).toBeNull();
    expect(productStateKey('off_shelf')).toBe('listing.productState.off_shelf');
    expect(productStateKey('gone')).toBe('listing.productState.gone');
    expect(stallStateKey('open')).toBeNull();
    expect(stallStateKey('closed')).toBe('listing.stallState.closed');
  });
});
