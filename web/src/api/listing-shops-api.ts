import { api } from './api';
import type { ExcelJob } from './excel-api';
import type { ListingPreview, ListingShop, ListingShopBody, ListingShops } from '../lib/api-types';
import { dispositionFileName, postForFile, safeDownloadName, safeFileName, zipTimestamp, type FileResult, type FileSession } from '../lib/file-download';
import type { Language } from '../lib/languages';

const P = '/jpmall/addons/unishop/listing';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** listing/package answers the zip itself (not an envelope): fetched outside RTK Query. */
const LISTING_PACKAGE_URL = `${P}/package`;

/** What listing/preview and listing/package take: one of the caller's shops and 1–200 products. */
export interface ListingPick {
  shop_id: string;
  product_ids: string[];
}

/**
 * The "list it in my shop" calls more than the listing screens need (the dialog the catalogue
 * screens open, and the shop form it and the shops screen share): the caller's shops and the
 * platforms (`ListingShop`; in the request's language, which the labels of a template's unfilled
 * columns are in), a shop's save (silent: the form shows a refusal under the field it
 * names; a save invalidates `ListingShop`, so the shops, and the preview priced by the saved rule,
 * are asked again), the preview (its titles in the request's language; silent: the dialog shows
 * why), the package, and the package as a background job (`startListingPackageJob`: refusals
 * toasted by the base query; answered with the Excel job excel/job follows and excel/download
 * gives, its `table` listing_package; recorded at once, so the listings and the export record
 * are asked again). The listings themselves (`Listing`), the shop's delete and the removal of
 * listings live in features/listing/listing-api.ts.
 */
export const listingShopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listingShops: build.query<ListingShops, { token: string; language: Language }>({
      query: () => post('/shops'),
      providesTags: ['ListingShop'],
    }),
    saveListingShop: build.mutation<ListingShop, ListingShopBody>({
      query: (body) => post('/shop_save', body),
      extraOptions: { silent: true },
      invalidatesTags: (_result, error) => (error ? [] : ['ListingShop']),
    }),
    listingPreview: build.query<ListingPreview, ListingPick & { token: string; language: Language }>({
      query: ({ shop_id, product_ids }) => post('/preview', { shop_id, product_ids }),
      providesTags: ['ListingShop'],
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    startListingPackageJob: build.mutation<ExcelJob, ListingPick & { request_id: string }>({
      query: ({ shop_id, product_ids, request_id }) => post('/package_job', { shop_id, product_ids, request_id }),
      invalidatesTags: (_result, error) => (error ? [] : ['Listing', 'ExcelJob']),
    }),
  }),
});

export const { useListingShopsQuery, useSaveListingShopMutation, useListingPreviewQuery, useStartListingPackageJobMutation } = listingShopsApi;

/** After a package is downloaded jpmall has recorded what it lists: ask the listings again. */
export const listingsRecorded = () => api.util.invalidateTags(['Listing']);

/**
 * Asks for a shop's package of products (lib/file-download.ts `postForFile`); the name is the
 * answer's Content-Disposition (UTF-8), kept a `.xlsx` when the server names one (a Shopee, Lazada
 * or TikTok Shop template filled) and a `.zip` otherwise, else `<shop name>-<YYYYMMDDHHMMSS>.zip`.
 * `request_id` makes a retry the same package: the server records what it lists once. Never throws.
 */
export function fetchListingPackage(
  request: ListingPick & FileSession & { request_id: string; shopName: string },
  fetchFn: typeof fetch = fetch,
): Promise<FileResult> {
  const fallback = `${safeFileName(request.shopName, 'listing')}-${zipTimestamp(new Date())}.zip`;
  return postForFile(
    LISTING_PACKAGE_URL,
    { shop_id: request.shop_id, product_ids: request.product_ids, request_id: request.request_id },
    request,
    (disposition) => {
      const name = dispositionFileName(disposition);
      return safeDownloadName(name, name?.toLowerCase().endsWith('.xlsx') ? '.xlsx' : '.zip') ?? fallback;
    },
    fetchFn,
  );
}
