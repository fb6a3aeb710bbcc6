// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('precompressed build files', () => {
  it('writes .br and .gz beside every compressible file, decompressing to the same bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `商品${i % 7}`))};\n`;
    writeFileSync(join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dir, 'assets', 'index-abc.css'), '.a { color: red; }\n'.repeat(50));
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><body>${'<div></div>'.repeat(40)}</body></html>`);
    writeFileSync(join(dir, 'version.json'), JSON.stringify({ build: 'x'.repeat(200) }));
    writeFileSync(join(dir, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g></g>'.repeat(40)}</svg>`);
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(300, 7));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}'.padEnd(500, ' '));
    writeFileSync(join(dir, 'tiny.json'), '{}');

    const results = await precompressDir(dir);

    for (const file of ['assets/index-abc.js', 'assets/index-abc.css', 'index.html', 'version.json', 'logo.svg']) {
      const original = readFileSync(join(dir, file));
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(br.length, file).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
    // images are compressed already; the manifest folder is not served
    expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.gz'))).toBe(false);
    // a sibling no smaller than the file is not written (the server sends the file)
    expect(existsSync(join(dir, 'tiny.json.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.json.gz'))).toBe(false);
    expect(results.map((r) => r.file.slice(dir.length + 1))).toEqual(['assets/index-abc.css', 'assets/index-abc.js', 'index.html', 'logo.svg', 'tiny.json', 'version.json']);
  });
});
