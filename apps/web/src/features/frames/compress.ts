import { COMPRESS_QUALITY, COMPRESS_WIDTH } from '@mitrebox/domain';

/** Is this file a picture? Its type when the browser knows it; the server checks the content anyway. */
export const looksLikeImage = (file: File) => /^image\//.test(file.type);

/**
 * Compresses a picture in the browser before upload (storefront §5, §9): upright by its EXIF orientation,
 * at most 600 px wide, JPEG at quality 0.6. Answers null when the browser cannot decode it (not an image).
 */
export async function compressImage(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  const scale = Math.min(1, COMPRESS_WIDTH / bitmap.width);
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', COMPRESS_QUALITY));
}
