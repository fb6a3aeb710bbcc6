import { describe, expect, it } from 'vitest';
import zh from '../i18n/zh_CN.json';
import {
  afterSaleReasonKey,
  AFTER_SALE_KINDS,
  AFTER_SALE_REASONS,
  AFTER_SALE_STATUSES,
  afterSaleKindKey,
  afterSaleStatusKey,
  applyBody,
  applyFieldOf,
  canApplyForAfterSale,
  capQuantity,
  saleDetailPath,
  setLineQuantity,
  toggleLine,
  validateApplyImages,
  validateApplyKind,
  validateApplyLines,
  validateApplyReason,
} from './after-sale';

const catalogue = zh as Record<string, string>;

describe('after-sale names', () => {
  it('every kind, status and reason has its name; unknown codes fall back', () => {
    for (const kind of AFTER_SALE_KINDS) expect(catalogue[afterSaleKindKey(kind)!], kind).toBeTruthy();
    for (const status of AFTER_SALE_STATUSES) expect(catalogue[afterSaleStatusKey(status)], status).toBeTruthy();
    for (const reason of AFTER_SALE_REASONS) expect(catalogue[`afterSale.reason.${reason}`], reason).toBeTruthy();
    for (const kind of AFTER_SALE_KINDS) expect(catalogue[`afterSale.kindHint.${kind}`], kind).toBeTruthy();
    expect(afterSaleKindKey('swap')).toBeNull();
    expect(afterSaleStatusKey('lost')).toBe('error.unknownStatus');
    expect(catalogue['afterSale.kind.refund_unshipped']).toBe('仅退款（未发货）');
    expect(catalogue['afterSale.status.awaiting_return']).toBe('待填写退货单号');
  });

  it('applies from paid orders that are not cancelled; the detail path carries the id', () => {
    expect(['pending_payment', 'to_be_shipped', 'shipped', 'completed', 'cancelled'].map(canApplyForAfterSale)).toEqual([false, true, true, true, false]);
    expect(saleDetailPath('SH1 2')).toBe('/saleDetail?id=SH1%202');
  });
});

describe('the apply dialog', () => {
  it('caps quantities at what is available; an item with nothing available cannot be chosen', () => {
    expect(capQuantity(5, 2)).toBe(2);
    expect(capQuantity(0, 2)).toBe(1);
    expect(capQuantity(1.7, 3)).toBe(1);
    expect(capQuantity(1, 0)).toBe(0);
    expect(toggleLine({}, 'K1', true, 2)).toEqual({ K1: 1 });
    expect(toggleLine({}, 'K2', true, 0)).toEqual({});
    expect(toggleLine({ K1: 2 }, 'K1', false, 2)).toEqual({});
    expect(setLineQuantity({ K1: 1 }, 'K1', 9, 2)).toEqual({ K1: 2 });
    expect(setLineQuantity({ K1: 1 }, 'K3', 2, 2)).toEqual({ K1: 1 });
  });

  it("checks kind, items ('select the items to return'), reason and at most six images", () => {
    expect(validateApplyKind(undefined)).toBe('validation.afterSale.kindRequired');
    expect(validateApplyKind('swap')).toBe('validation.afterSale.kindRequired');
    expect(validateApplyKind('resend')).toBeNull();
    expect(validateApplyLines(undefined)).toBe('validation.returnItems.required');
    expect(validateApplyLines({ K1: 0 })).toBe('validation.returnItems.required');
    expect(validateApplyLines({ K1: 1 })).toBeNull();
    expect(validateApplyReason('  ')).toBe('validation.afterSale.reasonRequired');
    expect(validateApplyReason('质量问题')).toBeNull();
    expect(validateApplyImages(['1', '2', '3', '4', '5', '6'])).toBeNull();
    expect(validateApplyImages(['1', '2', '3', '4', '5', '6', '7'])).toBe('validation.afterSale.imagesMax');
  });

  it("sends the chosen lines in the order's order, capped, and leaves out an empty description and no images", () => {
    const items = [
      { sku_id: 'K1', available: 2 },
      { sku_id: 'K2', available: 0 },
      { sku_id: 'K3', available: 5 },
    ];
    expect(applyBody('JP1', items, { kind: 'exchange', lines: { K3: 2, K2: 1, K1: 9 }, reason: 'size', description: '  ' }, 'r1')).toEqual({
      order_no: 'JP1',
      kind: 'exchange',
      lines: [
        { sku_id: 'K1', quantity: 2 },
        { sku_id: 'K3', quantity: 2 },
      ],
      // the code, read in each reader's language
      reason: 'size',
      request_id: 'r1',
    });
    expect(applyBody('JP1', items, { kind: 'resend', lines: { K1: 1 }, reason: 'missing', description: ' 少了一件 ', images: ['/uploads/a.jpg'] }, 'r2')).toMatchObject({
      reason: 'missing',
      description: '少了一件',
      images: ['/uploads/a.jpg'],
    });
  });

  it('reads a reason code in the catalogue and leaves an older typed reason as it is', () => {
    expect(afterSaleReasonKey('quality')).toBe('afterSale.reason.quality');
    expect(afterSaleReasonKey('质量问题')).toBeNull();
    expect(afterSaleReasonKey('')).toBeNull();
  });

  it('puts a refusal under the field it names', () => {
    expect(['lines', 'kind', 'reason', 'images', 'description', 'order_no', null].map(applyFieldOf)).toEqual(['lines', 'kind', 'reason', 'images', 'description', null, null]);
  });
});
