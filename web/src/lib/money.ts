/**
 * Yuan amounts as whole fen (never floats): reading what a person typed, reading the server's
 * yuan strings, and writing fen back as two-decimal yuan.
 */

/** Full-width digits and point (typed with a Chinese input method) as ASCII. */
function toAscii(text: string): string {
  return text.replace(/[０-９．]/g, (c) => (c === '．' ? '.' : String(c.charCodeAt(0) - 0xff10)));
}

/** At most this many fen: ten billion yuan, far above any cap, and well inside exact integers. */
const FEN_MAX = 1_000_000_000_000;

export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'negative' }
  | { kind: 'tooPrecise' }
  | { kind: 'ok'; fen: number };

/**
 * Reads an amount typed in yuan ('100', '0.5', '12.30', '¥8', '１２．５') into fen. Negative
 * numbers, more than two decimals, exponents and anything else that is not a plain decimal are
 * told apart so each gets its own message.
 */
export function readYuan(input: string | number | null | undefined): AmountReading {
  if (input === null || input === undefined) return { kind: 'empty' };
  const text = toAscii(String(input)).trim().replace(/^[¥￥]\s*/, '');
  if (text === '') return { kind: 'empty' };
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { kind: 'invalid' };
  const [, sign, whole = '', decimals = ''] = match;
  if (decimals.length > 2) return { kind: 'tooPrecise' };
  const fen = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen) || fen > FEN_MAX) return { kind: 'invalid' };
  if (sign === '-' && fen > 0) return { kind: 'negative' };
  return { kind: 'ok', fen };
}

/** Fen of a yuan string the server sent ('120.00', '-30.00'); 0 for anything unreadable. */
export function yuanToFen(yuan: string | number | null | undefined): number {
  if (yuan === null || yuan === undefined) return 0;
  const text = String(yuan).trim();
  const negative = text.startsWith('-');
  const reading = readYuan(negative ? text.slice(1) : text);
  if (reading.kind !== 'ok') return 0;
  return negative ? -reading.fen : reading.fen;
}

/** Fen as a yuan string with two decimals: 10050 → '100.50', -3000 → '-30.00'. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
