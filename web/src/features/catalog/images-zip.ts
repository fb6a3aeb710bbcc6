import type { Id } from '../../lib/api-types';
import { dispositionFileName, postForFile, safeDownloadName, safeFileName, zipTimestamp, type FileResult, type FileSession } from '../../lib/file-download';

// moved to lib/file-download.ts (Excel downloads and listing packages use them too)
export { safeFileName, zipTimestamp } from '../../lib/file-download';

/**
 * Image packages: POST index/images_zip answers the zip itself (a stream, not an envelope), so it
 * is fetched directly (lib/file-download.ts `postForFile`) and the blob saved as a .zip file.
 * Failures answer the envelope.
 */
export const IMAGES_ZIP_URL = '/jpmall/addons/unishop/index/images_zip';

/** One product: its title; several: product-images-<timestamp>; always ending in .zip. */
export function zipFileName(titles: readonly string[], now: Date = new Date()): string {
  const base = titles.length === 1 ? safeFileName(titles[0]!) : `product-images-${zipTimestamp(now)}`;
  return `${base}.zip`;
}

/** The file name of a Content-Disposition header (RFC 6266, filename* first), made safe; null if none. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  return safeDownloadName(dispositionFileName(header), '.zip');
}

export interface ZipRequest extends FileSession {
  ids: readonly Id[];
  titles: readonly string[];
}

/** Asks for the package; never throws. `msg` is the server's (already translated) or ''. */
export function fetchImagesZip(request: ZipRequest, fetchFn: typeof fetch = fetch): Promise<FileResult> {
  return postForFile(
    IMAGES_ZIP_URL,
    { id: request.ids.join(',') },
    request,
    (disposition) => fileNameFromDisposition(disposition) ?? zipFileName(request.titles),
    fetchFn,
  );
}
