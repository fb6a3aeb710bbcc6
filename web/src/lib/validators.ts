import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

/**
 * Validation rules of spec section 5. Each rule returns the catalogue key of its message, or
 * null when the value passes. Screens turn keys into text through react-intl (see form-rules.ts).
 */
export type MessageKey = string;
export type Rule<T> = (value: T) => MessageKey | null;

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** 11 digits: a 1, then a digit 3 to 9, then nine digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * 6-18 printable ASCII characters (no spaces) with at least one letter and one digit; the same
 * rule the server applies.
 */
const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
);

export const validateMobile: Rule<string | null | undefined> = (value) => {
  if (isBlank(value)) return 'validation.mobile.required';
  return MOBILE_PATTERN.test(String(value).trim()) ? null : 'validation.mobile.format';
};

export const validatePassword: Rule<string | null | undefined> = (value) => {
  if (value === null || value === undefined || value === '') return 'validation.password.required';
  return PASSWORD_PATTERN.test(value) ? null : 'validation.password.format';
};

/** The repeated password: required, then equal to the first. */
export function validatePasswordRepeat(
  repeat: string | null | undefined,
  password: string | null | undefined,
): MessageKey | null {
  if (repeat === null || repeat === undefined || repeat === '') return 'validation.repassword.required';
  return repeat === (password ?? '') ? null : 'validation.password.mismatch';
}

export const validateSmsCode: Rule<string | null | undefined> = (value) =>
  isBlank(value) ? 'validation.smsCode.required' : null;

export const validateCaptcha: Rule<string | null | undefined> = (value) =>
  isBlank(value) ? 'validation.captcha.required' : null;

export const validateAgreement: Rule<boolean | null | undefined> = (value) =>
  value === true ? null : 'validation.agreement.required';

export const validateOrderId: Rule<string | null | undefined> = (value) =>
  isBlank(value) ? 'validation.orderId.required' : null;

const toAmount = (value: string | number | null | undefined): number =>
  isBlank(value) ? Number.NaN : Number(value);

export const validateTopUpAmount: Rule<string | number | null | undefined> = (value) => {
  const amount = toAmount(value);
  return Number.isFinite(amount) && amount > 0 ? null : 'validation.topUp.positive';
};

/** Withdrawal: a payout account bound first, a payee, an amount above 0 and within the balance. */
export function validateWithdrawal(input: {
  amount: string | number | null | undefined;
  balance: string | number;
  accountBound: boolean;
  payee: string | null | undefined;
}): MessageKey | null {
  if (!input.accountBound) return 'validation.withdrawal.accountRequired';
  if (isBlank(input.payee)) return 'validation.withdrawal.payeeRequired';
  const amount = toAmount(input.amount);
  if (!(Number.isFinite(amount) && amount > 0)) return 'validation.withdrawal.positive';
  return amount > Number(input.balance) ? 'validation.withdrawal.exceedsBalance' : null;
}

/** End time cannot be earlier than start time; either may be open. */
export function validateTimeRange(
  start: number | Date | null | undefined,
  end: number | Date | null | undefined,
): MessageKey | null {
  if (start === null || start === undefined || end === null || end === undefined) return null;
  return Number(end) < Number(start) ? 'validation.timeRange.endBeforeStart' : null;
}

export const validateModification: Rule<string | null | undefined> = (value) =>
  isBlank(value) ? 'validation.modification.required' : null;

export interface AddressInput {
  recipient?: string | null;
  phone?: string | null;
  region?: readonly string[] | null;
  detail?: string | null;
}

/** Recipient, phone, province/city/district and detailed address are required, in that order. */
export function validateAddress(address: AddressInput): MessageKey | null {
  if (isBlank(address.recipient)) return 'validation.address.recipientRequired';
  if (isBlank(address.phone)) return 'validation.address.phoneRequired';
  const region = address.region ?? [];
  if (region.length < 3 || region.slice(0, 3).some(isBlank)) return 'validation.address.regionRequired';
  if (isBlank(address.detail)) return 'validation.address.detailRequired';
  return null;
}

export const validateShippingLabel: Rule<readonly unknown[] | null | undefined> = (files) =>
  files && files.length > 0 ? null : 'validation.shippingLabel.required';

export const validateCourier: Rule<string | null | undefined> = (value) =>
  isBlank(value) ? 'validation.courier.required' : null;

export const validateReturnItems: Rule<readonly unknown[] | null | undefined> = (items) =>
  items && items.length > 0 ? null : 'validation.returnItems.required';

/** Coupon filter: type, discount type and usage status must all be chosen. */
export function validateCouponFilter(filter: {
  type?: string | null;
  discountType?: string | null;
  status?: string | null;
}): MessageKey | null {
  if (isBlank(filter.type)) return 'validation.coupon.typeRequired';
  if (isBlank(filter.discountType)) return 'validation.coupon.discountTypeRequired';
  if (isBlank(filter.status)) return 'validation.coupon.statusRequired';
  return null;
}

/** Profile fields, mirroring the server's rules for user/edit. */
export const validateNickname: Rule<string | null | undefined> = (value) => {
  const text = (value ?? '').trim();
  if (text === '') return 'validation.nickname.required';
  return [...text].length > 30 ? 'validation.nickname.length' : null;
};

export const validateQq: Rule<string | null | undefined> = (value) =>
  isBlank(value) || /^\d{5,11}$/.test(String(value).trim()) ? null : 'validation.qq.format';

export const validateEmail: Rule<string | null | undefined> = (value) =>
  isBlank(value) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value).trim())
    ? null
    : 'validation.email.format';
