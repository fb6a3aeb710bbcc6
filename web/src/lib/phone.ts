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

/**
 * A phone for an address in mainland China, the server's rule: a mobile (a number that starts with
 * 1, after an optional +86) has 11 digits, 1 then 3 to 9; landlines and other numbers keep isPhone's.
 */
export function isDomesticPhone(value: string | null | undefined): boolean {
  if (!isPhone(value)) return false;
  const text = normalizePhone(value);
  const digits = text.replace(/\D/g, '');
  let national = digits;
  if (digits.startsWith('86') && (text.startsWith('+') || (digits.length === 13 && digits[2] === '1'))) {
    national = digits.slice(2);
  } else if (text.startsWith('+')) {
    return true;
  }
  return national.startsWith('1') ? /^1[3-9]\d{9}$/.test(national) : true;
}
