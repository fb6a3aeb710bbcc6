import { useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchWarehouseFile } from './warehouse-api';
import { dispositionFileName, safeDownloadName, saveBlob } from '../../lib/file-download';
import { toast } from '../../lib/toast';
import { consoleLoggedOut, selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleDispatch, useConsoleSelector } from '../../state/console-hooks';

export interface DownloadRequest {
  /** Which download is busy (a button's own key). */
  key: string;
  url: string;
  /** The saved file's extension, with its dot ('.xlsx'). */
  extension: string;
  /** The name when the answer gives none. */
  fallback: string;
  /** A JSON body makes it a POST. */
  body?: unknown;
}

/** The extension of a stored file's path ('/uploads/a/b.PDF' → '.pdf'), '' when none. */
export function extensionOf(path: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(path.split(/[?#]/)[0] ?? '');
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/**
 * Downloads a file with the admin token (a link cannot send it) and saves it under the name the
 * answer gives; a refusal shows the server's msg, an ended session logs out.
 */
export function useWarehouseDownload() {
  const intl = useIntl();
  const dispatch = useConsoleDispatch();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async ({ key, url, extension, fallback, body }: DownloadRequest) => {
    setBusy(key);
    try {
      const answer = await fetchWarehouseFile(url, token, language, body);
      if (answer.ok) {
        saveBlob(answer.blob, safeDownloadName(dispositionFileName(answer.disposition), extension) ?? fallback);
        return;
      }
      if (answer.status === 401) {
        void toast(answer.msg || intl.formatMessage({ id: 'error.http.401' }), 'error', 'unauthorized');
        dispatch(consoleLoggedOut());
        return;
      }
      void toast(answer.msg || intl.formatMessage({ id: 'console.warehouse.downloadFailed' }), 'error');
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}
