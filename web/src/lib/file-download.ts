/**
 * Files the server answers directly (image packages, Excel workbooks, listing packages): asking for
 * one with the session's headers, a safe file name, the name of a Content-Disposition header, and
 * saving a blob as a download.
 */
import type { Language } from './languages';

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

/** The file name a Content-Disposition header gives (RFC 6266, `filename*` first), as sent; null if none. */
export function dispositionFileName(header: string | null | undefined): string | null {
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
  return name || null;
}

/**
 * A safe download name ending in `extension` (with its dot, e.g. '.xlsx'): the given name without
 * that extension made safe, then the extension; null when nothing usable is left.
 */
export function safeDownloadName(name: string | null | undefined, extension: string): string | null {
  if (!name) return null;
  const lower = extension.toLowerCase();
  const base = name.toLowerCase().endsWith(lower) ? name.slice(0, name.length - extension.length) : name;
  const safe = safeFileName(base, '');
  return safe ? `${safe}${extension}` : null;
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

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDDHHMMSS in local time: the stamp of a download named by the page (`product-images-…`). */
export function zipTimestamp(date: Date): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** The headers every call of the seller's carries (api/base-query's, for a call made with `fetch`). */
export interface FileSession {
  token: string;
  language: Language;
  areaSite: string;
}

/**
 * A file the server answers itself: the blob and the name the page saves it as, or why not (the
 * status, the envelope's code and its `msg`, already in the request's language, or '').
 */
export type FileResult =
  | { ok: true; blob: Blob; fileName: string }
  | { ok: false; status: number | null; code: number | null; msg: string };

/**
 * POSTs `body` as JSON to a call that answers a file (an image package, a workbook, a listing
 * package) rather than an envelope, with the session's headers (no token header when logged out).
 * A refusal is an envelope (a 200 envelope with code 1 is not a file either); no answer or an
 * unreadable one is `{ok: false}` with an empty `msg`. `name` gives the file name from the
 * answer's Content-Disposition. Never throws.
 */
export async function postForFile(
  url: string,
  body: unknown,
  session: FileSession,
  name: (disposition: string | null) => string,
  fetchFn: typeof fetch = fetch,
): Promise<FileResult> {
  let response: Response;
  try {
    response = await fetchFn(
      new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-language': session.language,
          areasite: session.areaSite,
          ...(session.token ? { token: session.token } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  } catch {
    return { ok: false, status: null, code: null, msg: '' };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) {
    try {
      const blob = await response.blob();
      return { ok: true, blob, fileName: name(response.headers.get('content-disposition')) };
    } catch {
      return { ok: false, status: response.status, code: null, msg: '' };
    }
  }
  try {
    const answer = (await response.json()) as { code?: unknown; msg?: unknown };
    const code = typeof answer.code === 'number' ? answer.code : null;
    return { ok: false, status: response.status, code: code === 1 ? null : code, msg: code !== 1 && typeof answer.msg === 'string' ? answer.msg : '' };
  } catch {
    return { ok: false, status: response.status, code: null, msg: '' };
  }
}
