import { listingShopsApi } from '../../api/listing-shops-api';
import type { Language } from '../../lib/languages';
import type { ListingListBody, ListingPage } from './types';

const P = '/jpmall/addons/unishop/listing';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * The listing screens' own calls (the shops, their save, the preview and the package are
 * api/listing-shops-api.ts's, which the listing dialog uses too): a shop's delete (its listings
 * stay, under its name), the listed products with today's cost and state (`Listing`; the titles in
 * the request's language), and removing listing records (not the products). A delete invalidates
 * `ListingShop` and `Listing`, a removal `Listing`; refusals are the base query's toasts.
 */
const listingApi = listingShopsApi.injectEndpoints({
  endpoints: (build) => ({
    deleteListingShop: build.mutation<unknown, { id: string }>({
      query: (body) => post('/shop_delete', body),
      invalidatesTags: (_result, error) => (error ? [] : ['ListingShop', 'Listing']),
    }),
    listings: build.query<ListingPage, ListingListBody & { token: string; language: Language }>({
      query: ({ token: _token, language: _language, ...body }) => post('/lists', body),
      providesTags: ['Listing'],
    }),
    removeListings: build.mutation<{ removed: number }, { ids: string[] }>({
      query: (body) => post('/remove', body),
      invalidatesTags: (_result, error) => (error ? [] : ['Listing']),
    }),
  }),
});

export const { useListingShopsQuery, useDeleteListingShopMutation, useListingsQuery, useRemoveListingsMutation } = listingApi;
