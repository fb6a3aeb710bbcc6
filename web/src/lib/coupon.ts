/**
 * Coupon words the coupons screen and the checkout's coupon picker share (docs/api.md "Coupons", spec
 * sections 3 and 4): the catalogue keys of types, discount types and usage states, and the message
 * describing a coupon's discount. Amounts stay the server's yuan strings;
 * they are only read into fen to compare and to drop zeros (never computed with floats).
 */
import { fenToYuan, yuanToFen } from './money';

export const COUPON_TYPES = ['product', 'service', 'shipping'] as const;
export const COUPON_DISCOUNT_TYPES = ['full_reduction', 'discount'] as const;
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;

const known = (list: readonly string[], value: string) => list.includes(value);

/** 商品券 / 服务券 / 运费券; null for a type this build does not know (show the code). */
export const couponTypeKey = (type: string): string | null => (known(COUPON_TYPES, type) ? `coupon.type.${type}` : null);

/** 满减 / 折扣; null for one this build does not know. */
export const discountTypeKey = (type: string): string | null => (known(COUPON_DISCOUNT_TYPES, type) ? `coupon.discountType.${type}` : null);

/** 未使用 / 已使用 / 已过期 ('unknown status' for anything else). */
export const couponStatusKey = (status: string): string => (known(COUPON_STATUSES, status) ? `coupon.status.${status}` : 'error.unknownStatus');

/** The terms that say what a coupon takes off (a coupon and a claimable coupon both have them). */
export interface CouponTerms {
  discount_type: string;
  threshold: string;
  amount: string;
  percent_off: number;
}

/** A catalogue message with its values. */
export interface CouponMessage {
  id: string;
  values: Record<string, string>;
}

/** Whether a coupon applies to any amount ('0.00' threshold). */
export const hasNoThreshold = (terms: Pick<CouponTerms, 'threshold'>): boolean => yuanToFen(terms.threshold) <= 0;

/** Yuan without trailing zeros, as Chinese coupons are written: '100.00' → '100', '9.90' → '9.9'. */
export function shortYuan(yuan: string): string {
  const fen = yuanToFen(yuan);
  const whole = fenToYuan(fen);
  if (fen % 100 === 0) return whole.slice(0, -3);
  if (fen % 10 === 0) return whole.slice(0, -1);
  return whole;
}

/** 折 of a percentage off, in tenths: 10% off is 9折, 15% off 8.5折, 1% off 9.9折. */
export function zheOf(percentOff: number): string {
  const tenths = 100 - Math.min(100, Math.max(0, Math.round(percentOff)));
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const isChinese = (locale: string) => locale.toLowerCase().startsWith('zh');

/**
 * What a coupon takes off, as a catalogue message: 满100减10 / 'RMB 10.00 off orders of 100.00'
 * (full reduction), 无门槛减10 / 'RMB 10.00 off, no minimum spend' (no threshold), 9折 / '10% off'
 * (percent_off 10), 满100享9折 / '10% off orders of 100.00'. The figures depend on the language:
 * Chinese drops the zeros and counts 折 (tenths paid), English keeps two decimals and says the
 * percentage off; both messages take the same arguments.
 */
export function couponDiscountMessage(terms: CouponTerms, locale: string): CouponMessage {
  const chinese = isChinese(locale);
  const money = (yuan: string) => (chinese ? shortYuan(yuan) : fenToYuan(yuanToFen(yuan)));
  const threshold = money(terms.threshold);
  const open = hasNoThreshold(terms);
  if (terms.discount_type === 'discount') {
    const rate = chinese ? zheOf(terms.percent_off) : String(terms.percent_off);
    return open ? { id: 'coupon.discount.percent', values: { rate } } : { id: 'coupon.discount.percentOver', values: { rate, threshold } };
  }
  const amount = money(terms.amount);
  return open ? { id: 'coupon.discount.reduction', values: { amount } } : { id: 'coupon.discount.fullReduction', values: { amount, threshold } };
}
