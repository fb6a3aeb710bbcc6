import { generateKeyPairSync } from 'node:crypto';
import { JSEncrypt } from 'jsencrypt';
import { describe, expect, it } from 'vitest';
import { PROGRESS_SETTINGS, REQUEST_TIMEOUT_MS, TOAST_DURATION_MS, TOAST_OFFSET_PX, TOAST_DEFAULT_TYPE, BADGE_MAX, TEXTAREA_ROWS, IMAGE_MAX_SIDE } from './constants';
import { formatDate, toDate } from './format-date';
import { fitWithin, UPLOAD_FILE_NAME } from './image-scale';
import { rsaEncrypt, rsaEncryptAll } from './rsa';

describe('dates', () => {
  it('reads a ten-digit timestamp as seconds and longer ones as milliseconds', () => {
    expect(toDate(1795000000)?.getTime()).toBe(1795000000 * 1000);
    expect(toDate('1795000000')?.getTime()).toBe(1795000000 * 1000);
    expect(toDate(1795000000123)?.getTime()).toBe(1795000000123);
  });
  it('formats year-month-day hour:minute:second', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDate(d)).toBe('2026-01-05 07:08:09');
    expect(formatDate(Math.floor(d.getTime() / 1000))).toBe('2026-01-05 07:08:09');
    expect(formatDate(d.getTime())).toBe('2026-01-05 07:08:09');
    expect(formatDate(d, 'YYYY/MM/DD')).toBe('2026/01/05');
    expect(formatDate('2026-01-05 07:08:09')).toBe('2026-01-05 07:08:09');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('constants of spec section 9', () => {
  it('match the spec', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(100000);
    expect(PROGRESS_SETTINGS).toEqual({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false });
    expect([TOAST_DURATION_MS, TOAST_OFFSET_PX, TOAST_DEFAULT_TYPE]).toEqual([3000, 16, 'info']);
    expect([BADGE_MAX, TEXTAREA_ROWS, IMAGE_MAX_SIDE]).toEqual([99, 2, 800]);
  });
});

describe('image scaling', () => {
  it('fits the longer side within 800 px and never enlarges', () => {
    expect(fitWithin(1600, 1200)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(600, 2400)).toEqual({ width: 200, height: 800 });
    expect(fitWithin(800, 300)).toEqual({ width: 800, height: 300 });
    expect(fitWithin(20, 10)).toEqual({ width: 20, height: 10 });
    expect(fitWithin(5000, 1)).toEqual({ width: 800, height: 1 });
    expect(UPLOAD_FILE_NAME).toBe('upload.jpg');
  });
});

describe('RSA', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

  it('encrypts with the SPKI PEM key, PKCS#1 v1.5, base64', async () => {
    const cipher = await rsaEncrypt('abc123', publicKey);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(128);
    const decryptor = new JSEncrypt();
    decryptor.setPrivateKey(privateKey);
    expect(decryptor.decrypt(cipher)).toBe('abc123');
  });

  it('gives an empty text on failure', async () => {
    expect(await rsaEncrypt('abc123', '')).toBe('');
    expect(await rsaEncrypt('abc123', 'not a key')).toBe('');
    expect(await rsaEncryptAll(['a1b2c3', 'a1b2c3'], null)).toBeNull();
    expect(await rsaEncryptAll(['a1b2c3', 'x9y8z7'], publicKey)).toHaveLength(2);
  });
});
