import { describe, expect, it } from 'vitest';
import {
  costChange,
  isNegativeMargin,
  LISTING_FILTERS,
  listingExportBody,
  listingListBody,
  listingSearchFromParams,
  myListingsPath,
  pendingChangeText,
  productStateKey,
  skuSpec,
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

  it('the tabs: all first, then the changes to act on, which the grouped message links to', () => {
    expect(LISTING_FILTERS).toEqual(['all', 'to_act_on', 'changed', 'sold_out', 'delisted']);
    expect(listingSearchFromParams('filter=to_act_on&site=')).toEqual({ shop: '', filter: 'to_act_on', page: 1, pagesize: 10 });
    expect(myListingsPath({ shop: '', filter: 'to_act_on', page: 1, pagesize: 10 })).toBe('/myListings?filter=to_act_on');
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

  it('listing/export_skus gets the tab (every page), the shop only when one is chosen', () => {
    expect(listingExportBody(listingSearchFromParams('filter=to_act_on&page=3&size=20'))).toEqual({ filter: 'to_act_on' });
    expect(listingExportBody({ shop: 'S1', filter: 'delisted' })).toEqual({ shop_id: 'S1', filter: 'delisted' });
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

  it('its colour / size, a blank part left out', () => {
    expect(skuSpec({ color: '黑色', size: 'M' })).toBe('黑色 / M');
    expect(skuSpec({ color: '黑色', size: ' ' })).toBe('黑色');
    expect(skuSpec({ color: '', size: '' })).toBe('');
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

describe('a pending change', () => {
  const change = (kind: string, before = '', after = '') => pendingChangeText({ kind: kind as never, before, after });

  it('reads by its kind; a price with its yuan before and after', () => {
    expect(change('price', '35.00', '45.00')).toEqual({ key: 'listing.pending.price', values: { before: '35.00', after: '45.00' }, stock: null, alert: true });
    for (const kind of ['delisted', 'relisted', 'stall_closed']) expect(change(kind)).toMatchObject({ key: `listing.pending.${kind}`, values: {}, stock: null });
  });

  it('a SKU sold out or back in stock shows the stock before → after when both are given', () => {
    expect(change('sold_out', '3', '0')).toEqual({ key: 'listing.pending.sold_out', values: {}, stock: { before: '3', after: '0' }, alert: true });
    expect(change('restocked', '0', '20')).toEqual({ key: 'listing.pending.restocked', values: {}, stock: { before: '0', after: '20' }, alert: false });
    expect(change('sold_out').stock).toBeNull();
    expect(change('price', '35.00', '45.00').stock).toBeNull();
  });

  it('bad news for the shop is highlighted: a cost that rose, sold out, off the shelf, the stall closed', () => {
    expect(change('price', '35.00', '45.00').alert).toBe(true);
    expect(change('price', '45.00', '35.00').alert).toBe(false);
    expect(change('price', '35.00', '35.0').alert).toBe(false);
    expect(['sold_out', 'delisted', 'stall_closed'].map((k) => change(k).alert)).toEqual([true, true, true]);
    expect(['restocked', 'relisted'].map((k) => change(k).alert)).toEqual([false, false]);
  });

  it('a kind the page does not know yet reads as changed', () => {
    expect(change('renamed', 'a', 'b')).toEqual({ key: 'listing.listings.changed', values: {}, stock: null, alert: false });
  });
});
