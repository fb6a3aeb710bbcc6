import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import {
  amountToSend,
  dayRangeToSeconds,
  failureText,
  fenToYuan,
  formatCountdown,
  LEDGER_TYPES,
  ledgerTypeKey,
  newRequestId,
  outcomeUnknown,
  readYuan,
  refusedField,
  requestIdFor,
  secondsLeft,
  signedAmount,
  validateDateRange,
  validatePayee,
  validatePayoutAccount,
  validateTopUp,
  validateWithdrawalAmount,
  WITHDRAWAL_STATUSES,
  withdrawalStatusColor,
  withdrawalStatusKey,
  yuanToFen,
} from './fund-logic';

const zhText = zh as Record<string, string>;
const enText = en as Record<string, string>;
const texts = (key: string | null) => (key ? [zhText[key], enText[key]] : null);

describe('reading amounts typed in yuan', () => {
  it('reads plain decimals with at most two places into fen', () => {
    expect(readYuan('100')).toEqual({ kind: 'ok', fen: 10000 });
    expect(readYuan('0.5')).toEqual({ kind: 'ok', fen: 50 });
    expect(readYuan('.05')).toEqual({ kind: 'ok', fen: 5 });
    expect(readYuan('12.')).toEqual({ kind: 'ok', fen: 1200 });
    expect(readYuan(' 12.30 ')).toEqual({ kind: 'ok', fen: 1230 });
    expect(readYuan('¥8')).toEqual({ kind: 'ok', fen: 800 });
    expect(readYuan('１２．５')).toEqual({ kind: 'ok', fen: 1250 });
    expect(readYuan(30)).toEqual({ kind: 'ok', fen: 3000 });
    expect(readYuan('0.1')).toEqual({ kind: 'ok', fen: 10 });
    // no floating point on the way: 0.29 * 100 is 28.999999999999996
    expect(readYuan('0.29')).toEqual({ kind: 'ok', fen: 29 });
    expect(readYuan('1.15')).toEqual({ kind: 'ok', fen: 115 });
    expect(readYuan('0')).toEqual({ kind: 'ok', fen: 0 });
    expect(readYuan('-0')).toEqual({ kind: 'ok', fen: 0 });
  });

  it('tells empty, negative, too precise and unreadable input apart', () => {
    for (const empty of ['', '   ', null, undefined]) expect(readYuan(empty)).toEqual({ kind: 'empty' });
    expect(readYuan('-1')).toEqual({ kind: 'negative' });
    expect(readYuan('1.234')).toEqual({ kind: 'tooPrecise' });
    expect(readYuan('0.001')).toEqual({ kind: 'tooPrecise' });
    for (const bad of ['abc', '1e3', '1,000', '.', '1.2.3', '12a', '0x10', 'Infinity', '99999999999999999999']) {
      expect(readYuan(bad), bad).toEqual({ kind: 'invalid' });
    }
  });

  it('fen and yuan strings round-trip', () => {
    expect(fenToYuan(10050)).toBe('100.50');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(-3000)).toBe('-30.00');
    expect(yuanToFen('120.00')).toBe(12000);
    expect(yuanToFen('-30.00')).toBe(-3000);
    expect(yuanToFen('50000.00')).toBe(5000000);
    expect(yuanToFen('junk')).toBe(0);
    expect(yuanToFen(null)).toBe(0);
  });

  it('sends what was typed as a two-decimal yuan string', () => {
    expect(amountToSend('100')).toBe('100.00');
    expect(amountToSend('0.5')).toBe('0.50');
    expect(amountToSend('１２．５')).toBe('12.50');
    expect(() => amountToSend('1.234')).toThrow();
  });
});

