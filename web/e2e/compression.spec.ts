import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { expect, test } from './helpers';

const dist = resolve(import.meta.dirname, '..', 'dist');

/** A GET with the given accept-encoding; the raw bytes as sent (not decompressed) and the headers. */
function fetchRaw(url: string, acceptEncoding: string | null): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    }).on('error', fail);
  });
}

test('the build is sent precompressed: brotli or gzip as the browser accepts, the file itself otherwise', async ({ baseURL }) => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  const style = /<link[^>]+href="\/(assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(entry, 'the entry script in index.html').toBeTruthy();
  for (const file of [entry!, ...(style ? [style] : [])]) {
    const original = readFileSync(join(dist, file));
    const url = `${baseURL}/${file}`;

    const br = await fetchRaw(url, 'gzip, deflate, br');
    expect(br.status, file).toBe(200);
    expect(br.headers['content-encoding'], file).toBe('br');
    expect(String(br.headers.vary ?? '').toLowerCase(), file).toContain('accept-encoding');
    expect(br.body.equals(readFileSync(join(dist, `${file}.br`))), `${file}: the build's .br`).toBe(true);
    expect(br.body.length, file).toBeLessThan(original.length / 2);

    const gz = await fetchRaw(url, 'gzip');
    expect(gz.headers['content-encoding'], file).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(dist, `${file}.gz`))), `${file}: the build's .gz`).toBe(true);

    const plain = await fetchRaw(url, null);
    expect(plain.headers['content-encoding'], file).toBeUndefined();
    expect(plain.body.equals(original), file).toBe(true);
  }
});
