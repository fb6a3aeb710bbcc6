import { api } from './api';
import type { AfterSale, AfterSaleApplyBody, AfterSaleOptions, ReturnAddress } from '../lib/api-types';
import type { Language } from '../lib/languages';

/**
 * Every answer is the caller's own, and its texts (titles, colours, names) are in the request's
 * language: the token and the language are part of each query's arguments, so a switch asks again.
 */
type Session<T> = T & { token: string; language: Language };

const P = '/jpmall/addons/unishop/aftersale';
/** The options alone: what a refused application asks again. */
const OPTIONS = { type: 'AfterSale' as const, id: 'OPTIONS' };
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * The after-sale calls more than the after-sales screens need (docs/api.md "After-sales"): what an order allows (`aftersale/options`) and the application (`aftersale/apply`), both
 * used by the apply dialog the order screens open, and the platform's return address
 * (`home/refund_address`). The list, detail, return and cancel live in features/afterSales.
 * Options answer to `AfterSale` (an application or a cancel frees or claims quantities); an
 * application invalidates `AfterSale` and `Order`, a refused one (422) the options alone (the
 * quantities still available may have changed meanwhile). Options and apply are silent: the dialog shows
 * a refusal at the field it names.
 */
export const afterSaleSharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    afterSaleOptions: build.query<AfterSaleOptions, Session<{ order_no: string }>>({
      query: ({ order_no }) => post('/options', { order_no }),
      providesTags: ['AfterSale', OPTIONS],
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    applyAfterSale: build.mutation<{ after_sale: AfterSale }, AfterSaleApplyBody>({
      query: (body) => post('/apply', body),
      extraOptions: { silent: true },
      // a refused quantity may mean another application claimed it meanwhile: ask the options again
      invalidatesTags: (_result, error) => (!error ? ['AfterSale', 'Order'] : error.status === 422 ? [OPTIONS] : []),
    }),
    refundAddress: build.query<ReturnAddress, { token: string }>({
      query: () => ({ url: '/addons/unishop/home/refund_address', method: 'GET' }),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useAfterSaleOptionsQuery, useApplyAfterSaleMutation, useRefundAddressQuery } = afterSaleSharedApi;
