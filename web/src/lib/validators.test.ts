import { describe, expect, it } from 'vitest';
import en from '../i18n/en_US.json';
import zh from '../i18n/zh_CN.json';
import {
  MOBILE_PATTERN,
  validateAddress,
  validateAgreement,
  validateCaptcha,
  validateCouponFilter,
  validateCourier,
  validateEmail,
  validateMobile,
  validateModification,
  validateNickname,
  validateOrderId,
  validatePassword,
  validatePasswordRepeat,
  validateQq,
  validateReturnItems,
  validateShippingLabel,
  validateSmsCode,
  validateTimeRange,
  validateTopUpAmount,
  validateWithdrawal,
} from './validators';

const zhText = zh as Record<string, string>;
const enText = en as Record<string, string>;
const texts = (key: string | null) => (key ? [zhText[key], enText[key]] : null);

describe('mobile phone number (11 digits, 1 then 3-9)', () => {
  it.each(['13800138000', '19912345678', '15000000000', '17712345678'])('accepts %s', (m) => {
    expect(validateMobile(m)).toBeNull();
  });
  it.each(['', '   ', null, undefined])('empty %j: cannot be empty', (m) => {
    expect(validateMobile(m)).toBe('validation.mobile.required');
    expect(texts(validateMobile(m))).toEqual(['手机号不能为空', 'Mobile number cannot be empty']);
  });
  it.each(['12800138000', '10800138000', '1380013800', '138001380001', '23800138000', '1380013800a', '+8613800138000'])(
    '%s: incorrect format',
    (m) => {
      expect(validateMobile(m)).toBe('validation.mobile.format');
      expect(texts(validateMobile(m))).toEqual(['手机号格式不正确', 'Incorrect mobile number format']);
    },
  );
  it('pattern is anchored', () => {
    expect(MOBILE_PATTERN.test('x13800138000')).toBe(false);
  });
});

describe('password (not empty; 6-18 with numbers and letters; twice the same)', () => {
  it.each(['abc123', 'A1b2c3d4e5f6g7h8i9', 'pass_word1', '1a!@#$'])('accepts %s', (p) => {
    expect(validatePassword(p)).toBeNull();
  });
  it('empty: cannot be empty', () => {
    expect(validatePassword('')).toBe('validation.password.required');
    expect(texts(validatePassword(''))).toEqual(['密码不能为空', 'Password cannot be empty']);
  });
  it.each([
    ['ab123', 'five characters'],
    ['a1b2c3d4e5f6g7h8i9j', 'nineteen characters'],
    ['abcdefgh', 'letters only'],
    ['12345678', 'digits only'],
    ['abc 123', 'a space'],
    ['密码abc123', 'non-ASCII'],
  ])('%s (%s): must be 6-18 with numbers and letters', (p) => {
    expect(validatePassword(p)).toBe('validation.password.format');
    expect(texts(validatePassword(p))).toEqual([
      '密码须为6-18位，且包含数字和字母',
      'Password must be 6-18 characters including numbers and letters',
    ]);
  });
  it('the two passwords must match', () => {
    expect(validatePasswordRepeat('abc123', 'abc123')).toBeNull();
    expect(validatePasswordRepeat('abc124', 'abc123')).toBe('validation.password.mismatch');
    expect(texts('validation.password.mismatch')).toEqual(['两次输入的密码不一致', 'The two passwords do not match']);
    expect(validatePasswordRepeat('', 'abc123')).toBe('validation.repassword.required');
  });
});

describe('codes, captcha and agreement', () => {
  it('verification code cannot be empty', () => {
    expect(validateSmsCode('')).toBe('validation.smsCode.required');
    expect(validateSmsCode('  ')).toBe('validation.smsCode.required');
    expect(validateSmsCode('123456')).toBeNull();
    expect(texts('validation.smsCode.required')).toEqual(['验证码不能为空', 'Verification code cannot be empty']);
  });
  it('captcha cannot be empty', () => {
    expect(validateCaptcha('')).toBe('validation.captcha.required');
    expect(validateCaptcha('ab3d')).toBeNull();
  });
  it('agreement must be accepted before registering', () => {
    expect(validateAgreement(false)).toBe('validation.agreement.required');
    expect(validateAgreement(undefined)).toBe('validation.agreement.required');
    expect(validateAgreement(true)).toBeNull();
    expect(texts('validation.agreement.required')).toEqual(['请阅读并同意用户协议', 'Please read and accept the agreement']);
  });
});

