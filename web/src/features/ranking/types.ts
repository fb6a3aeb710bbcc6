/** Shapes of docs/api.md that only this feature reads. */

/** ranking/lists (docs/api.md "Orders"). */
export type RankingKind = 'product' | 'stall';

export type RankingRange = '3d' | '7d' | '30d' | '90d';

export interface ProductRankingRow {
  rank: number;
  product_id: string;
  item_no: string;
  title: string;
  image: string;
  price: string;
  stall_id: string;
  stall_name: string;
  quantity: number;
  amount: string;
}

export interface StallRankingRow {
  rank: number;
  stall_id: string;
  stall_name: string;
  quantity: number;
  amount: string;
  products: number;
}

export interface Ranking {
  list: (ProductRankingRow | StallRankingRow)[];
  kind: RankingKind;
  range: RankingRange;
  from: number;
  to: number;
}
