/**
 * Pure rules of the drop-shipping cart screen (docs/api.md "Drop-shipping cart"):
 * where checkout goes, the tick state of a stall and of the whole cart, the lines whose price moved
 * since they were added, and the bounds of a line's quantity (a typed one is read by lib/quantity.ts). Amounts are never worked out here: the server's
 * `amount` and `selected_amount` strings are shown as they come.
 */
import type { Cart, CartGroup, CartItem, CartPriceChange } from '../../lib/api-types';

/** Where the checkout button goes: the checkout screen of the orders (source cart, the selected lines). */
export const CHECKOUT_PATH = '/checkout';

/** The tick of a select-all box: every line selected, some, or none (an empty list is none). */
export type TickState = 'all' | 'some' | 'none';

export function tickOf(items: readonly Pick<CartItem, 'selected'>[]): TickState {
  const selected = items.filter((item) => item.selected).length;
  if (selected === 0) return 'none';
  return selected === items.length ? 'all' : 'some';
}

/** Every line of the cart, stall by stall, in the server's order. */
export function linesOf(cart: Pick<Cart, 'groups'> | undefined): CartItem[] {
  return (cart?.groups ?? []).flatMap((group) => group.items);
}

/**
 * The catalogue key of a line's price change beside its price ('涨价 ¥45.90 → ¥49.90', '降价 …'),
 * or null when it has not moved (or the server sent a change this build does not know).
 */
export function priceChangeKey(change: CartPriceChange | undefined): 'cart.price.up' | 'cart.price.down' | null {
  if (change === 'up') return 'cart.price.up';
  return change === 'down' ? 'cart.price.down' : null;
}

/** How many lines cost more than when they were added: each waits for the seller's confirmation. */
export const risenCount = (cart: Pick<Cart, 'groups'> | undefined): number => linesOf(cart).filter((item) => item.price_change === 'up').length;

/** The tick of a stall's select-all box. */
export const groupTick = (group: Pick<CartGroup, 'items'>): TickState => tickOf(group.items);

/** The tick of the whole cart's select-all box. */
export const cartTick = (cart: Pick<Cart, 'groups'> | undefined): TickState => tickOf(linesOf(cart));

/**
 * What a click on a select-all box asks: everything on when not all are on, else everything off.
 * The SKUs are the stall's lines, or "all" for the whole cart.
 */
export function toggleAll(items: readonly Pick<CartItem, 'sku_id' | 'selected'>[], whole: boolean): { sku_ids: string[] | 'all'; selected: boolean } {
  const selected = tickOf(items) !== 'all';
  return { sku_ids: whole ? 'all' : items.map((item) => item.sku_id), selected };
}

/** Checkout needs at least one selected piece. */
export const canCheckout = (cart: Pick<Cart, 'selected_quantity'> | undefined): boolean => (cart?.selected_quantity ?? 0) > 0;

export const isEmptyCart = (cart: Pick<Cart, 'groups'> | undefined): boolean => linesOf(cart).length === 0;

/**
 * The stepper's bounds: at least 1, at most the stock. A line whose stock has fallen to nothing
 * still shows its quantity (max 1, `short` true) until it is changed or removed.
 */
export function quantityBounds(item: Pick<CartItem, 'quantity' | 'stock'>): { min: number; max: number; short: boolean } {
  const max = Math.max(1, Math.floor(item.stock));
  return { min: 1, max, short: item.quantity > item.stock };
}

/** A line's colour and size on one line: '黑色 / M'; either may be empty. */
export function specOf(item: Pick<CartItem, 'color' | 'size'>): string {
  return [item.color, item.size].filter((part) => part.trim() !== '').join(' / ');
}
