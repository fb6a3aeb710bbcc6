import { listingShopsApi } from '../../api/listing-shops-api';
import type { ListingTemplate } from '../../lib/api-types';
import { dispositionFileName, postForFile, safeDownloadName, zipTimestamp, type FileResult, type FileSession } from '../../lib/file-download';
import type { Language } from '../../lib/languages';
import type { ListingExportBody, ListingListBody, ListingPage, MarkDoneBody } from './types';

const P = '/jpmall/addons/unishop/listing';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** listing/export_skus answers the CSV itself (not an envelope): fetched outside RTK Query. */
const LISTING_SKUS_URL = `${P}/export_skus`;

/**
 * The listing screens' own calls (the shops, their save, the preview and the package are
 * api/listing-shops-api.ts's, which the listing dialog uses too): a shop's delete (its listings
 * stay, under its name), a Shopee / Lazada / TikTok Shop shop's template uploaded (multipart
 * `shop_id` and `file`) or deleted, the listed products with today's cost and state and the
 * changes waiting for the seller (`Listing`; the titles and SKU names in the request's language),
 * removing listing records (not the products) and marking listings' pending changes done. A delete
 * invalidates `ListingShop` and `Listing`, a template's upload or delete `ListingShop`, a removal
 * and a mark `Listing`; refusals are the base query's toasts.
 */
const listingApi = listingShopsApi.injectEndpoints({
  endpoints: (build) => ({
    deleteListingShop: build.mutation<unknown, { id: string }>({
      query: (body) => post('/shop_delete', body),
      invalidatesTags: (_result, error) => (error ? [] : ['ListingShop', 'Listing']),
    }),
    /** Uploads a shop's blank category template (multipart `shop_id`, `file`); refusals are the base query's toasts. */
    uploadListingTemplate: build.mutation<{ template: ListingTemplate }, { shop_id: string; file: File }>({
      query: ({ shop_id, file }) => {
        const body = new FormData();
        body.append('shop_id', shop_id);
        body.append('file', file, file.name);
        return { url: `${P}/shop_template`, method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['ListingShop']),
    }),
    deleteListingTemplate: build.mutation<unknown, { shop_id: string }>({
      query: (body) => post('/shop_template_delete', body),
      invalidatesTags: (_result, error) => (error ? [] : ['ListingShop']),
    }),
    listings: build.query<ListingPage, ListingListBody & { token: string; language: Language }>({
      query: ({ token: _token, language: _language, ...body }) => post('/lists', body),
      providesTags: ['Listing'],
    }),
    removeListings: build.mutation<{ removed: number }, { ids: string[] }>({
      query: (body) => post('/remove', body),
      invalidatesTags: (_result, error) => (error ? [] : ['Listing']),
    }),
    markListingsDone: build.mutation<{ marked: number }, MarkDoneBody>({
      query: (body) => post('/mark_done', body),
      invalidatesTags: (_result, error) => (error ? [] : ['Listing']),
    }),
  }),
});

export const {
  useListingShopsQuery,
  useDeleteListingShopMutation,
  useUploadListingTemplateMutation,
  useDeleteListingTemplateMutation,
  useListingsQuery,
  useRemoveListingsMutation,
  useMarkListingsDoneMutation,
} = listingApi;

/**
 * Asks for the listed SKUs of what a tab shows as a CSV (lib/file-download.ts `postForFile`), for
 * the shop's batch delist tool; the name is the answer's Content-Disposition, else
 * `listing-skus-<filter>-<YYYYMMDDHHMMSS>.csv`. Never throws.
 */
export function fetchListingSkus(request: ListingExportBody & FileSession, fetchFn: typeof fetch = fetch): Promise<FileResult> {
  const { shop_id, filter } = request;
  const fallback = `listing-skus-${filter}-${zipTimestamp(new Date())}.csv`;
  return postForFile(
    LISTING_SKUS_URL,
    { ...(shop_id ? { shop_id } : {}), filter },
    request,
    (disposition) => safeDownloadName(dispositionFileName(disposition), '.csv') ?? fallback,
    fetchFn,
  );
}
