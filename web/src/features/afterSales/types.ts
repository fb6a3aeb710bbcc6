import type { AfterSale, AfterSaleTimelineEntry, Page, ReturnAddress } from '../../lib/api-types';

/** Shapes of docs/api.md that only this feature reads. */

export type AfterSaleDetail = AfterSale & { timeline: AfterSaleTimelineEntry[]; return_address: ReturnAddress };

/** aftersale/lists: a page of after-sales and the count of every status under the same filters. */
export type AfterSalePage = Page<AfterSale> & { counts: Partial<Record<string, number>> };
