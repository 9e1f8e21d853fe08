import { randomUUID } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/lib/errors';
import { IMAGE_EXTS, detectFileKind, isCompletePdf, type FileKind } from '../../platform/storage/file-types';
import { named } from '../../platform/openapi/shapes';
import { MAX_UPLOAD_BYTES, isPrivateFolder, type FileStorage, type UploadFolder } from '../../platform/storage/storage';
import { reencodeImage } from './reencode-image';
import { uploadOwners } from './table';

/** 'image-or-pdf' is for private documents only (contracts, payment proofs): a PDF is never stored publicly. */
export type UploadAccept = 'image' | 'image-or-pdf';

/** An upload's answer: the path the client keeps (the web shows it with `fileUrl()`). */
export const UploadedFileView = named('UploadedFile', v.strictObject({ url: v.string() }));
export type UploadedFileView = v.InferOutput<typeof UploadedFileView>;

/**
 * Checks and stores one uploaded file; answers the `/uploads/<folder>/<file>` path the client keeps
 * (`/uploads/private/<folder>/<file>` for a private document). Too large → 413, not an accepted type (by
 * content) → 415. Images are re-encoded (reencode-image.ts); a PDF must be whole (header and trailer).
 */
export async function storeUpload(
  storage: FileStorage,
  folder: UploadFolder,
  file: unknown,
  accept: UploadAccept,
): Promise<UploadedFileView> {
  if (accept === 'image-or-pdf' && !isPrivateFolder(folder))
    throw new Error(`PDFs are only stored in private folders, not ${folder}`);
  if (!(file instanceof File)) throw new AppError(422, 'file is required (multipart field "file")');
  if (file.size === 0) throw new AppError(422, 'file is empty');
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, 'File too large (maximum 5 MB)');
  let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
  const kind = detectFileKind(bytes);
  const allowed: FileKind['ext'][] = accept === 'image' ? IMAGE_EXTS : [...IMAGE_EXTS, 'pdf'];
  if (!kind || !allowed.includes(kind.ext)) {
    throw new AppError(
      415,
      accept === 'image'
        ? 'Only PNG, JPEG, WebP or GIF images are allowed'
        : 'Only PNG, JPEG, WebP, GIF images or PDF files are allowed',
    );
  }
  if (kind.ext === 'pdf') {
    if (!isCompletePdf(bytes)) throw new AppError(415, 'The PDF file is damaged or incomplete');
  } else {
    bytes = await reencodeImage(bytes, kind.ext);
  }
  const name = `${randomUUID()}.${kind.ext}`;
  await storage.save(folder, name, bytes);
  return { url: `/uploads/${folder}/${name}` };
}

/**
 * Records who uploaded an offer image (docs/SECURITY.md "Offer images"): the merchant of a merchant login, or null
 * for the back office (the first offer that uses it gives it to that offer's merchant: claimBackOfficeUploads).
 */
export async function recordUploadOwner(db: Db, path: string, merchantId: string | null, uploadedBy: string) {
  await db.insert(uploadOwners).values({ path, merchantId, uploadedBy });
}

/** The owners of these uploads: path → merchant id, or null for a back-office upload no offer has used yet. */
export async function uploadOwnersOf(db: Db, paths: string[]): Promise<Map<string, string | null>> {
  if (paths.length === 0) return new Map();
  const rows = await db.select().from(uploadOwners).where(inArray(uploadOwners.path, paths));
  return new Map(rows.map((row) => [row.path, row.merchantId]));
}

/** Gives back-office uploads no merchant owns yet to `merchantId` (an offer of it now shows them). */
export async function claimBackOfficeUploads(db: Db, paths: string[], merchantId: string): Promise<void> {
  if (paths.length === 0) return;
  await db
    .update(uploadOwners)
    .set({ merchantId })
    .where(and(inArray(uploadOwners.path, paths), isNull(uploadOwners.merchantId)));
}
