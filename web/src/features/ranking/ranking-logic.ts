/**
 * Pure rules of the ranking list (docs/api.md "ranking/lists"; spec section 9: 90 days of
 * drop-shipping sales, filters within 3 days, a week, a month): the kind and window as they live
 * in the address, and the two row shapes told apart.
 */
import type { ProductRankingRow, RankingKind, RankingRange, StallRankingRow } from './types';

export const RANKING_KINDS: readonly RankingKind[] = ['product', 'stall'];
/** Within 3 days, a week, a month, and the whole 90-day window (the server's default). */
export const RANKING_RANGES: readonly RankingRange[] = ['3d', '7d', '30d', '90d'];
export const DEFAULT_RANKING: { kind: RankingKind; range: RankingRange } = { kind: 'product', range: '90d' };

/** Kind and window from the address (`kind`, `range`); anything unknown is the default. */
export function rankingFromSearch(search: string | URLSearchParams): { kind: RankingKind; range: RankingRange } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kind = params.get('kind') as RankingKind | null;
  const range = params.get('range') as RankingRange | null;
  return {
    kind: kind && RANKING_KINDS.includes(kind) ? kind : DEFAULT_RANKING.kind,
    range: range && RANKING_RANGES.includes(range) ? range : DEFAULT_RANKING.range,
  };
}

/** The address query of a choice (defaults and page 1 left out; `site` is added by the links). */
export function rankingSearch(choice: { kind: RankingKind; range: RankingRange; page?: number }): string {
  const params = new URLSearchParams();
  if (choice.kind !== DEFAULT_RANKING.kind) params.set('kind', choice.kind);
  if (choice.range !== DEFAULT_RANKING.range) params.set('range', choice.range);
  if (choice.page && choice.page > 1) params.set('page', String(choice.page));
  return params.toString();
}

/** Rows per page: the server answers at most the top 100, shown 20 at a time. */
export const RANKING_PAGE_SIZE = 20;

/** The page from the address (`page`, 1 when missing or not a page of `total` rows). */
export function rankingPage(search: string | URLSearchParams, total: number): number {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  const pages = Math.max(1, Math.ceil(total / RANKING_PAGE_SIZE));
  return Number.isInteger(page) && page >= 1 && page <= pages ? page : 1;
}

/** The rows of one page. */
export function pageOfRows<T>(rows: readonly T[], page: number): T[] {
  return rows.slice((page - 1) * RANKING_PAGE_SIZE, page * RANKING_PAGE_SIZE);
}

export const rangeKey = (range: RankingRange): string => `ranking.range.${range}`;

export function isProductRow(row: ProductRankingRow | StallRankingRow): row is ProductRankingRow {
  return 'product_id' in row;
}

/** The top three get a medal colour. */
export function medalOf(rank: number): 'gold' | 'silver' | 'bronze' | null {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null;
}
