import { useMemo } from 'react';
import { useAppSelector } from '../state/hooks';
import { selectSession, type SessionState } from '../state/session-slice';
import { LANGUAGES, type Language } from '../lib/languages';
import { api } from './api';
import type { ApiError } from './base-query';
import type { Cart } from '../lib/api-types';

/**
 * The cart query's arguments: the caller's own cart (another session asks again) with titles in
 * the request language (a language switch asks again).
 */
export interface CartArgs {
  token: string;
  language: Language;
}

/** Which lines a select or remove is about: some SKUs, or every line ("all"). */
export type CartLines = string[] | 'all';

const P = '/jpmall/addons/unishop/cart';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * A refusal that means the cart on screen is out of date (a line removed elsewhere: 404; stock
 * fallen since: 422): ask for the cart again so the screen shows the server's state.
 */
function cartOutOfDate(error: ApiError | undefined): boolean {
  return Boolean(error && (error.status === 404 || error.status === 422));
}

type SessionRoot = { session: SessionState };

/**
 * Drop-shipping cart calls (docs/api.md "Drop-shipping cart"). They live in the api
 * layer because three parts use them: the product screen adds, the nav shows the count, the cart
 * screen changes. Every change answers the whole cart, so a successful change writes its answer
 * into the cached cart of the current session and language (badge and screen update without
 * asking again) and drops the cart cached in the other language (`Cart` tag, id = language). A
 * refusal that means the screen is out of date invalidates every cached cart. Refusals are
 * toasted by the base query (the envelope's `msg`, e.g. 'only 3 left in stock').
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => {
    const change = <Body extends object>(path: string) =>
      build.mutation<Cart, Body>({
        query: (body) => post(path, body),
        invalidatesTags: (_cart, error) => (cartOutOfDate(error) ? ['Cart'] : []),
        async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
          const { token, language } = (getState() as unknown as SessionRoot).session;
          const answer = await queryFulfilled.catch(() => null);
          if (!answer || !token) return;
          dispatch(cartApi.util.upsertQueryData('cart', { token, language }, answer.data));
          const others = LANGUAGES.filter((l) => l !== language).map((id) => ({ type: 'Cart' as const, id }));
          dispatch(api.util.invalidateTags(others));
        },
      });
    return {
      cart: build.query<Cart, CartArgs>({
        query: () => post('/lists'),
        providesTags: (_cart, _error, { language }) => [{ type: 'Cart', id: language }],
      }),
      /** Adds to what the cart already holds of the SKU (a new line is selected). */
      addToCart: change<{ sku_id: string; quantity: number }>('/add'),
      /** Sets a line's quantity. */
      changeCartQuantity: change<{ sku_id: string; quantity: number }>('/change'),
      selectCartLines: change<{ sku_ids: CartLines; selected: boolean }>('/select'),
      removeCartLines: change<{ sku_ids: CartLines }>('/remove'),
      /** The seller saw today's prices of these lines: they become the lines' `price_added` (no rise waits any more). */
      acceptCartPrices: change<{ sku_ids: CartLines }>('/accept_prices'),
    };
  },
});

export const {
  useCartQuery,
  useAddToCartMutation,
  useChangeCartQuantityMutation,
  useSelectCartLinesMutation,
  useRemoveCartLinesMutation,
  useAcceptCartPricesMutation,
} = cartApi;

/** The current session's cart arguments, and whether there is a session to ask for. */
export function useCartArgs(): { args: CartArgs; skip: boolean } {
  const { token, language } = useAppSelector(selectSession);
  return useMemo(() => ({ args: { token, language }, skip: !token }), [token, language]);
}
