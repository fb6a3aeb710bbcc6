/** Date-range filters of whole local days (the fund ledger, the order list). */
import type { MessageKey } from './validators';

/** Whole days only: the start of a local day, in milliseconds. */
function dayStart(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** End date before start date (whole local days): 'end time cannot be earlier than start time'. */
export function validateDateRange(start: Date | null | undefined, end: Date | null | undefined): MessageKey | null {
  if (!start || !end) return null;
  return dayStart(end) < dayStart(start) ? 'validation.timeRange.endBeforeStart' : null;
}

/**
 * The ledger's `start_time` / `end_time` (unix seconds, inclusive) for a local-day range: from the
 * first second of the start day to the last second of the end day. Open ends are left out.
 */
export function dayRangeToSeconds(start: Date | null | undefined, end: Date | null | undefined): { start_time?: number; end_time?: number } {
  const range: { start_time?: number; end_time?: number } = {};
  if (start) range.start_time = Math.floor(dayStart(start) / 1000);
  if (end) {
    const next = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getTime();
    range.end_time = Math.floor(next / 1000) - 1;
  }
  return range;
}
