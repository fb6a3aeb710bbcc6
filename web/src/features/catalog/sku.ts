import type { ProductDetail, Sku } from '../../lib/api-types';

/** The colour × size choice on the product screen ('' = not chosen). */
export interface SkuChoice {
  color: string;
  size: string;
}

const cents = (price: string): number => Math.round(Number(price) * 100);

export function findSku(skus: readonly Sku[], choice: SkuChoice): Sku | undefined {
  return skus.find((s) => s.color === choice.color && s.size === choice.size);
}

/** Stock of what is chosen: one SKU, a colour or size over the other, or everything. */
export function stockOf(skus: readonly Sku[], choice: SkuChoice): number {
  return skus
    .filter((s) => (!choice.color || s.color === choice.color) && (!choice.size || s.size === choice.size))
    .reduce((sum, s) => sum + Math.max(0, s.stock), 0);
}

/** "39.00" when every SKU costs the same, else "35.00 - 42.00"; the fallback when there are none. */
export function priceSpan(skus: readonly Sku[], fallback: string): string {
  if (skus.length === 0) return fallback;
  const sorted = [...skus].sort((a, b) => cents(a.price) - cents(b.price));
  const low = sorted[0]!.price;
  const high = sorted[sorted.length - 1]!.price;
  return cents(low) === cents(high) ? low : `${low} - ${high}`;
}

/** The price shown for a choice: the SKU's when both are chosen, else the span of what matches. */
export function choicePrice(product: Pick<ProductDetail, 'skus' | 'price'>, choice: SkuChoice): string {
  const sku = findSku(product.skus, choice);
  if (sku) return sku.price;
  const matching = product.skus.filter(
    (s) => (!choice.color || s.color === choice.color) && (!choice.size || s.size === choice.size),
  );
  return priceSpan(matching, product.price);
}

/** Whether a size can be chosen with the chosen colour (a SKU exists and has stock). */
export function sizeAvailable(skus: readonly Sku[], color: string, size: string): boolean {
  return skus.some((s) => s.size === size && (!color || s.color === color) && s.stock > 0);
}

export function colorAvailable(skus: readonly Sku[], color: string): boolean {
  return skus.some((s) => s.color === color && s.stock > 0);
}

/** The first choice offered: the first colour with stock, and its first size with stock. */
export function initialChoice(product: Pick<ProductDetail, 'skus' | 'colors' | 'sizes'>): SkuChoice {
  const colors = product.colors.map((c) => c.name);
  const color = colors.find((c) => colorAvailable(product.skus, c)) ?? colors[0] ?? '';
  const size = product.sizes.find((s) => sizeAvailable(product.skus, color, s)) ?? product.sizes[0] ?? '';
  return { color, size };
}

/** After choosing a colour: keep the size when it still has stock, else the first that has. */
export function chooseColor(product: Pick<ProductDetail, 'skus' | 'sizes'>, current: SkuChoice, color: string): SkuChoice {
  if (current.size && sizeAvailable(product.skus, color, current.size)) return { color, size: current.size };
  const size = product.sizes.find((s) => sizeAvailable(product.skus, color, s)) ?? current.size;
  return { color, size };
}

/** What the add-to-cart button sends for a choice, or why it cannot. */
export type CartLineCheck = { kind: 'ok'; sku_id: string; quantity: number } | { kind: 'chooseSku' } | { kind: 'soldOut' };

/**
 * The body of cart/add for a choice and a quantity: both colour and size chosen (the SKU must
 * exist), some stock, and the quantity as a whole number within 1 and the stock.
 */
export function cartLineOf(product: Pick<ProductDetail, 'skus'>, choice: SkuChoice, quantity: number | null | undefined): CartLineCheck {
  const sku = findSku(product.skus, choice);
  if (!sku) return { kind: 'chooseSku' };
  if (sku.stock <= 0) return { kind: 'soldOut' };
  const wanted = Number.isFinite(quantity) ? Math.floor(quantity as number) : 1;
  return { kind: 'ok', sku_id: sku.id, quantity: Math.min(Math.max(wanted, 1), sku.stock) };
}
