import { loadSharp } from '../../platform/lib/heavy-modules';
import { PUBLIC_FOLDERS, STORED_NAME, type FileStorage, type PublicFolder } from '../../platform/storage/storage';

const UPLOAD_URL = /^\/uploads\/([a-z_]+)\/([^/]+)$/;

/**
 * A hotel's uploaded logo as a small PNG for a PDF (pdfkit draws PNG and JPEG only; logos may be WebP or GIF), or
 * undefined when there is none, it is not a stored upload or not an image: the card is printed without it.
 */
export async function hotelLogoPng(storage: FileStorage, logoUrl: string | null): Promise<Buffer | undefined> {
  const match = logoUrl ? UPLOAD_URL.exec(logoUrl) : null;
  if (!match) return undefined;
  const [, folder, name] = match;
  if (!(PUBLIC_FOLDERS as readonly string[]).includes(folder!) || !STORED_NAME.test(name!)) return undefined;
  // A storage failure (the database gone) is the request's failure; an image sharp cannot read is left out.
  const bytes = await storage.read(folder as PublicFolder, name!);
  if (!bytes) return undefined;
  const sharp = await loadSharp();
  try {
    // 300 px covers the 38 pt box at about 570 dpi.
    return await sharp(bytes, { limitInputPixels: 64_000_000 })
      .resize({ width: 300, height: 300, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}
