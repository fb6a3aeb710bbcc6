import { BADGE_MAX } from './constants';

/** The text of a count badge: nothing for 0 or less, the count up to 99, then "99+". */
export function badgeText(count: number | null | undefined, max: number = BADGE_MAX): string {
  if (!count || count <= 0 || !Number.isFinite(count)) return '';
  return count > max ? `${max}+` : String(Math.floor(count));
}
