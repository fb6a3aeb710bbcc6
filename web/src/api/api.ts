import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/** The one RTK Query api; each feature adds its calls with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: ['User', 'Account', 'Site', 'Product', 'ProductDetail', 'Favorite', 'Stall', 'Follow', 'Wallet', 'Ledger', 'Withdrawal', 'Address', 'Cart', 'Forward', 'Order', 'AfterSale', 'Coupon', 'ExcelJob', 'PlatformImport', 'PlatformLink', 'PlatformRate', 'ListingShop', 'Listing'],
  endpoints: () => ({}),
});