describe('top-up amount', () => {
  it('must be greater than 0 (the spec message)', () => {
    for (const bad of ['', '0', '0.00', '-1', null]) expect(validateTopUp(bad), String(bad)).toBe('validation.topUp.positive');
    expect(texts('validation.topUp.positive')).toEqual(['充值金额必须大于0', 'Top-up amount must be greater than 0']);
  });

  it('has at most two decimals and is a number', () => {
    expect(validateTopUp('1.001')).toBe('fund.amount.decimals');
    expect(validateTopUp('abc')).toBe('fund.amount.invalid');
    expect(validateTopUp('0.01')).toBeNull();
    expect(validateTopUp('100')).toBeNull();
  });

  it('stays within the cap when there is one', () => {
    expect(validateTopUp('50000', { max: '50000.00' })).toBeNull();
    expect(validateTopUp('50000.01', { max: '50000.00' })).toBe('fund.topUp.aboveCap');
    expect(validateTopUp('50000.01', { max: null })).toBeNull();
  });
});

describe('withdrawal amount', () => {
  const ok = { amount: '30', balance: '120.00', accountBound: true, max: '50000.00' };

  it('needs a bound payment-app account first', () => {
    expect(validateWithdrawalAmount({ ...ok, accountBound: false })).toBe('validation.withdrawal.accountRequired');
    expect(validateWithdrawalAmount({ ...ok, accountBound: false, amount: '' })).toBe('validation.withdrawal.accountRequired');
    expect(texts('validation.withdrawal.accountRequired')).toEqual(['请先绑定收款账户', 'Please bind a payment-app account first']);
  });

  it('is greater than 0', () => {
    for (const bad of ['', '0', '-5']) expect(validateWithdrawalAmount({ ...ok, amount: bad })).toBe('validation.withdrawal.positive');
    expect(texts('validation.withdrawal.positive')).toEqual(['提现金额必须大于0', 'Withdrawal amount must be greater than 0']);
  });

  it('cannot exceed the balance, to the fen', () => {
    expect(validateWithdrawalAmount({ ...ok, amount: '120' })).toBeNull();
    expect(validateWithdrawalAmount({ ...ok, amount: '120.01' })).toBe('validation.withdrawal.exceedsBalance');
    expect(validateWithdrawalAmount({ ...ok, amount: '0.3', balance: '0.29' })).toBe('validation.withdrawal.exceedsBalance');
    expect(validateWithdrawalAmount({ ...ok, amount: '0.29', balance: '0.29' })).toBeNull();
    expect(texts('validation.withdrawal.exceedsBalance')).toEqual(['提现金额不能超过余额', 'Withdrawal amount cannot exceed the balance']);
  });

  it('has at most two decimals and stays within the cap', () => {
    expect(validateWithdrawalAmount({ ...ok, amount: '1.234' })).toBe('fund.amount.decimals');
    expect(validateWithdrawalAmount({ ...ok, balance: '90000.00', amount: '50000.01' })).toBe('fund.withdraw.aboveCap');
  });
});

describe('payout account', () => {
  it('needs a payee and an account (the API messages)', () => {
    expect(validatePayee(' ')).toBe('fund.bind.payeeRequired');
    expect(validatePayee('张三')).toBeNull();
    expect(validatePayoutAccount('')).toBe('fund.bind.accountRequired');
    expect(validatePayoutAccount('13800001111')).toBeNull();
    expect(texts('fund.bind.payeeRequired')?.[1]).toBe('Please enter the payee');
    expect(texts('fund.bind.accountRequired')?.[1]).toBe('Please enter the payment-app account');
  });
});

describe('ledger', () => {
  it('shows amounts signed: in green, out red, zero neither', () => {
    expect(signedAmount('100.00')).toEqual({ text: '+100.00', tone: 'in' });
    expect(signedAmount('-30.00')).toEqual({ text: '-30.00', tone: 'out' });
    expect(signedAmount('0.00')).toEqual({ text: '0.00', tone: 'none' });
    expect(signedAmount('0.5')).toEqual({ text: '+0.50', tone: 'in' });
  });

  it('names the seven types and the three withdrawal statuses in both languages', () => {
    expect(LEDGER_TYPES).toHaveLength(7);
    for (const type of LEDGER_TYPES) {
      const key = ledgerTypeKey(type)!;
      expect(zhText[key], key).toBeTruthy();
      expect(enText[key], key).toBeTruthy();
    }
    expect(ledgerTypeKey('bonus')).toBeNull();
    for (const status of WITHDRAWAL_STATUSES) {
      expect(zhText[withdrawalStatusKey(status)], status).toBeTruthy();
      expect(enText[withdrawalStatusKey(status)], status).toBeTruthy();
    }
    expect(withdrawalStatusKey('lost')).toBe('error.unknownStatus');
    expect(withdrawalStatusColor('paid')).toBe('success');
    expect(withdrawalStatusColor('lost')).toBe('default');
  });
});

