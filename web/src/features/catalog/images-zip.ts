import type { Id } from '../../api/types';
import type { Language } from '../../lib/languages';

/**
 * Image packages: POST index/images_zip answers the zip itself (a stream, not an envelope), so it
 * is fetched directly and the blob saved as a .zip file. Failures answer the envelope.
 */
export const IMAGES_ZIP_URL = '/jpmall/addons/unishop/index/images_zip';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** A file name that is safe on every system: no separators or reserved characters, no dots only. */
export function safeFileName(name: string, fallback = 'product-images'): string {
  const cleaned = name
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned === '' || /^_+$/.test(cleaned) ? fallback : cleaned;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDDHHMMSS in local time, as in the package folder name. */
export function zipTimestamp(date: Date): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** One product: its title; several: product-images-<timestamp>; always ending in .zip. */
export function zipFileName(titles: readonly string[], now: Date = new Date()): string {
  const base = titles.length === 1 ? safeFileName(titles[0]!) : `product-images-${zipTimestamp(now)}`;
  return `${base}.zip`;
}

/** The file name of a Content-Disposition header (RFC 6266, filename* first), made safe; null if none. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    if (plain) name = (plain[2] ?? plain[1]!).replace(/\\(.)/g, '$1').trim();
  }
  if (!name) return null;
  const safe = safeFileName(name.replace(/\.zip$/i, ''), '');
  return safe ? `${safe}.zip` : null;
}

export interface ZipRequest {
  ids: readonly Id[];
  titles: readonly string[];
  token: string;
  language: Language;
  areaSite: string;
}

export type ZipResult =
  | { ok: true; blob: Blob; fileName: string }
  | { ok: false; status: number | null; code: number | null; msg: string };

/** Asks for the package; never throws. `msg` is the server's (already translated) or ''. */
export async function fetchImagesZip(request: ZipRequest, fetchFn: typeof fetch = fetch): Promise<ZipResult> {
  let response: Response;
  try {
    response = await fetchFn(IMAGES_ZIP_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-language': request.language,
        areasite: request.areaSite,
        ...(request.token ? { token: request.token } : {}),
      },
      body: JSON.stringify({ id: request.ids.join(',') }),
    });
  } catch {
    return { ok: false, status: null, code: null, msg: '' };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) {
    try {
      const blob = await response.blob();
      const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? zipFileName(request.titles);
      return { ok: true, blob, fileName };
    } catch {
      return { ok: false, status: response.status, code: null, msg: '' };
    }
  }
  try {
    const body = (await response.json()) as { code?: unknown; msg?: unknown };
    const code = typeof body.code === 'number' ? body.code : null;
    return { ok: false, status: response.status, code, msg: typeof body.msg === 'string' ? body.msg : '' };
  } catch {
    return { ok: false, status: response.status, code: null, msg: '' };
  }
}

/** Saves a blob as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
