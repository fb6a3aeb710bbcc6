import type { Dayjs } from 'dayjs';
import type { CouponBody } from './desk-api';
import type { CouponDiscountType, CouponType } from '../../lib/api-types';
import { fenToYuan, readYuan } from '../../lib/money';

/** What the issue and publish forms hold (quantity and mobile only on their own form). */
export interface CouponValues {
  mobile?: string;
  name: string;
  name_en: string;
  type: CouponType;
  discount_type: CouponDiscountType;
  threshold?: string;
  amount?: string;
  percent_off?: number | null;
  /** Whole local days: from the first second of the first to the last second of the last. */
  validity: [Dayjs, Dayjs];
  quantity?: number | null;
}

/** Catalogue key of what is wrong with a threshold in yuan (empty is no threshold), or null. */
export function thresholdProblem(value: string | undefined): string | null {
  const reading = readYuan(value);
  return reading.kind === 'empty' || reading.kind === 'ok' ? null : 'console.desk.coupon.money.invalid';
}

/** Catalogue key of what is wrong with an amount off in yuan (above 0, two decimals at most), or null. */
export function amountProblem(value: string | undefined): string | null {
  const reading = readYuan(value);
  return reading.kind === 'ok' && reading.fen > 0 ? null : 'console.desk.coupon.amount.required';
}

/** Catalogue key of what is wrong with a percentage off (a whole number 1–99), or null. */
export function percentProblem(value: number | null | undefined): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 99 ? null : 'console.desk.coupon.percent.required';
}

/**
 * The terms the server takes (docs/api.md "Operator: coupons"): both names trimmed, the threshold
 * as two-decimal yuan (left out when empty), `amount` for a full reduction or `percent_off` for a
 * discount, and the validity as unix seconds of whole local days.
 */
export function couponBody(values: CouponValues): CouponBody {
  const [from, to] = values.validity;
  const body: CouponBody = {
    name: values.name.trim(),
    name_en: values.name_en.trim(),
    type: values.type,
    discount_type: values.discount_type,
    valid_from: from.startOf('day').unix(),
    valid_to: to.endOf('day').unix(),
  };
  const threshold = readYuan(values.threshold);
  if (threshold.kind === 'ok') body.threshold = fenToYuan(threshold.fen);
  if (values.discount_type === 'discount') body.percent_off = values.percent_off ?? 0;
  else {
    const amount = readYuan(values.amount);
    body.amount = amount.kind === 'ok' ? fenToYuan(amount.fen) : '0.00';
  }
  return body;
}
