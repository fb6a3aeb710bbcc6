import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import type { AuditEntry, AuditNames } from '../../api/console-api';
import { formatDate } from '../../lib/format-date';
import { fenToYuan } from '../../lib/money';

/** Detail fields in fen, shown in yuan with two decimals. */
const MONEY = ['amount', 'coupon_share', 'cap', 'expected', 'base', 'threshold'] as const;
/** Detail fields in unix seconds, shown as local date-times. */
const TIMES = ['valid_from', 'valid_to'] as const;
/** Detail fields holding an id, and the kind of name the listing gives it. */
const IDS: Record<string, keyof AuditNames> = {
  user_id: 'user',
  stall_id: 'stall',
  market_id: 'market',
  category_id: 'category',
  parent_id: 'category',
  sku_id: 'sku',
  product_id: 'product',
  staff_id: 'staff',
};
/** Object types whose id the listing names. */
const OBJECT_KINDS: Record<string, keyof AuditNames> = {
  staff: 'staff',
  product: 'product',
  stall: 'stall',
  market: 'market',
  category: 'category',
  notice: 'notice',
  wallet: 'user',
};
/** The placeholder a detail id field fills (the name, not the id). */
const ID_PLACEHOLDERS: Record<string, string> = {
  user_id: 'seller',
  stall_id: 'stall',
  market_id: 'market',
  category_id: 'category',
  parent_id: 'parent',
  sku_id: 'sku',
  product_id: 'product',
  staff_id: 'staff',
};

/**
 * Every placeholder a `console.audit.sentence.<action>` message may use; a placeholder a row's
 * detail does not fill shows as a dash (numbers used in plurals as 0).
 */
export const SENTENCE_PLACEHOLDERS = [
  'object', 'id', 'seller', 'stall', 'stalls', 'stallCount', 'market', 'category', 'parent', 'sku', 'product', 'staff',
  'name', 'mobile', 'role', 'from', 'to', 'title', 'pinned', 'quantity', 'item_no', 'price', 'skus', 'before', 'after',
  'reason', 'hasReason', 'hasParent', 'hasStall', 'hasExpected', 'floor', 'number', 'unshelved', 'products', 'day', 'count',
  'amount', 'coupon_share', 'cap', 'expected', 'base', 'method', 'reference', 'resolution', 'shortages', 'courier',
  'tracking_no', 'days', 'rating', 'after_sale_id', 'lines', 'order_shipped', 'succeeded', 'wrong_item', 'wrong_station',
  'payment_id', 'withdrawal_id', 'order_id', 'payments', 'kind', 'orders', 'missed', 'outcomes', 'discount', 'valid_from',
  'valid_to', 'order_no', 'how',
] as const;
const NUMERIC = new Set(['stallCount', 'missed']);
/** Placeholders that hold a name or words a person typed, shown as typed (in whatever language). */
const TYPED = ['object', 'seller', 'stall', 'stalls', 'market', 'category', 'parent', 'sku', 'product', 'staff', 'name', 'title', 'reason', 'resolution'];
const DASH = '—';

/** The name the listing gave `id` of `kind`, else the id itself. */
function nameOf(names: AuditNames | undefined, kind: keyof AuditNames, id: string): string {
  return names?.[kind]?.[id] ?? id;
}

function discountText(intl: IntlShape, discount: unknown): string | undefined {
  if (!discount || typeof discount !== 'object') return undefined;
  const full = (discount as { FullReduction?: { threshold: number; amount: number } }).FullReduction;
  if (full) return intl.formatMessage({ id: 'console.audit.discount.full' }, { threshold: fenToYuan(full.threshold), amount: fenToYuan(full.amount) });
  const percentage = (discount as { Percentage?: { threshold: number; percent_off: number } }).Percentage;
  if (percentage) return intl.formatMessage({ id: 'console.audit.discount.percentage' }, { threshold: fenToYuan(percentage.threshold), percent: percentage.percent_off });
  return undefined;
}

