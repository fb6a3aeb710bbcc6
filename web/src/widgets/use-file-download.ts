import { useState } from 'react';
import { useIntl } from 'react-intl';
import { openLoginPrompt } from '../api/login-prompt';
import { saveBlob, type FileResult, type FileSession } from '../lib/file-download';
import { toast } from '../lib/toast';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loggedOut, selectSession } from '../state/session-slice';

/**
 * Downloads a file the server answers itself (lib/file-download.ts `postForFile`: image packages,
 * Excel workbooks, listing packages) and saves it. `fetchFile` is given the session's headers. A
 * 401 logs out and shows the login dialog like every other call; any other failure toasts the
 * server's message, else the catalogue's `failedKey` ('file compression failed'). `download`
 * answers whether the file was saved.
 */
export function useFileDownload(failedKey: string): { download: (fetchFile: (session: FileSession) => Promise<FileResult>) => Promise<boolean>; busy: boolean } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { token, language, areaSite } = useAppSelector(selectSession);
  const [busy, setBusy] = useState(false);

  const download = async (fetchFile: (session: FileSession) => Promise<FileResult>) => {
    setBusy(true);
    try {
      const result = await fetchFile({ token, language, areaSite });
      if (result.ok) {
        saveBlob(result.blob, result.fileName);
        return true;
      }
      if (result.status === 401 || result.code === 401) {
        void toast(intl.formatMessage({ id: 'error.http.401' }), 'error', 'unauthorized');
        dispatch(loggedOut());
        openLoginPrompt();
      } else {
        void toast(result.msg || intl.formatMessage({ id: failedKey }), 'error');
      }
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
