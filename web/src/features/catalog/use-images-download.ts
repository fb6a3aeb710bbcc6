import type { Id } from '../../lib/api-types';
import { useFileDownload } from '../../widgets/use-file-download';
import { fetchImagesZip } from './images-zip';

/**
 * Downloads the image package of one or more products and saves it as a .zip file
 * (widgets/use-file-download.ts: a 401 logs out and shows the login dialog; other failures show
 * the server's message or 'file compression failed').
 */
export function useImagesDownload(): { download: (ids: readonly Id[], titles: readonly string[]) => Promise<boolean>; busy: boolean } {
  const { download, busy } = useFileDownload('error.compressFailed');
  return {
    download: async (ids, titles) => (ids.length === 0 ? false : download((session) => fetchImagesZip({ ids, titles, ...session }))),
    busy,
  };
}
