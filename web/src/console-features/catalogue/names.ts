import type { AreaSite, Category, Market, Stall } from './catalogue-api';
import { nameIn, type Language } from '../../lib/languages';

export { nameIn };

/** A product's title in the interface language. */
export const titleIn = (language: Language, product: { title_zh: string; title_en: string }) =>
  language === 'en_US' ? product.title_en || product.title_zh : product.title_zh;

/** Top-level categories and the children of each, in the server's order. */
export function categoryTree(categories: readonly Category[]): { parent: Category; children: Category[] }[] {
  return categories
    .filter((c) => c.parent_id === null)
    .map((parent) => ({ parent, children: categories.filter((c) => c.parent_id === parent.id) }));
}

/** 'Women › Dresses' (or the top-level name alone); the id when the category is unknown. */
export function categoryPath(language: Language, categories: readonly Category[] | undefined, id: string): string {
  const category = categories?.find((c) => c.id === id);
  if (!category) return id;
  const parent = category.parent_id ? categories?.find((c) => c.id === category.parent_id) : undefined;
  return parent ? `${nameIn(language, parent)} › ${nameIn(language, category)}` : nameIn(language, category);
}

/** A stall's market in the interface language (the list carries only its Chinese name). */
export function marketOf(language: Language, markets: readonly Market[] | undefined, stall: Stall): string {
  const market = markets?.find((m) => m.id === stall.market_id);
  return market ? nameIn(language, market) : stall.market_name_zh;
}

/** 'Market · Stall' for pickers. */
export const stallLabel = (language: Language, markets: readonly Market[] | undefined, stall: Stall) => `${marketOf(language, markets, stall)} · ${stall.name}`;

export const areaSiteName = (language: Language, sites: readonly AreaSite[] | undefined, id: string) => nameIn(language, sites?.find((s) => s.id === id)) || id;
