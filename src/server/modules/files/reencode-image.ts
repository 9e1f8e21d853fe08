import { loadSharp } from '../../platform/lib/heavy-modules';
import { AppError } from '../../platform/lib/errors';
import type { FileKind } from '../../platform/storage/file-types';

/** Longest side of a stored image; larger uploads are scaled down (docs/SECURITY.md, Headers and files). */
export const MAX_IMAGE_SIDE = 2000;
/** Decoded size we accept (all frames of an animation together): about a 64-megapixel photo. */
const MAX_INPUT_PIXELS = 64_000_000;

type ImageExt = Exclude<FileKind['ext'], 'pdf'>;

/**
 * Decodes an uploaded image and encodes it again in the same format, at most MAX_IMAGE_SIDE px on its long side.
 * What is stored is only pixels: bytes appended after the image (HTML or script polyglots), text chunks and
 * EXIF/XMP metadata (GPS position, camera) are gone. A JPEG's EXIF orientation is applied first.
 */
export async function reencodeImage(bytes: Uint8Array, ext: ImageExt): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
    const pages = (await sharp(bytes, input).metadata()).pages ?? 1;
    const animated = pages > 1;
    let image = sharp(bytes, { ...input, animated, autoOrient: !animated });
    image = image.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (keepMetadata/withMetadata): nothing of the original's is kept.
    const encoded =
      ext === 'png'
        ? image.png()
        : ext === 'jpg'
          ? image.jpeg({ quality: 85 })
          : ext === 'webp'
            ? image.webp({ quality: 85 })
            : image.gif();
    return new Uint8Array(await encoded.toBuffer());
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(413, 'Image too large (at most 64 megapixels)');
    }
    throw new AppError(415, 'The image could not be read; upload a PNG, JPEG, WebP or GIF image');
  }
}
