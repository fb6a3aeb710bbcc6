import type { Id, Notice, ProductCard, Stall } from '../../lib/api-types';

/** Shapes of docs/api.md that only this feature reads. */

/** What product/suggest offers as a seller types: a name of the market or a product's title. */
export interface Suggestion {
  text: string;
  kind: 'category' | 'colour' | 'stall' | 'title';
}

export interface Category {
  id: Id;
  name: string;
  children?: Category[];
}

export interface Banner {
  title: string;
  image: string;
  link: string;
}

export interface HomeFeed {
  banners: Banner[];
  notices: Notice[];
  hot: ProductCard[];
  new: ProductCard[];
  sea: ProductCard[];
  categories: Category[];
}

export type FavoriteProduct = ProductCard & { favorited_at: number };

export type FollowedStall = Stall & { followed_at: number };

export type SameStyleProduct = ProductCard & { distance: number };
