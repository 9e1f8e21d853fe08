import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { DOCUMENT_EXTS, IMAGE_EXTS, detectFileKind, type FileKind } from '../../storage/file-types';
import { MAX_UPLOAD_BYTES, type FileStorage, type UploadFolder } from '../../storage/storage';

export type UploadAccept = 'image' | 'image-or-pdf';

/**
 * Checks and stores one uploaded file; answers the `/uploads/<folder>/<file>` path the client keeps.
 * Too large → 413, not an accepted type (by content) → 415.
 */
export async function storeUpload(storage: FileStorage, folder: UploadFolder, file: unknown, accept: UploadAccept): Promise<{ url: string }> {
  if (!(file instanceof File)) throw new AppError(422, 'file is required (multipart field "file")');
  if (file.size === 0) throw new AppError(422, 'file is empty');
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, 'File too large (maximum 5 MB)');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectFileKind(bytes);
  const allowed = accept === 'image' ? IMAGE_EXTS : DOCUMENT_EXTS;
  if (!kind || !allowed.includes(kind.ext)) {
    throw new AppError(415, accept === 'image' ? 'Only PNG, JPEG, WebP or GIF images are allowed' : 'Only PNG, JPEG, WebP, GIF images or PDF files are allowed');
  }
  const name = `${randomUUID()}.${kind.ext satisfies FileKind['ext']}`;
  await storage.save(folder, name, bytes);
  return { url: `/uploads/${folder}/${name}` };
}
