import { describe, expect, it } from 'vitest';
import { quotedOf, splitQuoted } from './quoted';

describe('splitQuoted', () => {
  it('marks each quoted text where it occurs, in order', () => {
    expect(splitQuoted('Rejected: 账户有误; the amount is back.', ['账户有误'])).toEqual([
      { text: 'Rejected: ', quoted: false },
      { text: '账户有误', quoted: true },
      { text: '; the amount is back.', quoted: false },
    ]);
    expect(splitQuoted('lacks the columns 收件人手机号, 详细地址.', ['收件人手机号', '详细地址']).map((p) => p.quoted)).toEqual([false, true, false, true, false]);
  });

  it('prefers the longer of two quoted texts that start at one place, and ignores what is empty or absent', () => {
    expect(splitQuoted('地址错误很多', ['地址', '地址错误', '', '不在'])).toEqual([
      { text: '地址错误', quoted: true },
      { text: '很多', quoted: false },
    ]);
    expect(splitQuoted('Order shipped.', undefined)).toEqual([{ text: 'Order shipped.', quoted: false }]);
    expect(splitQuoted('', ['x'])).toEqual([]);
  });
});

describe('quotedOf', () => {
  it("reads a refusal's quoted texts, and nothing from data without them", () => {
    expect(quotedOf({ field: 'file', quoted: ['收件人手机号', 3, '详细地址'] })).toEqual(['收件人手机号', '详细地址']);
    expect(quotedOf({ field: 'file' })).toBeUndefined();
    expect(quotedOf(null)).toBeUndefined();
    expect(quotedOf('x')).toBeUndefined();
  });
});
