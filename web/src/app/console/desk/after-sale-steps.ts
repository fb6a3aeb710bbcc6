import { AFTER_SALE_STATUSES, REFUND_KINDS } from '../../../lib/after-sale';
import type { AfterSaleBreakdown } from '../../../lib/api-types';
import { yuanToFen } from '../../../lib/money';

/**
 * What the review queue offers for an after-sale (docs/api.md "After-sales (issue 7)"): the steps
 * its status allows, the queue's tabs, and the refund's rows. The server decides; these only
 * choose the buttons.
 */

export type AfterSaleStep = 'approve' | 'reject' | 'intercept' | 'receive' | 'refund' | 'ship';

/** The queue's tabs: what waits for review first, then the statuses in the order of their life; '' is all. */
export const QUEUE_TABS: readonly string[] = ['pending_review', ...AFTER_SALE_STATUSES.filter((status) => status !== 'pending_review'), ''];

export interface StepSubject {
  kind: string;
  status: string;
  refunded: boolean;
}

/**
 * pending_review: approve or reject; intercepting: the interception's outcome; awaiting_return
 * and return_in_transit: the return received; a refund kind approved (refund_unshipped,
 * refund_only) or its return received (return_refund): refund, once; a resend approved or an
 * exchange's return received: ship the parcel.
 */
export function stepsFor(sale: StepSubject): AfterSaleStep[] {
  switch (sale.status) {
    case 'pending_review':
      return ['approve', 'reject'];
    case 'intercepting':
      return ['intercept'];
    case 'awaiting_return':
    case 'return_in_transit':
      return ['receive'];
    case 'approved':
      if (sale.kind === 'resend') return ['ship'];
      return REFUND_KINDS.includes(sale.kind) && !sale.refunded ? ['refund'] : [];
    case 'return_received':
      if (sale.kind === 'exchange') return ['ship'];
      return REFUND_KINDS.includes(sale.kind) && !sale.refunded ? ['refund'] : [];
    default:
      return [];
  }
}

export interface BreakdownRow {
  field: keyof AfterSaleBreakdown;
  amount: string;
  /** A part of the row above it. */
  part: boolean;
  /** A deduction: shown with a minus when not zero. */
  minus: boolean;
}

const row = (breakdown: AfterSaleBreakdown, field: keyof AfterSaleBreakdown, part: boolean, deduction: boolean): BreakdownRow => ({
  field,
  amount: breakdown[field],
  part,
  minus: deduction && yuanToFen(breakdown[field]) !== 0,
});

/**
 * Goods; the fees back and their parts (service, QC, value-added, shipping); the deductions and
 * theirs (wrong-item insurance, wrong-station handling). The total is shown on its own.
 */
export function breakdownRows(breakdown: AfterSaleBreakdown): BreakdownRow[] {
  return [
    row(breakdown, 'goods', false, false),
    row(breakdown, 'fees_back', false, false),
    row(breakdown, 'service_back', true, false),
    row(breakdown, 'qc_back', true, false),
    row(breakdown, 'value_added_back', true, false),
    row(breakdown, 'shipping_back', true, false),
    row(breakdown, 'deductions', false, true),
    row(breakdown, 'wrong_item_insurance', true, true),
    row(breakdown, 'wrong_station_fee', true, true),
  ];
}

/** What a wrong-item return and a return to the wrong station take off (spec §9), shown as hints. */
export const WRONG_ITEM_INSURANCE = '3.00';
export const WRONG_STATION_FEE = '1.00';
