/**
 * Where uploaded files live: DATA_DIR/uploads with PGlite (DiskStorage), the stored_files table with PostgreSQL
 * (DatabaseStorage). An S3-compatible store can implement the same calls later without touching the routes.
 */
export interface FileStorage {
  save(folder: UploadFolder, name: string, bytes: Uint8Array): Promise<void>;
  /** undefined when there is no such file. */
  read(folder: UploadFolder, name: string): Promise<Uint8Array | undefined>;
  /** Moves a file to another folder under the same name; false when `from` has no such file (already moved). */
  move(from: UploadFolder, to: UploadFolder, name: string): Promise<boolean>;
}

/** Served to anyone at /api/files/<folder>/<file>: logos, offer images, type thumbnails (images only). */
export const PUBLIC_FOLDERS = ['hotels', 'merchant_types', 'merchants'] as const;
/**
 * Contracts, payment proofs and the invoices' signature image, served only to the back office at /api/files/private/<folder>/<file>
 * (docs/SECURITY.md, Headers and files). On disk: DATA_DIR/uploads/private/<folder>.
 */
export const PRIVATE_FOLDERS = ['private/hotels', 'private/settings'] as const;
/**
 * Offer-card thumbnails the server makes from public images (modules/files/thumbnails.ts): "thumbnails/<folder>/<name>"
 * is a small WebP of "<folder>/<name>", kept under the image's own name. Served at /api/files/thumbnails/<folder>/<name>.
 */
export const THUMBNAIL_SOURCE_FOLDERS = ['merchants', 'merchant_types'] as const;
export const THUMBNAIL_FOLDERS = THUMBNAIL_SOURCE_FOLDERS.map((folder) => `thumbnails/${folder}` as const);
export const UPLOAD_FOLDERS = [...PUBLIC_FOLDERS, ...PRIVATE_FOLDERS, ...THUMBNAIL_FOLDERS] as const;
export type PublicFolder = (typeof PUBLIC_FOLDERS)[number];
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];
export type ThumbnailSourceFolder = (typeof THUMBNAIL_SOURCE_FOLDERS)[number];
export type ThumbnailFolder = `thumbnails/${ThumbnailSourceFolder}`;
export type UploadFolder = PublicFolder | PrivateFolder | ThumbnailFolder;

export const isPrivateFolder = (folder: UploadFolder): folder is PrivateFolder =>
  (PRIVATE_FOLDERS as readonly string[]).includes(folder);
export const isUploadFolder = (folder: string): folder is UploadFolder =>
  (UPLOAD_FOLDERS as readonly string[]).includes(folder);

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Stored names are random UUIDs with a known extension: nothing a client sends becomes part of a path. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif|pdf)$/;
