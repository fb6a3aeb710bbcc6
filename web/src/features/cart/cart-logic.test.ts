import { describe, expect, it } from 'vitest';
import type { Cart } from '../../lib/api-types';
import {
  canCheckout,
  cartTick,
  CHECKOUT_PATH,
  groupTick,
  isEmptyCart,
  linesOf,
  priceChangeKey,
  quantityBounds,
  risenCount,
  specOf,
  tickOf,
  toggleAll,
} from './cart-logic';
import { cartServer } from './cart-test-kit';

const cartOf = (lines: { sku_id: string; quantity: number; selected: boolean; added?: number }[]): Cart => cartServer(lines).answer('zh_CN');

describe('ticks', () => {
  it('all, some or none of the lines are selected; an empty list is none', () => {
    expect(tickOf([{ selected: true }, { selected: true }])).toBe('all');
    expect(tickOf([{ selected: true }, { selected: false }])).toBe('some');
    expect(tickOf([{ selected: false }])).toBe('none');
    expect(tickOf([])).toBe('none');
  });

  it('per stall and for the whole cart', () => {
    const cart = cartOf([
      { sku_id: 'K1', quantity: 1, selected: true },
      { sku_id: 'K3', quantity: 1, selected: false },
      { sku_id: 'K2', quantity: 1, selected: true },
    ]);
    expect(cart.groups.map((g) => [g.stall.name, groupTick(g)])).toEqual([
      ['一号档口', 'all'],
      ['二号档口', 'none'],
    ]);
    expect(cartTick(cart)).toBe('some');
    expect(linesOf(cart).map((l) => l.sku_id)).toEqual(['K1', 'K2', 'K3']);
    expect(cartTick(undefined)).toBe('none');
  });

  it('a select-all box turns everything on unless all are on, then everything off', () => {
    const items = [
      { sku_id: 'K1', selected: true },
      { sku_id: 'K2', selected: false },
    ];
    expect(toggleAll(items, false)).toEqual({ sku_ids: ['K1', 'K2'], selected: true });
    expect(toggleAll(items, true)).toEqual({ sku_ids: 'all', selected: true });
    expect(toggleAll(items.map((i) => ({ ...i, selected: true })), false)).toEqual({ sku_ids: ['K1', 'K2'], selected: false });
    expect(toggleAll([{ sku_id: 'K1', selected: false }], true)).toEqual({ sku_ids: 'all', selected: true });
  });
});

describe('checkout and the empty cart', () => {
  it('checkout needs a selected piece and goes to the checkout screen', () => {
    expect(canCheckout({ selected_quantity: 2 })).toBe(true);
    expect(canCheckout({ selected_quantity: 0 })).toBe(false);
    expect(canCheckout(undefined)).toBe(false);
    expect(CHECKOUT_PATH).toBe('/checkout');
  });

  it('a cart without lines is empty', () => {
    expect(isEmptyCart({ groups: [] })).toBe(true);
    expect(isEmptyCart({ groups: [{ stall: { id: 's', name: 's' }, items: [] }] })).toBe(true);
    expect(isEmptyCart(cartOf([{ sku_id: 'K1', quantity: 1, selected: false }]))).toBe(false);
  });
});

describe('totals', () => {
  it('are the server strings: three at 0.10 show 0.30, not a float sum', () => {
    const cart = cartOf([{ sku_id: 'K3', quantity: 3, selected: true }]);
    expect(0.1 * 3).not.toBe(0.3);
    expect(cart.selected_amount).toBe('0.30');
    expect(linesOf(cart)[0]!.amount).toBe('0.30');
  });
});

describe('prices that moved since a line was added', () => {
  it('a rise and a fall have their words; an unmoved price (or an unknown change) has none', () => {
    expect(priceChangeKey('up')).toBe('cart.price.up');
    expect(priceChangeKey('down')).toBe('cart.price.down');
    expect(priceChangeKey('')).toBeNull();
    expect(priceChangeKey(undefined)).toBeNull();
  });

  it('counts the lines that cost more than when added, across stalls', () => {
    const cart = cartOf([
      { sku_id: 'K1', quantity: 1, selected: true, added: 4590 },
      { sku_id: 'K2', quantity: 1, selected: false, added: 4000 },
      { sku_id: 'K3', quantity: 1, selected: true, added: 20 },
    ]);
    expect(linesOf(cart).map((l) => [l.price_added, l.price, l.price_change])).toEqual([
      ['45.90', '49.90', 'up'],
      ['40.00', '49.90', 'up'],
      ['0.20', '0.10', 'down'],
    ]);
    expect(risenCount(cart)).toBe(2);
    expect(risenCount(cartOf([{ sku_id: 'K3', quantity: 1, selected: true }]))).toBe(0);
    expect(risenCount(undefined)).toBe(0);
  });
});

describe('quantity', () => {
  it('the stepper goes from 1 to the stock; a line above a fallen stock is short', () => {
    expect(quantityBounds({ quantity: 2, stock: 120 })).toEqual({ min: 1, max: 120, short: false });
    expect(quantityBounds({ quantity: 5, stock: 3 })).toEqual({ min: 1, max: 3, short: true });
    expect(quantityBounds({ quantity: 1, stock: 0 })).toEqual({ min: 1, max: 1, short: true });
  });

  it('colour and size on one line', () => {
    expect(specOf({ color: '黑色', size: 'M' })).toBe('黑色 / M');
    expect(specOf({ color: '黑色', size: '' })).toBe('黑色');
    expect(specOf({ color: '', size: '' })).toBe('');
  });
});
