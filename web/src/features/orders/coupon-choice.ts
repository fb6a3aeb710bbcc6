/**
 * The checkout's coupon choice (docs/api.md "Coupons", "At checkout"): order/preview
 * lists the caller's usable coupons for the order; the seller chooses at most one of each type
 * (goods, service fees, shipping), and the chosen ids go out as `coupon_ids` with the preview and
 * the submit. A change of lines or options can take a chosen coupon out of reach: it is dropped.
 * Until the seller chooses by hand, the checkout takes the best of each type (`bestChoice`).
 */
import type { CouponType } from '../../lib/api-types';
import type { UnusableCoupon, UsableCoupon } from './types';
import { COUPON_TYPES } from '../../lib/coupon';
import { yuanToFen } from '../../lib/money';

/** The usable coupons by type, in the order goods, service, shipping; types without any are left out. */
export function usableByType(usable: readonly UsableCoupon[]): [CouponType, UsableCoupon[]][] {
  return COUPON_TYPES.map((type) => [type, usable.filter((c) => c.type === type)] as [CouponType, UsableCoupon[]]).filter(([, list]) => list.length > 0);
}

/** The chosen coupon of a type, or null. */
export function chosenOfType(chosen: readonly string[], usable: readonly UsableCoupon[], type: CouponType): string | null {
  return chosen.find((id) => usable.some((c) => c.id === id && c.type === type)) ?? null;
}

/** Chooses `id` for `type`, replacing that type's earlier choice; null clears the type. The other types' choices stay. */
export function chooseCoupon(chosen: readonly string[], usable: readonly UsableCoupon[], type: CouponType, id: string | null): string[] {
  const typeOf = (couponId: string) => usable.find((c) => c.id === couponId)?.type;
  const others = chosen.filter((couponId) => typeOf(couponId) !== type);
  return id && usable.some((c) => c.id === id && c.type === type) ? [...others, id] : others;
}

/** The chosen ids the preview still lists as usable, at most one of each type (the first kept). */
export function keepUsable(chosen: readonly string[], usable: readonly UsableCoupon[]): string[] {
  const seen = new Set<string>();
  return chosen.filter((id) => {
    const coupon = usable.find((c) => c.id === id);
    if (!coupon || seen.has(coupon.type)) return false;
    seen.add(coupon.type);
    return true;
  });
}

/** Whether two choices hold the same ids in the same order. */
export const sameChoice = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * For each type, the usable coupon that takes the most off this order; of equals, the one that ends
 * soonest (the other keeps longer). What the checkout chooses until the seller chooses by hand.
 */
export function bestChoice(usable: readonly UsableCoupon[]): string[] {
  const better = (a: UsableCoupon, b: UsableCoupon) => {
    const off = yuanToFen(a.discount) - yuanToFen(b.discount);
    return off > 0 || (off === 0 && a.valid_to < b.valid_to);
  };
  return usableByType(usable).map(([, list]) => list.reduce((best, coupon) => (better(coupon, best) ? coupon : best)).id);
}

/** The types with a usable or an unusable coupon (goods, service, shipping), each with both lists. */
export function couponsByType(
  usable: readonly UsableCoupon[],
  unusable: readonly UnusableCoupon[],
): { type: CouponType; usable: UsableCoupon[]; unusable: UnusableCoupon[] }[] {
  return COUPON_TYPES.map((type) => ({ type, usable: usable.filter((c) => c.type === type), unusable: unusable.filter((c) => c.type === type) })).filter(
    (group) => group.usable.length > 0 || group.unusable.length > 0,
  );
}
