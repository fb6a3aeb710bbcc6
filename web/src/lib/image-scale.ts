import { IMAGE_MAX_SIDE } from './constants';

/** Size that fits within max × max keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, max: number = IMAGE_MAX_SIDE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max || longer === 0) return { width, height };
  const scale = max / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const UPLOAD_FILE_NAME = 'upload.jpg';

export class NoUsableImageError extends Error {
  constructor() {
    super('no usable image detected');
  }
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // fall through to <img>, which also takes SVG
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
  } catch {
    URL.revokeObjectURL(url);
    throw new NoUsableImageError();
  }
}

/**
 * Scales an image so its longer side is at most 800 px, fills transparent parts with white and
 * encodes it as a JPEG file named upload.jpg.
 */
export async function scaleImageForUpload(file: Blob, max: number = IMAGE_MAX_SIDE, quality = 0.9): Promise<File> {
  const image = await decode(file);
  try {
    if (!image.width || !image.height) throw new NoUsableImageError();
    const size = fitWithin(image.width, image.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new NoUsableImageError();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(image.source, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) throw new NoUsableImageError();
    return new File([blob], UPLOAD_FILE_NAME, { type: 'image/jpeg' });
  } finally {
    image.close();
  }
}
