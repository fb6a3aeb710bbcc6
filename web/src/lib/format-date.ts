/** Default date format: year-month-day hour:minute:second. */
const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Turns a timestamp (number or numeric string), Date or date string into a Date. A ten-digit
 * timestamp is read as seconds; longer ones as milliseconds.
 */
export function toDate(value: number | string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = String(value).trim();
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    const digits = text.replace('-', '').length;
    return new Date(digits === 10 ? n * 1000 : n);
  }
  const parsed = new Date(typeof value === 'string' ? value.replace(/-/g, '/') : value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Formats in local time with the tokens YYYY MM DD HH mm ss; '' for an empty or invalid value. */
export function formatDate(
  value: number | string | Date | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}
