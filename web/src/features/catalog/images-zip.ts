import type { Id } from '../../lib/api-types';
import { dispositionFileName, safeDownloadName, safeFileName } from '../../lib/file-download';
import type { Language } from '../../lib/languages';

// moved to lib/file-download.ts (Excel downloads use them too)
export { safeFileName, saveBlob } from '../../lib/file-download';

/**
 * Image packages: POST index/images_zip answers the zip itself (a stream, not an envelope), so it
 * is fetched directly and the blob saved as a .zip file. Failures answer the envelope.
 */
export const IMAGES_ZIP_URL = '/jpmall/addons/unishop/index/images_zip';

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
  return safeDownloadName(dispositionFileName(header), '.zip');
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
