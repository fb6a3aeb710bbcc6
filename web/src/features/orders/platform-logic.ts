import type { LinkedBy, PlatformLink, PlatformOrder, PlatformOrderState, UnlinkedItem, UnlinkRequest } from '../../api/platform-orders-api';
import { fenToYuan } from '../../lib/money';

/**
 * Rules of the platform imports screen (`/platformOrders`): what an upload may be before it is
 * sent, how amounts and states read, which blocked orders can ship on a label, and what the link
 * dialog starts its search from.
 */

export const PLATFORM_CODES = ['douyin', 'tiktok', 'shopee', 'lazada'] as const;
export const PLATFORM_EXPORT_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
/** Uploads are refused above 10 MB (docs/api.md): said before sending. */
const PLATFORM_EXPORT_MAX_BYTES = 10 * 1024 * 1024;

/** What is wrong with the chosen export before it is sent (catalogue key), or null. */
export function checkExportFile(file: File | null | undefined): string | null {
  if (!file) return 'platformOrders.upload.chooseFile';
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'platformOrders.upload.wrongType';
  if (file.size > PLATFORM_EXPORT_MAX_BYTES) return 'platformOrders.upload.tooLarge';
  return null;
}

/** Fen as '¥12.30'; '—' when the amount is not known. */
export function money(fen: number | null | undefined): string {
  return fen === null || fen === undefined ? '—' : `¥${fenToYuan(fen)}`;
}

/**
 * An amount in minor units of a platform file's currency (ISO code), as the reader's locale writes it:
 * '¥59.00' for CNY, '₱299.00' or 'PHP 299.00' for PHP (Intl decides), '299.00' when the file does not
 * say; '—' when the amount is not known. Never converted: margins in yuan go through `money`.
 */
export function platformMoney(minor: number | null | undefined, currency: string | undefined, locale?: string): string {
  if (minor === null || minor === undefined) return '—';
  // An answer without a currency predates it: yuan.
  if (currency === undefined) return money(minor);
  if (currency === '' || currency === 'CNY') return currency === 'CNY' ? money(minor) : fenToYuan(minor);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  } catch {
    return `${currency} ${fenToYuan(minor)}`;
  }
}

/** Whether an amount in `currency` is shown beside its yuan at the seller's rate (not for CNY itself). */
export const showsYuanBeside = (currency: string | undefined, cny: number | null | undefined): cny is number =>
  currency !== undefined && currency !== 'CNY' && cny !== null && cny !== undefined;

export const STATE_COLOURS: Record<PlatformOrderState, string> = {
  ready: 'success',
  ordered: 'processing',
  blocked: 'error',
  skipped: 'default',
};

export const stateKey = (state: string): string =>
  state in STATE_COLOURS ? `platformOrders.state.${state}` : 'error.unknownStatus';

/** Reasons a label settles: the platform hides the buyer, or the address is not one in mainland China. */
const LABEL_REASONS = ['platform.recipient_hidden', 'platform.address_unrecognised'];

/**
 * Whether an order can take a label: one not placed yet whose buyer the platform hides or whose
 * address is not in China (or that already has a label, to replace or take off).
 */
export function takesLabel(order: PlatformOrder): boolean {
  if (order.state === 'ordered' || order.state === 'skipped') return false;
  if (order.label_url) return true;
  return order.hidden.length > 0 || LABEL_REASONS.includes(order.reason_key) || order.reason_key.startsWith('address.');
}

/** The link dialog's first search: colour and size read from the platform's variation ('黑色;L', 'Black, XL'). */
export function searchFromVariation(variation: string): { color: string; size: string } {
  const parts = variation
    .split(/[;；,，/|]/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { color: parts[0] ?? '', size: parts[1] ?? '' };
}

/**
 * The link dialog's first search from a line's spec in the server's `colour;size` form (split at the
 * one ';', so ';L' is no colour and size L); a spec-less answer falls back to the variation.
 */
export function searchFromSpec(spec: string | undefined, variation: string): { color: string; size: string } {
  if (!spec) return searchFromVariation(variation);
  const at = spec.indexOf(';');
  if (at < 0) return { color: spec.trim(), size: '' };
  return { color: spec.slice(0, at).trim(), size: spec.slice(at + 1).trim() };
}

/** A spec as shown: '黑色 / L' ('—' for an item without one). */
export function specText(spec: string): string {
  const shown = spec
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' / ');
  return shown || '—';
}

/** What a line or an unlinked item is linked as (a line's own variation and spec). */
export type LinkTarget = Pick<UnlinkedItem, 'item_key' | 'sku_key' | 'title' | 'variation' | 'spec'>;

/** Catalogue key of how a line's SKU was found, when it was not this spec's own link; null otherwise. */
export function linkedByKey(linkedBy: LinkedBy | undefined): string | null {
  return linkedBy === 'product' || linkedBy === 'sku_code' || linkedBy === 'item_no' ? `platformOrders.linkedBy.${linkedBy}` : null;
}

/** What `order/platform/unlink` takes for a link: its scope, and the spec of a per-SKU one. */
export const unlinkBody = (link: PlatformLink): UnlinkRequest => ({
  platform: link.platform,
  item_key: link.item_key,
  sku_key: link.sku_key,
  scope: link.scope,
  variation: link.scope === 'sku' ? link.spec : '',
});

export const PLATFORM_PAGE_SIZE = 10;
