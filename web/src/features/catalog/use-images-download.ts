import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Id } from '../../lib/api-types';
import { openLoginPrompt } from '../../api/login-prompt';
import { useAppDispatch } from '../../state/hooks';
import { loggedOut } from '../../state/session-slice';
import { toast } from '../../lib/toast';
import { useScope } from './catalog-scope';
import { fetchImagesZip, saveBlob } from './images-zip';

/**
 * Downloads the image package of one or more products and saves it as a .zip file. A 401 logs
 * out and shows the login dialog like every other call; other failures show the server's
 * message or 'file compression failed'.
 */
export function useImagesDownload(): { download: (ids: readonly Id[], titles: readonly string[]) => Promise<boolean>; busy: boolean } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const scope = useScope();
  const [busy, setBusy] = useState(false);

  const download = async (ids: readonly Id[], titles: readonly string[]) => {
    if (ids.length === 0) return false;
    setBusy(true);
    try {
      const result = await fetchImagesZip({ ids, titles, ...scope });
      if (result.ok) {
        saveBlob(result.blob, result.fileName);
        return true;
      }
      if (result.status === 401 || result.code === 401) {
        void toast(intl.formatMessage({ id: 'error.http.401' }), 'error', 'unauthorized');
        dispatch(loggedOut());
        openLoginPrompt();
      } else {
        void toast(result.msg || intl.formatMessage({ id: 'error.compressFailed' }), 'error');
      }
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
