// Image preparation before upload, in the sync worker (off the main thread): the user's crop, then
// scaling so the longer side is at most IMAGE_MAX_DIMENSION_PX and JPEG at quality
// IMAGE_COMPRESSION_QUALITY (spec part 1 §5, §9). Answers null when there is nothing to do or the
// realm cannot (no OffscreenCanvas): the caller then sends the original. GIFs never come here.
import { IMAGE_COMPRESSION_QUALITY, IMAGE_MAX_DIMENSION_PX } from '../domain/constants';
import { scaledSize } from '../domain/media-transfer';
import type { PrepareImage } from '../sync/media';

export const prepareImageOffscreen: PrepareImage = async (blob, crop) => {
  if (typeof OffscreenCanvas !== 'function' || typeof createImageBitmap !== 'function') return null;
  const full = await createImageBitmap(blob);
  const area = crop
    ? {
        x: Math.max(0, Math.min(full.width - 1, Math.round(crop.x))),
        y: Math.max(0, Math.min(full.height - 1, Math.round(crop.y))),
        width: Math.round(crop.width),
        height: Math.round(crop.height),
      }
    : { x: 0, y: 0, width: full.width, height: full.height };
  area.width = Math.max(1, Math.min(full.width - area.x, area.width));
  area.height = Math.max(1, Math.min(full.height - area.y, area.height));
  const cropped = area.x !== 0 || area.y !== 0 || area.width !== full.width || area.height !== full.height;
  const size = scaledSize(area.width, area.height, IMAGE_MAX_DIMENSION_PX);
  if (!cropped && !size.scaled) {
    full.close();
    return null;
  }
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    full.close();
    return null;
  }
  ctx.drawImage(full, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  full.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: IMAGE_COMPRESSION_QUALITY });
};
