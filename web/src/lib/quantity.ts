/**
 * A quantity typed or stepped to, read as a whole number within 1 and `max`: empty or unreadable
 * gives null (nothing is sent), full-width digits are read, decimals are cut, anything outside
 * 1..max is brought inside.
 */
export function readQuantity(value: string | number | null | undefined, max: number): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value)
    .trim()
    .replace(/[０-９]/g, (c) => String(c.charCodeAt(0) - 0xff10));
  if (!/^\d+(\.\d*)?$/.test(text)) return null;
  const whole = Math.floor(Number(text));
  if (!Number.isFinite(whole)) return null;
  return Math.min(Math.max(whole, 1), Math.max(1, max));
}