describe('date range', () => {
  it('end cannot be earlier than start; the same day or an open end is fine', () => {
    const day = (d: number, h = 0) => new Date(2026, 10, d, h);
    expect(validateDateRange(day(5), day(4))).toBe('validation.timeRange.endBeforeStart');
    expect(validateDateRange(day(5, 18), day(5, 9))).toBeNull();
    expect(validateDateRange(day(5), day(6))).toBeNull();
    expect(validateDateRange(null, day(1))).toBeNull();
    expect(validateDateRange(day(1), undefined)).toBeNull();
    expect(texts('validation.timeRange.endBeforeStart')).toEqual(['结束时间不能早于开始时间', 'End time cannot be earlier than start time']);
  });

  it('turns local days into inclusive unix-second bounds', () => {
    const start = new Date(2026, 10, 5, 15, 30);
    const end = new Date(2026, 10, 6, 8);
    expect(dayRangeToSeconds(start, end)).toEqual({
      start_time: new Date(2026, 10, 5).getTime() / 1000,
      end_time: new Date(2026, 10, 7).getTime() / 1000 - 1,
    });
    expect(dayRangeToSeconds(null, null)).toEqual({});
    expect(dayRangeToSeconds(start, null)).toEqual({ start_time: new Date(2026, 10, 5).getTime() / 1000 });
  });
});

describe('top-up countdown', () => {
  it('counts whole seconds down to 0 and shows m:ss', () => {
    expect(secondsLeft(1_795_000_900, 1_795_000_000_000)).toBe(900);
    expect(secondsLeft(1_795_000_900, 1_795_000_899_500)).toBe(1);
    expect(secondsLeft(1_795_000_900, 1_795_001_000_000)).toBe(0);
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('withdrawal request ids', () => {
  it('a fresh id for each submit; a retry of an unanswered submit keeps its id', () => {
    const fresh = vi.fn().mockReturnValueOnce('id-1').mockReturnValueOnce('id-2');
    expect(requestIdFor(null, '30.00', fresh)).toBe('id-1');
    expect(requestIdFor({ amount: '30.00', requestId: 'id-1' }, '30.00', fresh)).toBe('id-1');
    expect(requestIdFor({ amount: '30.00', requestId: 'id-1' }, '40.00', fresh)).toBe('id-2');
    expect(fresh).toHaveBeenCalledTimes(2);
  });

  it('keeps the id only while the outcome is unknown', () => {
    expect(outcomeUnknown({ kind: 'network', status: null })).toBe(true);
    expect(outcomeUnknown({ kind: 'timeout', status: null })).toBe(true);
    expect(outcomeUnknown({ kind: 'http', status: 500 })).toBe(true);
    expect(outcomeUnknown({ kind: 'http', status: 504 })).toBe(true);
    expect(outcomeUnknown({ kind: 'http', status: 422 })).toBe(false);
    expect(outcomeUnknown({ kind: 'code', status: 200 })).toBe(false);
    expect(outcomeUnknown(undefined)).toBe(false);
  });

  it('uses randomUUID, or builds a version-4 UUID where it is missing (plain http)', () => {
    expect(newRequestId({ randomUUID: () => 'a-b-c-d-e', getRandomValues: (a) => a })).toBe('a-b-c-d-e');
    const id = newRequestId({ getRandomValues: (a) => crypto.getRandomValues(a) });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newRequestId()).not.toBe(newRequestId());
  });
});

describe('refusals', () => {
  it('reads the field and the message of an API error', () => {
    const error = { kind: 'http', status: 422, code: 0, msg: '充值金额必须大于0', data: { field: 'amount' } };
    expect(refusedField(error)).toBe('amount');
    expect(failureText(error)).toBe('充值金额必须大于0');
    expect(refusedField({ kind: 'http', status: 422, msg: 'x', data: null })).toBeNull();
    expect(failureText({})).toBeNull();
  });
});
