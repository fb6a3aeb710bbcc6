import { describe, expect, it } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import {
  couponListBody,
  couponSearchFromParams,
  couponSearchParams,
  DISCOUNT_CHOICES,
  discountChoiceKey,
  filterFieldOf,
  STATUS_CHOICES,
  statusChoiceKey,
  statusCount,
  TYPE_CHOICES,
  typeChoiceKey,
  validateCouponType,
  validateDiscountType,
  validateUsageStatus,
} from './coupon-logic';

describe('the coupon filters', () => {
  it('all three must be chosen (spec section 5), each with its message', () => {
    expect([undefined, null, '', 'gift'].map(validateCouponType)).toEqual(Array(4).fill('coupon.filter.typeRequired'));
    expect([undefined, 'cashback'].map(validateDiscountType)).toEqual(Array(2).fill('coupon.filter.discountTypeRequired'));
    expect([undefined, 'frozen'].map(validateUsageStatus)).toEqual(Array(2).fill('coupon.filter.statusRequired'));
    expect(TYPE_CHOICES.map(validateCouponType)).toEqual([null, null, null, null]);
    expect(DISCOUNT_CHOICES.map(validateDiscountType)).toEqual([null, null, null]);
    expect(STATUS_CHOICES.map(validateUsageStatus)).toEqual([null, null, null, null]);
    expect(zh['coupon.filter.typeRequired']).toBe('请选择优惠券类型');
    expect(en['coupon.filter.typeRequired']).toBe('Please choose the coupon type');
    expect(en['coupon.filter.discountTypeRequired']).toBe('Please choose the discount type');
    expect(en['coupon.filter.statusRequired']).toBe('Please choose the usage status');
  });

  it('every choice has words in both catalogues', () => {
    const keys = [...TYPE_CHOICES.map(typeChoiceKey), ...DISCOUNT_CHOICES.map(discountChoiceKey), ...STATUS_CHOICES.map(statusChoiceKey)];
    for (const key of keys) {
      expect(zh[key as keyof typeof zh], key).toBeTruthy();
      expect(en[key as keyof typeof en], key).toBeTruthy();
    }
  });

  it('a search lives in the address only with all three filters; unknown values read as not chosen', () => {
    expect(couponSearchFromParams('')).toEqual({ values: { type: null, discount_type: null, status: null }, search: null });
    expect(couponSearchFromParams('type=product&discount=gift&status=used')).toEqual({
      values: { type: 'product', discount_type: null, status: 'used' },
      search: null,
    });
    const full = couponSearchFromParams('type=shipping&discount=all&status=expired&page=3&size=20&site=s1');
    expect(full.search).toEqual({ type: 'shipping', discount_type: 'all', status: 'expired', page: 3, pagesize: 20 });
    expect(couponSearchFromParams('type=all&discount=discount&status=all&page=-1&size=7').search).toMatchObject({ page: 1, pagesize: 10 });
    expect(couponSearchParams(full.search!)).toBe('type=shipping&discount=all&status=expired&page=3&size=20');
    expect(couponSearchParams({ ...full.search!, page: 1, pagesize: 10 })).toBe('type=shipping&discount=all&status=expired');
  });

  it('sends every filter to coupon/lists, all included', () => {
    expect(couponListBody({ type: 'all', discount_type: 'full_reduction', status: 'all', page: 2, pagesize: 10 })).toEqual({
      page: 2,
      pagesize: 10,
      type: 'all',
      discount_type: 'full_reduction',
      status: 'all',
    });
  });

  it('counts the tabs from counts (all is the three together)', () => {
    const counts = { unused: 3, used: 1, expired: 2 };
    expect(STATUS_CHOICES.map((tab) => statusCount(counts, tab))).toEqual([3, 1, 2, 6]);
    expect(statusCount(undefined, 'all')).toBe(0);
    expect(statusCount({ unused: 2 }, 'all')).toBe(2);
  });

  it('a refusal naming a filter goes under it', () => {
    expect(['type', 'discount_type', 'status', 'page', null].map(filterFieldOf)).toEqual(['type', 'discount_type', 'status', null, null]);
  });
});
