import { loadSharp } from '../../platform/lib/heavy-modules';
import {
  STORED_NAME,
  THUMBNAIL_SOURCE_FOLDERS,
  type FileStorage,
  type ThumbnailSourceFolder,
} from '../../platform/storage/storage';

/**
 * Offer-card thumbnails (docs/PRODUCT.md "API fields": an offer card's `thumbnail_url`). The server makes one the
 * first time it is asked for (GET /api/files/thumbnails/<folder>/<name>) and keeps it in the file storage under the
 * image's name, so every later request, on any server, reads it: on disk with PGlite, in stored_files with
 * PostgreSQL. Images uploaded before thumbnails existed get theirs the same way, so there is nothing to backfill.
 * The image behind a name never changes (names are random UUIDs), so neither does its thumbnail: cached for a year.
 * A change of THUMBNAIL_SIDE or of the encoding needs new URLs (another storage folder and path).
 */

/** Pixels on each side of the square thumbnail: the card draws it at half that, sharp on a 2x screen. */
export const THUMBNAIL_SIDE = 144;

const UPLOADED = /^\/uploads\/([a-z_]+)\/([^/]+)$/;

/** The stored path of `path`'s thumbnail (shown through /api/files/), or null when `path` is not a public upload. */
export function thumbnailPath(path: string | null | undefined): string | null {
  const [, folder, name] = UPLOADED.exec(path ?? '') ?? [];
  if (!isSourceFolder(folder) || !STORED_NAME.test(name!) || name!.endsWith('.pdf')) return null;
  return `/uploads/thumbnails/${folder}/${name}`;
}

/** An offer card's picture: its first image, else its merchant type's thumbnail; null when neither is an upload. */
export function offerThumbnailPath(images: readonly string[] | null, typeThumbnail: string | null): string | null {
  return thumbnailPath(images?.[0]) ?? thumbnailPath(typeThumbnail);
}

const isSourceFolder = (folder: string | undefined): folder is ThumbnailSourceFolder =>
  (THUMBNAIL_SOURCE_FOLDERS as readonly (string | undefined)[]).includes(folder);

/** Thumbnails being made in this process, so a burst of requests for a new card makes it once. */
const making = new Map<string, Promise<Uint8Array | undefined>>();

/** The WebP thumbnail of `<folder>/<name>`: stored, else made now and stored; undefined when there is no image. */
export async function readThumbnail(
  storage: FileStorage,
  folder: ThumbnailSourceFolder,
  name: string,
): Promise<Uint8Array | undefined> {
  const stored = await storage.read(`thumbnails/${folder}`, name);
  if (stored) return stored;
  const key = `${folder}/${name}`;
  let made = making.get(key);
  if (!made) {
    made = makeAndStore(storage, folder, name).finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

async function makeAndStore(storage: FileStorage, folder: ThumbnailSourceFolder, name: string) {
  const image = await storage.read(folder, name);
  if (!image) return undefined;
  const thumbnail = await makeThumbnail(image);
  if (!thumbnail) return undefined;
  try {
    await storage.save(`thumbnails/${folder}`, name, thumbnail);
  } catch (error) {
    // Another server stored it first (a name is never overwritten): the same picture, so serve ours.
    if (!(await storage.read(`thumbnails/${folder}`, name))) throw error;
  }
  return thumbnail;
}

/** The middle of the image, cropped to a square; the first frame of an animation. Undefined when it cannot be read. */
export async function makeThumbnail(image: Uint8Array): Promise<Uint8Array | undefined> {
  const sharp = await loadSharp();
  try {
    const webp = await sharp(image, { limitInputPixels: 64_000_000, autoOrient: true })
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer();
    return new Uint8Array(webp);
  } catch {
    // Stored images were re-encoded on upload (reencode-image.ts); a damaged old file just has no thumbnail.
    return undefined;
  }
}
