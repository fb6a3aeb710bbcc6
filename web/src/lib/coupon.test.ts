import { describe, expect, it } from 'vitest';
import en from '../i18n/en_US.json';
import zh from '../i18n/zh_CN.json';
import { couponDiscountMessage, couponStatusKey, couponTypeKey, discountTypeKey, hasNoThreshold, shortYuan, zheOf } from './coupon';
import { makeIntl } from './i18n';

const zhIntl = makeIntl('zh_CN', zh);
const enIntl = makeIntl('en_US', { ...zh, ...en });
const say = (intl: typeof zhIntl, terms: Parameters<typeof couponDiscountMessage>[0]) => {
  const message = couponDiscountMessage(terms, intl.locale);
  return intl.formatMessage({ id: message.id }, message.values);
};
const reduction = (threshold: string, amount: string) => ({ discount_type: 'full_reduction', threshold, amount, percent_off: 0 });
const percent = (threshold: string, percent_off: number) => ({ discount_type: 'discount', threshold, amount: '0.00', percent_off });

describe('coupon words', () => {
  it('words a full reduction: 满100减10 / RMB 10.00 off orders of 100.00; without a threshold 无门槛', () => {
    expect(say(zhIntl, reduction('100.00', '10.00'))).toBe('满100减10');
    expect(say(enIntl, reduction('100.00', '10.00'))).toBe('RMB 10.00 off orders of 100.00');
    expect(say(zhIntl, reduction('99.90', '9.95'))).toBe('满99.9减9.95');
    expect(say(enIntl, reduction('99.9', '9.95'))).toBe('RMB 9.95 off orders of 99.90');
    expect(say(zhIntl, reduction('0.00', '5.00'))).toBe('无门槛减5');
    expect(say(enIntl, reduction('0.00', '5.00'))).toBe('RMB 5.00 off, no minimum spend');
  });

  it('words a percentage: 9折 / 10% off; with a threshold 满100享9折', () => {
    expect(say(zhIntl, percent('0.00', 10))).toBe('9折');
    expect(say(enIntl, percent('0.00', 10))).toBe('10% off');
    expect(say(zhIntl, percent('0.00', 15))).toBe('8.5折');
    expect(say(zhIntl, percent('100.00', 20))).toBe('满100享8折');
    expect(say(enIntl, percent('100.00', 20))).toBe('20% off orders of 100.00');
  });

  it('counts 折 in tenths and drops zeros from yuan', () => {
    expect([1, 5, 10, 15, 50, 99].map(zheOf)).toEqual(['9.9', '9.5', '9', '8.5', '5', '0.1']);
    expect(['100.00', '10.50', '9.99', '0.00', '1200'].map(shortYuan)).toEqual(['100', '10.5', '9.99', '0', '1200']);
    expect(hasNoThreshold({ threshold: '0.00' })).toBe(true);
    expect(hasNoThreshold({ threshold: '0.01' })).toBe(false);
  });

  it('has a catalogue key for every type, discount type and status (and none for an unknown code)', () => {
    for (const key of ['product', 'service', 'shipping'].map(couponTypeKey)) expect(zh[key as keyof typeof zh]).toBeTruthy();
    expect(['full_reduction', 'discount'].map((t) => zh[discountTypeKey(t) as keyof typeof zh])).toEqual(['满减', '折扣']);
    expect(['unused', 'used', 'expired'].map((s) => zh[couponStatusKey(s) as keyof typeof zh])).toEqual(['未使用', '已使用', '已过期']);
    expect(['product', 'service', 'shipping'].map((t) => zh[couponTypeKey(t) as keyof typeof zh])).toEqual(['商品券', '服务券', '运费券']);
    expect(couponTypeKey('gift')).toBeNull();
    expect(discountTypeKey('cashback')).toBeNull();
    expect(couponStatusKey('frozen')).toBe('error.unknownStatus');
  });
});
