import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubRequestOrigin } from '../../testing/screen-test-kit';
import { fetchImagesZip, fileNameFromDisposition, IMAGES_ZIP_URL, safeFileName, zipFileName, zipTimestamp } from './images-zip';

describe('package file names', () => {
  it('are safe on every system', () => {
    expect(safeFileName('2024 新款 / 连衣裙')).toBe('2024 新款 _ 连衣裙');
    expect(safeFileName('..')).toBe('product-images');
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('a\\b:c*d?e"f<g>h|i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(safeFileName('line\nbreak\ttab')).toBe('line_break_tab');
    expect(safeFileName('   ')).toBe('product-images');
    expect(safeFileName('///')).toBe('product-images');
    expect(safeFileName('夏季 T恤 🔥 爆款')).toBe('夏季 T恤 🔥 爆款');
    expect(safeFileName('x'.repeat(200))).toHaveLength(80);
  });

  it('one product: its title; several: product-images-<timestamp>', () => {
    const now = new Date(2026, 0, 5, 7, 8, 9);
    expect(zipTimestamp(now)).toBe('20260105070809');
    expect(zipFileName(['韩版 卫衣'], now)).toBe('韩版 卫衣.zip');
    expect(zipFileName(['a/b'], now)).toBe('a_b.zip');
    expect(zipFileName(['a', 'b'], now)).toBe('product-images-20260105070809.zip');
    expect(zipFileName([], now)).toBe('product-images-20260105070809.zip');
  });

  it("the server's Content-Disposition name wins, made safe", () => {
    expect(fileNameFromDisposition(`attachment; filename="x.zip"; filename*=UTF-8''%E8%BF%9E%E8%A1%A3%E8%A3%99.zip`)).toBe('连衣裙.zip');
    expect(fileNameFromDisposition('attachment; filename="product-images-20260105070809.zip"')).toBe('product-images-20260105070809.zip');
    expect(fileNameFromDisposition('attachment; filename=plain')).toBe('plain.zip');
    expect(fileNameFromDisposition('attachment; filename="../evil.zip"')).toBe('_evil.zip');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });
});

describe('downloading a package', () => {
  beforeEach(stubRequestOrigin);
  afterEach(() => vi.unstubAllGlobals());
  const request = { ids: ['p1', 'p2'], titles: ['A', 'B'], token: 'tok', language: 'en_US' as const, areaSite: 'cn' };

  it('posts the ids with the session headers and returns the zip', async () => {
    const fetchFn = vi.fn(async (_request: Request) =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="product-images-20260105070809.zip"' },
      }),
    );
    const result = await fetchImagesZip(request, fetchFn as unknown as typeof fetch);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fileName).toBe('product-images-20260105070809.zip');
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    const [sent] = fetchFn.mock.calls[0]!;
    expect(new URL(sent.url).pathname).toBe(IMAGES_ZIP_URL);
    expect(sent.method).toBe('POST');
    expect(JSON.parse(await sent.text())).toEqual({ id: 'p1,p2' });
    expect(Object.fromEntries(sent.headers)).toMatchObject({ token: 'tok', 'content-language': 'en_US', areasite: 'cn', 'content-type': 'application/json' });
  });

  it('names the file itself when the server does not', async () => {
    const fetchFn = async () => new Response('PK', { status: 200, headers: { 'content-type': 'application/zip' } });
    const result = await fetchImagesZip({ ...request, ids: ['p1'], titles: ['春装/新款'] }, fetchFn as unknown as typeof fetch);
    expect(result).toMatchObject({ ok: true, fileName: '春装_新款.zip' });
  });

  it('a failure answers the envelope: its message, code and status', async () => {
    const envelope = (status: number, code: number, msg: string) => async () =>
      new Response(JSON.stringify({ code, msg, time: 1, data: null }), { status, headers: { 'content-type': 'application/json' } });
    expect(await fetchImagesZip(request, envelope(500, 0, 'File compression failed') as unknown as typeof fetch)).toEqual({
      ok: false,
      status: 500,
      code: 0,
      msg: 'File compression failed',
    });
    expect(await fetchImagesZip(request, envelope(401, 401, 'x') as unknown as typeof fetch)).toMatchObject({ ok: false, status: 401, code: 401 });
    const broken = async () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    expect(await fetchImagesZip(request, broken as unknown as typeof fetch)).toEqual({ ok: false, status: 502, code: null, msg: '' });
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await fetchImagesZip(request, offline as unknown as typeof fetch)).toEqual({ ok: false, status: null, code: null, msg: '' });
  });

  it('sends no token header when logged out', async () => {
    const fetchFn = vi.fn(async (_request: Request) => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }));
    await fetchImagesZip({ ...request, token: '' }, fetchFn as unknown as typeof fetch);
    expect(fetchFn.mock.calls[0]![0].headers.has('token')).toBe(false);
  });
});
