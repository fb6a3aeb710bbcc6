/**
 * Files the server answers directly (image packages, Excel workbooks): a safe file name, the name
 * of a Content-Disposition header, and saving a blob as a download.
 */

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
