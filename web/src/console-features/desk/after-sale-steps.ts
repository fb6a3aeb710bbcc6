import { AFTER_SALE_STATUSES, REFUND_KINDS } from '../../lib/after-sale';

/**
 * What the review queue offers for an after-sale (docs/api.md "After-sales"): the steps
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

/** What a wrong-item return and a return to the wrong station take off (spec §9), shown as hints. */
export const WRONG_ITEM_INSURANCE = '3.00';
export const WRONG_STATION_FEE = '1.00';
