import { describe, expect, it } from 'vitest';
import type { UsableCoupon } from './types';
import { bestChoice, chooseCoupon, chosenOfType, keepUsable, sameChoice, usableByType } from './coupon-choice';
import { couponOf } from './order-test-kit';

const usable = (id: string, type: UsableCoupon['type']): UsableCoupon => ({ ...couponOf({ id, type }), discount: '1.00' });
const USABLE = [usable('S1', 'shipping'), usable('P1', 'product'), usable('P2', 'product'), usable('V1', 'service')];

describe('the checkout coupon choice', () => {
  it('groups the usable coupons as goods, service, shipping, leaving out empty types', () => {
    expect(usableByType(USABLE).map(([type, list]) => [type, list.map((c) => c.id)])).toEqual([
      ['product', ['P1', 'P2']],
      ['service', ['V1']],
      ['shipping', ['S1']],
    ]);
    expect(usableByType([usable('S1', 'shipping')]).map(([type]) => type)).toEqual(['shipping']);
    expect(usableByType([])).toEqual([]);
  });

  it('keeps at most one of each type: a choice replaces its type, null clears it, the others stay', () => {
    let chosen = chooseCoupon([], USABLE, 'product', 'P1');
    expect(chosen).toEqual(['P1']);
    chosen = chooseCoupon(chosen, USABLE, 'shipping', 'S1');
    expect(chosen).toEqual(['P1', 'S1']);
    chosen = chooseCoupon(chosen, USABLE, 'product', 'P2');
    expect(chosen).toEqual(['S1', 'P2']);
    expect(chosenOfType(chosen, USABLE, 'product')).toBe('P2');
    expect(chosenOfType(chosen, USABLE, 'service')).toBeNull();
    expect(chooseCoupon(chosen, USABLE, 'product', null)).toEqual(['S1']);
    // an id of another type (or unknown) is not taken for this one
    expect(chooseCoupon(['S1'], USABLE, 'product', 'V1')).toEqual(['S1']);
    expect(chooseCoupon(['S1'], USABLE, 'product', 'X9')).toEqual(['S1']);
  });

  it('drops what the preview no longer lists and a second of a type', () => {
    expect(keepUsable(['P1', 'S1'], USABLE)).toEqual(['P1', 'S1']);
    expect(keepUsable(['P1', 'S1'], [usable('S1', 'shipping')])).toEqual(['S1']);
    expect(keepUsable(['P1', 'P2', 'V1'], USABLE)).toEqual(['P1', 'V1']);
    expect(sameChoice(['P1'], ['P1'])).toBe(true);
    expect(sameChoice(['P1', 'S1'], ['S1', 'P1'])).toBe(false);
    expect(sameChoice([], ['P1'])).toBe(false);
  });

  it('chooses the coupon of each type that takes the most off; of equals the one that ends first', () => {
    const off = (id: string, type: UsableCoupon['type'], discount: string, validTo: number): UsableCoupon => ({ ...usable(id, type), discount, valid_to: validTo });
    expect(bestChoice([off('P1', 'product', '9.98', 200), off('P2', 'product', '10.00', 300), off('S1', 'shipping', '3.00', 100)])).toEqual(['P2', 'S1']);
    expect(bestChoice([off('P1', 'product', '5.00', 300), off('P2', 'product', '5.00', 200), off('P3', 'product', '5.00', 250)])).toEqual(['P2']);
    // '10.00' above '9.98' as money, not as text
    expect(bestChoice([off('P1', 'product', '9.99', 100), off('P2', 'product', '10.00', 100)])).toEqual(['P2']);
    expect(bestChoice([])).toEqual([]);
  });
});
