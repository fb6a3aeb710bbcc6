/**
 * Couriers and quality inspection levels (docs/api.md "Drop-shipping settings"): their codes, the
 * catalogue keys of their names, and whether a fee is nothing. The drop-shipping settings and the
 * order screens both name them.
 */

/** Courier codes forward/save takes, in the order the server lists them. */
export const COURIER_CODES = ['zto', 'yto', 'sto', 'yunda', 'jt', 'sf', 'ems'] as const;
export const QC_LEVEL_CODES = ['none', 'basic', 'advanced'] as const;

/** Catalogue key of a courier's name, or null for a code this build does not know (shown as is). */
export function courierKey(code: string): string | null {
  return (COURIER_CODES as readonly string[]).includes(code) ? `forward.courier.${code}` : null;
}

/** Catalogue key of a quality inspection level, or null for one this build does not know. */
export function qcLevelKey(code: string): string | null {
  return (QC_LEVEL_CODES as readonly string[]).includes(code) ? `forward.qc.${code}` : null;
}

/** Whether a yuan string the server sent is zero ('0.00', '0'): compared as text, not as a float. */
export function isZeroYuan(yuan: string): boolean {
  return /^[+-]?0*(\.0*)?$/.test(yuan.trim()) && /\d/.test(yuan);
}
