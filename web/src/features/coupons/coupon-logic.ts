/**
 * Pure rules of the coupons screen (spec sections 3-5, docs/api.md "Coupons"): the
 * three filters (type, discount type, usage status) that must all be chosen before a search, how
 * they live in the address, the body of coupon/lists, and the usage-status tabs with their counts.
 */
import type { CouponCounts } from './types';
import { COUPON_DISCOUNT_TYPES, COUPON_STATUSES, COUPON_TYPES } from '../../lib/coupon';
import type { MessageKey } from '../../lib/validators';

/** The choices of each filter, 'all' last (as the selects show them). */
export const TYPE_CHOICES = [...COUPON_TYPES, 'all'] as const;
export const DISCOUNT_CHOICES = [...COUPON_DISCOUNT_TYPES, 'all'] as const;
export const STATUS_CHOICES = [...COUPON_STATUSES, 'all'] as const;
export type TypeChoice = (typeof TYPE_CHOICES)[number];
export type DiscountChoice = (typeof DISCOUNT_CHOICES)[number];
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** The usage-status tabs, in the order they are shown. */
export const STATUS_TABS = ['all', ...COUPON_STATUSES] as const;

export const COUPON_PAGE_SIZES = [10, 20, 50] as const;
export const COUPON_DEFAULT_PAGE_SIZE = 10;

const known = (list: readonly string[], value: unknown): boolean => typeof value === 'string' && list.includes(value);

/** The filter form: each select starts empty (spec section 5: all three must be chosen). */
export interface CouponFilterValues {
  type?: TypeChoice | null;
  discount_type?: DiscountChoice | null;
  status?: StatusChoice | null;
}

/** A search that may be sent: all three filters chosen. */
export interface CouponSearch {
  type: TypeChoice;
  discount_type: DiscountChoice;
  status: StatusChoice;
  page: number;
  pagesize: number;
}

export const validateCouponType = (value: unknown): MessageKey | null => (known(TYPE_CHOICES, value) ? null : 'coupon.filter.typeRequired');
export const validateDiscountType = (value: unknown): MessageKey | null => (known(DISCOUNT_CHOICES, value) ? null : 'coupon.filter.discountTypeRequired');
export const validateUsageStatus = (value: unknown): MessageKey | null => (known(STATUS_CHOICES, value) ? null : 'coupon.filter.statusRequired');

/** Catalogue key of a filter choice ('all' has a word per filter). */
export const typeChoiceKey = (choice: TypeChoice): string => (choice === 'all' ? 'coupon.filter.allTypes' : `coupon.type.${choice}`);
export const discountChoiceKey = (choice: DiscountChoice): string => (choice === 'all' ? 'coupon.filter.allDiscountTypes' : `coupon.discountType.${choice}`);
export const statusChoiceKey = (choice: StatusChoice): string => (choice === 'all' ? 'coupon.filter.allStatuses' : `coupon.status.${choice}`);

/**
 * What the address holds (`type`, `discount`, `status`, `page`, `size`): the chosen filters (an
 * unknown one reads as not chosen) and, when all three are there, the search to send.
 */
export function couponSearchFromParams(search: string | URLSearchParams): { values: CouponFilterValues; search: CouponSearch | null } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const pick = <T extends string>(list: readonly T[], name: string): T | null => {
    const value = params.get(name);
    return known(list, value) ? (value as T) : null;
  };
  const values = { type: pick(TYPE_CHOICES, 'type'), discount_type: pick(DISCOUNT_CHOICES, 'discount'), status: pick(STATUS_CHOICES, 'status') };
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  if (!values.type || !values.discount_type || !values.status) return { values, search: null };
  return {
    values,
    search: {
      type: values.type,
      discount_type: values.discount_type,
      status: values.status,
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      pagesize: (COUPON_PAGE_SIZES as readonly number[]).includes(size) ? size : COUPON_DEFAULT_PAGE_SIZE,
    },
  };
}

/** The address query of a search (without `site`, which the links add); page 1 and the default size are left out. */
export function couponSearchParams(search: CouponSearch): string {
  const params = new URLSearchParams({ type: search.type, discount: search.discount_type, status: search.status });
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pagesize !== COUPON_DEFAULT_PAGE_SIZE) params.set('size', String(search.pagesize));
  return params.toString();
}

/** The body of coupon/lists: every filter is sent, 'all' included (the server requires all three). */
export interface CouponListBody {
  page: number;
  pagesize: number;
  type: TypeChoice;
  discount_type: DiscountChoice;
  status: StatusChoice;
}

export const couponListBody = (search: CouponSearch): CouponListBody => ({
  page: search.page,
  pagesize: search.pagesize,
  type: search.type,
  discount_type: search.discount_type,
  status: search.status,
});

/** A tab's count from `counts` ('all' is the three together; 0 for what the server leaves out). */
export function statusCount(counts: Partial<CouponCounts> | undefined, tab: StatusChoice): number {
  const one = (status: keyof CouponCounts) => {
    const value = counts?.[status];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };
  return tab === 'all' ? COUPON_STATUSES.reduce((sum, status) => sum + one(status), 0) : one(tab);
}

/** The filter form field a coupon/lists refusal names (`field`), if it is one of the three. */
export function filterFieldOf(field: string | null): keyof CouponFilterValues | null {
  return field === 'type' || field === 'discount_type' || field === 'status' ? field : null;
}