/** The values a sentence is filled with: money in yuan, times as dates, ids as names, lists as counts. */
function sentenceValues(intl: IntlShape, entry: AuditEntry): Record<string, string | number> {
  const detail = (entry.detail && typeof entry.detail === 'object' && !Array.isArray(entry.detail) ? entry.detail : {}) as Record<string, unknown>;
  const english = intl.locale.startsWith('en');
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === undefined) continue;
    if ((MONEY as readonly string[]).includes(key) && typeof value === 'number') values[key] = fenToYuan(value);
    else if ((TIMES as readonly string[]).includes(key) && typeof value === 'number') values[key] = formatDate(value, 'YYYY-MM-DD HH:mm');
    else if (key in IDS && typeof value === 'string') values[ID_PLACEHOLDERS[key]!] = nameOf(entry.names, IDS[key]!, value);
    else if (Array.isArray(value)) values[key] = value.length;
    else if (typeof value === 'boolean') values[key] = String(value);
    else if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  const objectKind = OBJECT_KINDS[entry.object_type];
  values.id = entry.object_id;
  values.object = objectKind ? nameOf(entry.names, objectKind, entry.object_id) : entry.object_id;
  if (entry.object_type === 'wallet' && values.seller === undefined) values.seller = values.object;
  const stallIds = Array.isArray(detail.stall_ids) ? detail.stall_ids.filter((id): id is string => typeof id === 'string') : [];
  values.stalls = intl.formatList(stallIds.map((id) => nameOf(entry.names, 'stall', id)));
  values.stallCount = stallIds.length;
  for (const key of ['role', 'from', 'to'] as const) {
    const role = detail[key];
    if (typeof role === 'string' && `console.role.${role}` in intl.messages) values[key] = intl.formatMessage({ id: `console.role.${role}` });
  }
  if (typeof detail.courier === 'string') {
    const id = `forward.courier.${detail.courier.toLowerCase()}`;
    values.courier = id in intl.messages ? intl.formatMessage({ id }) : detail.courier;
  }
  if (english && typeof detail.name_en === 'string' && detail.name_en.trim()) values.name = detail.name_en;
  if (typeof detail.title === 'string') values.title = detail.title;
  if (entry.object_type === 'product' && typeof detail.title_zh === 'string' && !entry.names?.product?.[entry.object_id]) values.object = detail.title_zh;
  const discount = discountText(intl, detail.discount);
  if (discount) values.discount = discount;
  values.hasReason = typeof detail.reason === 'string' && detail.reason.trim() ? 'yes' : 'no';
  values.hasParent = typeof detail.parent_id === 'string' && detail.parent_id ? 'yes' : 'no';
  values.hasStall = typeof detail.stall_id === 'string' && detail.stall_id ? 'yes' : 'no';
  values.hasExpected = typeof detail.expected === 'number' ? 'yes' : 'no';
  for (const key of SENTENCE_PLACEHOLDERS) if (values[key] === undefined || values[key] === '') values[key] = NUMERIC.has(key) ? 0 : DASH;
  return values;
}

/** `console.action.<action>` when the catalogue has it, else the action's own key. */
export function actionLabel(intl: IntlShape, action: string): string {
  const id = `console.action.${action}`;
  return id in intl.messages ? intl.formatMessage({ id }) : action;
}

/**
 * One audit row as a sentence: its action's message filled from its detail and names. `typed`, when
 * given, wraps each name and typed text (a screen marks them so that a reader's English page may
 * quote a Chinese name).
 */
export function auditSentence(intl: IntlShape, entry: AuditEntry): string;
export function auditSentence(intl: IntlShape, entry: AuditEntry, typed: (text: string) => ReactNode): ReactNode;
export function auditSentence(intl: IntlShape, entry: AuditEntry, typed?: (text: string) => ReactNode): ReactNode {
  const values: Record<string, ReactNode> = sentenceValues(intl, entry);
  if (typed) for (const key of TYPED) if (typeof values[key] === 'string' && values[key] !== DASH) values[key] = typed(values[key]);
  const id = `console.audit.sentence.${entry.action}`;
  if (id in intl.messages) return intl.formatMessage({ id }, values);
  return intl.formatMessage({ id: 'console.audit.sentence.fallback' }, { action: actionLabel(intl, entry.action), object: values.object });
}
