import { useState } from 'react';
import { useIntl } from 'react-intl';
import { EXCEL_DOWNLOAD_URL } from '../api/excel-api';
import { openLoginPrompt } from '../api/login-prompt';
import { dispositionFileName, safeDownloadName, saveBlob } from '../lib/file-download';
import type { Language } from '../lib/languages';
import { toast } from '../lib/toast';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loggedOut, selectSession } from '../state/session-slice';

export interface ExcelFileRequest {
  id: string;
  /** The job's `file_name`, used when the answer names no file. */
  fileName: string;
  token: string;
  language: Language;
  areaSite: string;
  /** Another call answering a workbook (a platform's write-back file); `excel/download` unless told. */
  url?: string;
  /** Its JSON body; `{id}` unless told. */
  body?: Record<string, unknown>;
}

export type ExcelFileResult =
  | { ok: true; blob: Blob; fileName: string }
  | { ok: false; status: number | null; code: number | null; msg: string };

/**
 * The name of a downloaded workbook: Content-Disposition (`filename*=UTF-8''…` first), else the
 * job's `file_name`, else `export.xlsx`; made safe, keeping the extension it came with
 * (`.xlsx`, or whatever an uploaded import file was called).
 */
export function excelFileName(disposition: string | null | undefined, fallback: string): string {
  for (const name of [dispositionFileName(disposition), fallback]) {
    if (!name) continue;
    const extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '.xlsx';
    const safe = safeDownloadName(name, extension);
    if (safe) return safe;
  }
  return 'export.xlsx';
}

/**
 * POST excel/download answers the workbook itself (not an envelope), so it is fetched directly
 * with the session headers; refusals are envelopes. Never throws; `msg` is the server's (already
 * in the request's language) or ''.
 */
export async function fetchExcelFile(request: ExcelFileRequest, fetchFn: typeof fetch = fetch): Promise<ExcelFileResult> {
  let response: Response;
  try {
    response = await fetchFn(
      new Request(request.url ?? EXCEL_DOWNLOAD_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-language': request.language,
          areasite: request.areaSite,
          ...(request.token ? { token: request.token } : {}),
        },
        body: JSON.stringify(request.body ?? { id: request.id }),
      }),
    );
  } catch {
    return { ok: false, status: null, code: null, msg: '' };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) {
    try {
      const blob = await response.blob();
      return { ok: true, blob, fileName: excelFileName(response.headers.get('content-disposition'), request.fileName) };
    } catch {
      return { ok: false, status: response.status, code: null, msg: '' };
    }
  }
  try {
    const body = (await response.json()) as { code?: unknown; msg?: unknown };
    const code = typeof body.code === 'number' ? body.code : null;
    // a 200 envelope with code 1 is not a file either
    return { ok: false, status: response.status, code: code === 1 ? null : code, msg: code !== 1 && typeof body.msg === 'string' ? body.msg : '' };
  } catch {
    return { ok: false, status: response.status, code: null, msg: '' };
  }
}

/**
 * Downloads a job's file and saves it. A 401 logs out and shows the login dialog like every other
 * call; other failures toast the server's message or 'file export failed'.
 */
export function useExcelDownload(): { download: (job: { id: string; file_name: string }) => Promise<boolean>; busy: string | null } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { token, language, areaSite } = useAppSelector(selectSession);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (job: { id: string; file_name: string }) => {
    setBusy(job.id);
    try {
      const result = await fetchExcelFile({ id: job.id, fileName: job.file_name, token, language, areaSite });
      if (result.ok) {
        saveBlob(result.blob, result.fileName);
        return true;
      }
      if (result.status === 401 || result.code === 401) {
        void toast(intl.formatMessage({ id: 'error.http.401' }), 'error', 'unauthorized');
        dispatch(loggedOut());
        openLoginPrompt();
      } else {
        void toast(result.msg || intl.formatMessage({ id: 'error.exportFailed' }), 'error');
      }
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}
