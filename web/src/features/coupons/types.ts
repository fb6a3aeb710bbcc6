import type { Coupon, CouponTerms, Page } from '../../lib/api-types';

/** Shapes of docs/api.md that only this feature reads. */

/** coupon/lists `counts`: every usage status under the other two filters. */
export interface CouponCounts {
  unused: number;
  used: number;
  expired: number;
}

/** coupon/lists: a page of the caller's coupons, newest first. */
export type CouponPage = Page<Coupon> & { counts: CouponCounts };

/** coupon/claimable: a coupon the operator published that the caller can still claim. */
export interface ClaimableCoupon extends CouponTerms {
  template_id: string;
  /** The names as published; `name_en` is '' for coupons published before English names. */
  name_zh: string;
  name_en: string;
  remaining: number;
}
