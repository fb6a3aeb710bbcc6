import type { Language } from '../lib/languages';

export type FileAnswer = { ok: true; blob: Blob; disposition: string | null } | { ok: false; status: number | null; msg: string };

/**
 * A file the console downloads (the import template): fetched with the admin token, since a link
 * cannot send the header. Refusals are envelopes; never throws, `msg` is the server's or ''.
 */
export async function fetchConsoleFile(url: string, token: string, language: Language, fetchFn: typeof fetch = fetch): Promise<FileAnswer> {
  let response: Response;
  try {
    response = await fetchFn(new Request(url, { headers: { 'admin-token': token, 'content-language': language } }));
  } catch {
    return { ok: false, status: null, msg: '' };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) {
    try {
      return { ok: true, blob: await response.blob(), disposition: response.headers.get('content-disposition') };
    } catch {
      return { ok: false, status: response.status, msg: '' };
    }
  }
  try {
    const body = (await response.json()) as { code?: unknown; msg?: unknown };
    return { ok: false, status: response.status, msg: body.code !== 1 && typeof body.msg === 'string' ? body.msg : '' };
  } catch {
    return { ok: false, status: response.status, msg: '' };
  }
}
