import { useState } from 'react';
import { EXCEL_DOWNLOAD_URL } from '../api/excel-api';
import { dispositionFileName, postForFile, safeDownloadName, type FileResult, type FileSession } from '../lib/file-download';
import { useFileDownload } from './use-file-download';

export interface ExcelFileRequest extends FileSession {
  id: string;
  /** The job's `file_name`, used when the answer names no file. */
  fileName: string;
  /** Another call answering a workbook (a platform's write-back file); `excel/download` unless told. */
  url?: string;
  /** Its JSON body; `{id}` unless told. */
  body?: Record<string, unknown>;
}

/**
 * The name of a downloaded job's file: Content-Disposition (`filename*=UTF-8''…` first), else the
 * job's `file_name`, else `export.xlsx`; made safe, keeping the extension it came with
 * (`.xlsx`, a listing package's `.zip`, or whatever an uploaded import file was called); `.xlsx`
 * only for a name without one.
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
 * with the session headers (lib/file-download.ts `postForFile`); refusals are envelopes. Never
 * throws; `msg` is the server's (already in the request's language) or ''.
 */
export function fetchExcelFile(request: ExcelFileRequest, fetchFn: typeof fetch = fetch): Promise<FileResult> {
  return postForFile(
    request.url ?? EXCEL_DOWNLOAD_URL,
    request.body ?? { id: request.id },
    request,
    (disposition) => excelFileName(disposition, request.fileName),
    fetchFn,
  );
}

/**
 * Downloads a job's file (a workbook, or a listing package's zip: any answer that is not an
 * envelope is the file, named by `excelFileName`) and saves it (widgets/use-file-download.ts: a
 * 401 logs out and shows the login dialog like every other call; other failures toast the
 * server's message or the catalogue's `failedKey`, 'file export failed' unless told). `busy` is
 * the id of the job being downloaded.
 */
export function useExcelDownload(failedKey = 'error.exportFailed'): { download: (job: { id: string; file_name: string }) => Promise<boolean>; busy: string | null } {
  const { download: save } = useFileDownload(failedKey);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (job: { id: string; file_name: string }) => {
    setBusy(job.id);
    try {
      return await save((session) => fetchExcelFile({ id: job.id, fileName: job.file_name, ...session }));
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}
