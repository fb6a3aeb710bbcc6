/** Contact phones (address book, drop-shipping sender); apart from validators.ts so the login screen does not load them. */

/** Full-width digits, plus, minus and space (typed with a Chinese input method) as ASCII. */
export function normalizePhone(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/[０-９]/g, (c) => String(c.charCodeAt(0) - 0xff10))
    .replace(/＋/g, '+')
    .replace(/[－—]/g, '-')
    .replace(/\u3000/g, ' ')
    .trim();
}

/**
 * A contact phone (address book, drop-shipping sender): 7 to 20 digits, with `+`, `-` or spaces
 * between them and nothing else; the server's rule.
 */
export function isPhone(value: string | null | undefined): boolean {
  const text = normalizePhone(value);
  if (!/^[\d+\- ]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 20;
}