describe('order, money, time and content rules', () => {
  it('order ID cannot be empty', () => {
    expect(validateOrderId('')).toBe('validation.orderId.required');
    expect(validateOrderId('JP2026')).toBeNull();
    expect(texts('validation.orderId.required')).toEqual(['订单号不能为空', 'Order ID cannot be empty']);
  });
  it('top-up amount must be greater than 0', () => {
    for (const bad of ['', '0', '-1', 'abc', 0, null]) expect(validateTopUpAmount(bad)).toBe('validation.topUp.positive');
    expect(validateTopUpAmount('0.01')).toBeNull();
    expect(validateTopUpAmount(100)).toBeNull();
  });
  it('withdrawal: account bound first, payee, above 0, within balance', () => {
    const ok = { amount: '10', balance: '12.30', accountBound: true, payee: 'Li' };
    expect(validateWithdrawal(ok)).toBeNull();
    expect(validateWithdrawal({ ...ok, accountBound: false })).toBe('validation.withdrawal.accountRequired');
    expect(validateWithdrawal({ ...ok, payee: ' ' })).toBe('validation.withdrawal.payeeRequired');
    expect(validateWithdrawal({ ...ok, amount: '0' })).toBe('validation.withdrawal.positive');
    expect(validateWithdrawal({ ...ok, amount: '12.31' })).toBe('validation.withdrawal.exceedsBalance');
    expect(validateWithdrawal({ ...ok, amount: '12.30' })).toBeNull();
    expect(texts('validation.withdrawal.exceedsBalance')).toEqual(['提现金额不能超过余额', 'Withdrawal amount cannot exceed the balance']);
  });
  it('end time cannot be earlier than start time', () => {
    expect(validateTimeRange(100, 99)).toBe('validation.timeRange.endBeforeStart');
    expect(validateTimeRange(100, 100)).toBeNull();
    expect(validateTimeRange(null, 5)).toBeNull();
    expect(validateTimeRange(new Date(2026, 1, 2), new Date(2026, 1, 1))).toBe('validation.timeRange.endBeforeStart');
    expect(texts('validation.timeRange.endBeforeStart')).toEqual(['结束时间不能早于开始时间', 'End time cannot be earlier than start time']);
  });
  it('modification content cannot be empty', () => {
    expect(validateModification(' ')).toBe('validation.modification.required');
    expect(validateModification('x')).toBeNull();
  });
});

describe('address, shipping and coupon filter', () => {
  const address = { recipient: 'Li', phone: '13800138000', region: ['广东省', '广州市', '白云区'], detail: '1 Road' };
  it('requires recipient, phone, province/city/district and detail in that order', () => {
    expect(validateAddress(address)).toBeNull();
    expect(validateAddress({ ...address, recipient: '' })).toBe('validation.address.recipientRequired');
    expect(validateAddress({ ...address, phone: '' })).toBe('validation.address.phoneRequired');
    expect(validateAddress({ ...address, region: ['广东省', '广州市'] })).toBe('validation.address.regionRequired');
    expect(validateAddress({ ...address, region: ['广东省', '', '白云区'] })).toBe('validation.address.regionRequired');
    expect(validateAddress({ ...address, detail: '' })).toBe('validation.address.detailRequired');
  });
  it('shipping label, courier and return items', () => {
    expect(validateShippingLabel([])).toBe('validation.shippingLabel.required');
    expect(validateShippingLabel([{}])).toBeNull();
    expect(validateCourier('')).toBe('validation.courier.required');
    expect(validateCourier('SF')).toBeNull();
    expect(validateReturnItems(null)).toBe('validation.returnItems.required');
    expect(validateReturnItems([1])).toBeNull();
  });
  it('coupon filter needs type, discount type and usage status', () => {
    expect(validateCouponFilter({})).toBe('validation.coupon.typeRequired');
    expect(validateCouponFilter({ type: 'product' })).toBe('validation.coupon.discountTypeRequired');
    expect(validateCouponFilter({ type: 'product', discountType: 'full' })).toBe('validation.coupon.statusRequired');
    expect(validateCouponFilter({ type: 'product', discountType: 'full', status: 'unused' })).toBeNull();
  });
});

describe('profile fields (server rules of user/edit)', () => {
  it('nickname 1-30 characters', () => {
    expect(validateNickname('')).toBe('validation.nickname.required');
    expect(validateNickname('小王')).toBeNull();
    expect(validateNickname('x'.repeat(30))).toBeNull();
    expect(validateNickname('x'.repeat(31))).toBe('validation.nickname.length');
  });
  it('qq 5-11 digits or empty; email valid or empty', () => {
    expect(validateQq('')).toBeNull();
    expect(validateQq('12345')).toBeNull();
    expect(validateQq('1234')).toBe('validation.qq.format');
    expect(validateQq('123456789012')).toBe('validation.qq.format');
    expect(validateEmail('')).toBeNull();
    expect(validateEmail('a@b.cn')).toBeNull();
    expect(validateEmail('a@b')).toBe('validation.email.format');
  });
});
