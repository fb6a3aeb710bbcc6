import { api } from '../../api/api';
import type { AfterSale } from '../../lib/api-types';
import type { AfterSaleDetail, AfterSalePage } from './types';
import type { SaleListBody } from './after-sale-logic';
import type { Language } from '../../lib/languages';

/**
 * Every answer is the caller's own, and its texts (titles, colours, names) are in the request's
 * language: the token and the language are part of each query's arguments, so a switch asks again.
 */
type Session<T> = T & { token: string; language: Language };

const P = '/jpmall/addons/unishop/aftersale';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** A change to an after-sale: the lists, the detail and the options of its order are asked again. */
const onSuccess =
  <T extends readonly ('AfterSale' | 'Order')[]>(tags: T) =>
  (_result: unknown, error: unknown) =>
    error ? [] : [...tags];

/**
 * The after-sales screens' calls (docs/api.md "After-sales"): the list with its status
 * counts, the detail with its timeline and return address, the return parcel and cancelling.
 * Lists and details answer to `AfterSale`. Entering the return parcel invalidates `AfterSale`;
 * cancelling also `Order` (it frees the claimed quantity). None of the seller's calls moves
 * money: refunds are credited by the operator, and the screens ask again whenever they open.
 * The return call is silent (the form shows a refusal at the field it names); a refused cancel
 * is toasted by the base query. Options, apply and the platform's return address are in
 * api/after-sale-api.ts (the order screens' apply dialog uses them).
 */
export const afterSaleApi = api.injectEndpoints({
  endpoints: (build) => ({
    afterSales: build.query<AfterSalePage, Session<SaleListBody>>({
      query: ({ token: _token, language: _language, ...body }) => post('/lists', body),
      providesTags: ['AfterSale'],
    }),
    afterSaleDetail: build.query<AfterSaleDetail, Session<{ id: string }>>({
      query: ({ id }) => post('/detail', { id }),
      providesTags: ['AfterSale'],
    }),
    submitReturn: build.mutation<AfterSale, { id: string; courier: string; tracking_no: string }>({
      query: (body) => post('/return', body),
      extraOptions: { silent: true },
      invalidatesTags: onSuccess(['AfterSale'] as const),
    }),
    cancelAfterSale: build.mutation<AfterSale, { id: string }>({
      query: (body) => post('/cancel', body),
      invalidatesTags: onSuccess(['AfterSale', 'Order'] as const),
    }),
  }),
});

export const { useAfterSalesQuery, useAfterSaleDetailQuery, useSubmitReturnMutation, useCancelAfterSaleMutation } = afterSaleApi;
