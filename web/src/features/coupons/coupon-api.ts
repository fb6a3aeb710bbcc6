import { api } from '../../api/api';
import type { ClaimableCoupon, CouponPage } from './types';
import type { Coupon } from '../../lib/api-types';
import type { CouponListBody } from './coupon-logic';
import type { Language } from '../../lib/languages';

/**
 * Every answer is the caller's own, and its texts (titles, colours, names) are in the request's
 * language: the token and the language are part of each query's arguments, so a switch asks again.
 */
type Session<T> = T & { token: string; language: Language };

const P = '/jpmall/addons/unishop/coupon';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * Coupon calls (docs/api.md "Coupons"). The list and the claimable coupons answer to
 * `Coupon`. Claiming invalidates it whether it worked or not: a refusal ('already claimed', 'all
 * claimed', 'not valid now') means the claimable list on screen is out of date. Placing and
 * cancelling an order (orders/order-api.ts) invalidate it too, as they redeem and release coupons.
 * A claim refusal is toasted by the base query.
 */
export const couponApi = api.injectEndpoints({
  endpoints: (build) => ({
    coupons: build.query<CouponPage, Session<CouponListBody>>({
      query: ({ token: _token, language: _language, ...body }) => post('/lists', body),
      providesTags: ['Coupon'],
    }),
    claimableCoupons: build.query<{ list: ClaimableCoupon[] }, Session<object>>({
      query: () => post('/claimable'),
      providesTags: ['Coupon'],
    }),
    claimCoupon: build.mutation<{ coupon: Coupon }, { template_id: string }>({
      query: (body) => post('/claim', body),
      invalidatesTags: ['Coupon'],
    }),
  }),
});

export const { useCouponsQuery, useClaimableCouponsQuery, useClaimCouponMutation } = couponApi;
