/**
 * Pure rules of the fund screens (spec section 5, docs/api.md "Funds"): amounts typed as yuan are
 * read into whole fen (never floats), checked, and sent back as two-decimal yuan strings; the
 * ledger's dates become inclusive unix-second bounds; request ids make a withdrawal retry safe.
 */
import { formatCountdown, secondsLeft } from '../../lib/countdown';
import { dayRangeToSeconds, validateDateRange } from '../../lib/date-range';
import { fenToYuan, readYuan, yuanToFen } from '../../lib/money';
import { newRequestId } from '../../lib/request-id';
import type { MessageKey } from '../../lib/validators';

export { dayRangeToSeconds, fenToYuan, formatCountdown, newRequestId, readYuan, secondsLeft, validateDateRange, yuanToFen };

/** Ledger row types of docs/api.md, in the order the filter lists them. */
export const LEDGER_TYPES = [
  'top_up',
  'withdrawal',
  'withdrawal_paid',
  'withdrawal_rejected',
  'order_payment',
  'order_payment_reversed',
  'refund',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Catalogue key of a ledger type, or null for one this build does not know. */
export function ledgerTypeKey(type: string): string | null {
  return (LEDGER_TYPES as readonly string[]).includes(type) ? `fund.ledger.type.${type}` : null;
}

/** Catalogue key of a withdrawal status ('unknown status' for anything else). */
export function withdrawalStatusKey(status: string): string {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(status) ? `fund.withdrawal.status.${status}` : 'error.unknownStatus';
}

/** Tag colour of a withdrawal status. */
export function withdrawalStatusColor(status: string): string {
  switch (status) {
    case 'pending':
      return 'processing';
    case 'paid':
      return 'success';
    case 'rejected':
      return 'error';
    default:
      return 'default';
  }
}

export interface AmountRuleOptions {
  /** The cap of docs/api.md (`max_top_up` / `max_withdrawal`), a yuan string; absent: no cap. */
  max?: string | null | undefined;
}

function checkAmount(input: string | number | null | undefined, positiveKey: MessageKey): { error: MessageKey } | { fen: number } {
  const reading = readYuan(input);
  switch (reading.kind) {
    case 'ok':
      return reading.fen > 0 ? { fen: reading.fen } : { error: positiveKey };
    case 'empty':
    case 'negative':
      return { error: positiveKey };
    case 'tooPrecise':
      return { error: 'fund.amount.decimals' };
    case 'invalid':
      return { error: 'fund.amount.invalid' };
  }
}

/** Top-up amount: a number above 0 with at most two decimals, not above the cap. */
export function validateTopUp(input: string | number | null | undefined, options: AmountRuleOptions = {}): MessageKey | null {
  const result = checkAmount(input, 'validation.topUp.positive');
  if ('error' in result) return result.error;
  if (options.max && result.fen > yuanToFen(options.max)) return 'fund.topUp.aboveCap';
  return null;
}

export interface WithdrawalRuleInput extends AmountRuleOptions {
  amount: string | number | null | undefined;
  /** Available balance, a yuan string. */
  balance: string;
  accountBound: boolean;
}

/**
 * Withdrawal: a payment-app account bound first, then an amount above 0 with at most two decimals,
 * not above the balance, not above the cap.
 */
export function validateWithdrawalAmount(input: WithdrawalRuleInput): MessageKey | null {
  if (!input.accountBound) return 'validation.withdrawal.accountRequired';
  const result = checkAmount(input.amount, 'validation.withdrawal.positive');
  if ('error' in result) return result.error;
  if (result.fen > yuanToFen(input.balance)) return 'validation.withdrawal.exceedsBalance';
  if (input.max && result.fen > yuanToFen(input.max)) return 'fund.withdraw.aboveCap';
  return null;
}

/** The amount to send: what was typed, as a two-decimal yuan string ('100' → '100.00'). */
export function amountToSend(input: string | number): string {
  const reading = readYuan(input);
  if (reading.kind !== 'ok') throw new Error(`not an amount: ${String(input)}`);
  return fenToYuan(reading.fen);
}

export const validatePayee = (value: string | null | undefined): MessageKey | null =>
  (value ?? '').trim() === '' ? 'fund.bind.payeeRequired' : null;

export const validatePayoutAccount = (value: string | null | undefined): MessageKey | null =>
  (value ?? '').trim() === '' ? 'fund.bind.accountRequired' : null;

export type AmountTone = 'in' | 'out' | 'none';

/** A ledger amount as shown: '+100.00' into the balance, '-30.00' out, '0.00' neither. */
export function signedAmount(yuan: string): { text: string; tone: AmountTone } {
  const fen = yuanToFen(yuan);
  if (fen > 0) return { text: `+${fenToYuan(fen)}`, tone: 'in' };
  if (fen < 0) return { text: fenToYuan(fen), tone: 'out' };
  return { text: fenToYuan(0), tone: 'none' };
}

/** A submit whose answer never came: its amount and the request id it was sent with. */
export interface UnansweredSubmit {
  amount: string;
  requestId: string;
}

/**
 * The request id of a withdrawal submit: a retry of a submit whose answer never came (same amount)
 * reuses that submit's id, so the server answers the first withdrawal instead of freezing the
 * amount twice; any other submit gets a fresh id.
 */
export function requestIdFor(unanswered: UnansweredSubmit | null, amount: string, fresh: () => string = newRequestId): string {
  return unanswered && unanswered.amount === amount ? unanswered.requestId : fresh();
}

/**
 * Whether a failed call may still have been carried out: no answer, a timeout, an unreadable
 * answer or a server error. A refusal (4xx, or an envelope code) is final.
 */
export function outcomeUnknown(error: unknown): boolean {
  const e = error as { kind?: string; status?: number | null } | null | undefined;
  if (!e) return false;
  if (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'parse') return true;
  return e.kind === 'http' && typeof e.status === 'number' && e.status >= 500;
}

/** The form field a refusal names (`data.field` of a 422), if any. */
export function refusedField(error: unknown): string | null {
  const data = (error as { data?: unknown } | null | undefined)?.data;
  const field = (data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' && field !== '' ? field : null;
}

/** The text of a failed call: the envelope's msg as the base query kept it. */
export function failureText(error: unknown): string | null {
  const msg = (error as { msg?: unknown } | null | undefined)?.msg;
  return typeof msg === 'string' && msg !== '' ? msg : null;
}
