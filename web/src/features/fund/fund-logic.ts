/**
 * Pure rules of the fund screens (spec section 5, docs/api.md "Funds"): amounts typed as yuan are
 * read into whole fen (never floats), checked, and sent back as two-decimal yuan strings; the
 * ledger's dates become inclusive unix-second bounds; request ids make a withdrawal retry safe.
 */
import type { MessageKey } from '../../lib/validators';

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

export type PaymentStatus = 'pending' | 'paid' | 'expired';

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

/** Full-width digits and point (typed with a Chinese input method) as ASCII. */
function toAscii(text: string): string {
  return text.replace(/[０-９．]/g, (c) => (c === '．' ? '.' : String(c.charCodeAt(0) - 0xff10)));
}

/** At most this many fen: ten billion yuan, far above any cap, and well inside exact integers. */
const FEN_MAX = 1_000_000_000_000;

export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'negative' }
  | { kind: 'tooPrecise' }
  | { kind: 'ok'; fen: number };

/**
 * Reads an amount typed in yuan ('100', '0.5', '12.30', '¥8', '１２．５') into fen. Negative
 * numbers, more than two decimals, exponents and anything else that is not a plain decimal are
 * told apart so each gets its own message.
 */
export function readYuan(input: string | number | null | undefined): AmountReading {
  if (input === null || input === undefined) return { kind: 'empty' };
  const text = toAscii(String(input)).trim().replace(/^[¥￥]\s*/, '');
  if (text === '') return { kind: 'empty' };
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { kind: 'invalid' };
  const [, sign, whole = '', decimals = ''] = match;
  if (decimals.length > 2) return { kind: 'tooPrecise' };
  const fen = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen) || fen > FEN_MAX) return { kind: 'invalid' };
  if (sign === '-' && fen > 0) return { kind: 'negative' };
  return { kind: 'ok', fen };
}

/** Fen of a yuan string the server sent ('120.00', '-30.00'); 0 for anything unreadable. */
export function yuanToFen(yuan: string | number | null | undefined): number {
  if (yuan === null || yuan === undefined) return 0;
  const text = String(yuan).trim();
  const negative = text.startsWith('-');
  const reading = readYuan(negative ? text.slice(1) : text);
  if (reading.kind !== 'ok') return 0;
  return negative ? -reading.fen : reading.fen;
}

/** Fen as a yuan string with two decimals: 10050 → '100.50', -3000 → '-30.00'. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
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

/** Whole days only: the start of a local day, in milliseconds. */
function dayStart(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** End date before start date (whole local days): 'end time cannot be earlier than start time'. */
export function validateDateRange(start: Date | null | undefined, end: Date | null | undefined): MessageKey | null {
  if (!start || !end) return null;
  return dayStart(end) < dayStart(start) ? 'validation.timeRange.endBeforeStart' : null;
}

/**
 * The ledger's `start_time` / `end_time` (unix seconds, inclusive) for a local-day range: from the
 * first second of the start day to the last second of the end day. Open ends are left out.
 */
export function dayRangeToSeconds(start: Date | null | undefined, end: Date | null | undefined): { start_time?: number; end_time?: number } {
  const range: { start_time?: number; end_time?: number } = {};
  if (start) range.start_time = Math.floor(dayStart(start) / 1000);
  if (end) {
    const next = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getTime();
    range.end_time = Math.floor(next / 1000) - 1;
  }
  return range;
}

/** Seconds left until `expiresAt` (unix seconds), never below 0. */
export function secondsLeft(expiresAt: number, nowMs: number): number {
  return Math.max(0, Math.ceil(expiresAt - nowMs / 1000));
}

/** A countdown as m:ss ('14:05'), or h:mm:ss past an hour. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

/**
 * A random request id. `crypto.randomUUID` exists only in secure contexts (https, localhost); a
 * storefront served over plain http elsewhere gets a version-4 UUID from `getRandomValues`.
 */
export interface RandomSource {
  randomUUID?: () => string;
  getRandomValues: (array: Uint8Array<ArrayBuffer>) => Uint8Array;
}

export function newRequestId(source: RandomSource = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
