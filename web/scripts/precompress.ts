/**
 * Precompressed siblings of the build: every compressible file of `dist` (JavaScript, CSS, HTML,
 * JSON, SVG, text, …) gets `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside
 * it, which the server sends to a browser that accepts them (tower-http ServeDir's precompressed
 * brotli/gzip, with `vary: accept-encoding`). A sibling that would not be smaller than the file is
 * not written (the server then sends the file itself). Uses node's zlib: no dependency.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Kinds of file worth compressing (images, fonts in woff2 and archives already are). */
const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html?|json|map|svg|txt|xml|webmanifest|ico|wasm|ttf|otf|eot)$/i;

export interface PrecompressResult {
  file: string;
  bytes: number;
  br: number | null;
  gz: number | null;
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest folder is for the build's tools, never served
      if (entry.name !== '.vite') yield* files(path);
    } else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) {
      yield path;
    }
  }
}

/** Compresses one file into its `.br` and `.gz` siblings (each only when smaller). */
async function precompressFile(path: string): Promise<PrecompressResult> {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: /\.(?:woff|ttf|otf|eot|wasm|ico)$/i.test(path) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = async (suffix: string, data: Buffer) => {
    if (data.length >= source.length) return null;
    await writeFile(`${path}${suffix}`, data);
    return data.length;
  };
  return { file: path, bytes: source.length, br: await written('.br', br), gz: await written('.gz', gz) };
}

/** Precompresses every compressible file below `dir`, a few at a time. */
export async function precompressDir(dir: string, parallel = 4): Promise<PrecompressResult[]> {
  if (!(await stat(dir)).isDirectory()) return [];
  const queue: string[] = [];
  for await (const path of files(dir)) queue.push(path);
  const results: PrecompressResult[] = [];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) results.push(await precompressFile(path));
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}
