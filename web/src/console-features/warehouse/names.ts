import type { IntlShape } from 'react-intl';
import { COURIER_CODES, courierKey, QC_LEVEL_CODES, qcLevelKey } from '../../lib/shipping';

/** Platforms of platform orders (docs/api.md "The order request"). */
const PLATFORM_CODES = ['douyin', 'tiktok', 'shopee', 'lazada'] as const;
const ORDER_STATUSES = ['pending_payment', 'to_be_shipped', 'shipped', 'completed', 'cancelled'] as const;
const STOCK_STATUSES = ['pending_stock', 'stock_prepared', 'out_of_stock'] as const;

/** A known code's name from the catalogue, else the code as the server sent it. */
const named = (intl: IntlShape, known: readonly string[], prefix: string, code: string) =>
  code && known.includes(code) ? intl.formatMessage({ id: `${prefix}${code}` }) : code;

export const courierName = (intl: IntlShape, code: string) => {
  const key = courierKey(code);
  return key ? intl.formatMessage({ id: key }) : code;
};
export const qcLevelName = (intl: IntlShape, code: string) => {
  const key = qcLevelKey(code);
  return key ? intl.formatMessage({ id: key }) : code;
};
export const platformName = (intl: IntlShape, code: string) => named(intl, PLATFORM_CODES, 'order.platform.', code);
export const orderStatusName = (intl: IntlShape, code: string) => named(intl, ORDER_STATUSES, 'order.status.', code);
export const stockStatusName = (intl: IntlShape, code: string) => named(intl, STOCK_STATUSES, 'order.stock.', code);

export const courierOptions = (intl: IntlShape) => COURIER_CODES.map((value) => ({ value, label: courierName(intl, value) }));
export const qcLevelOptions = (intl: IntlShape) => QC_LEVEL_CODES.map((value) => ({ value, label: qcLevelName(intl, value) }));
export const platformOptions = (intl: IntlShape) => PLATFORM_CODES.map((value) => ({ value, label: platformName(intl, value) }));

/** Whole hours since a unix-seconds time (0 for a time not yet come or unknown). */
export function hoursSince(at: number | null | undefined, nowMs: number): number {
  if (!at) return 0;
  return Math.max(0, Math.floor((nowMs / 1000 - at) / 3600));
}
