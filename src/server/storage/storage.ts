/**
 * Where uploaded files live: DATA_DIR/uploads with PGlite (DiskStorage), the stored_files table with PostgreSQL
 * (DatabaseStorage). An S3-compatible store can implement the same two calls later without touching the routes.
 */
export interface FileStorage {
  save(folder: UploadFolder, name: string, bytes: Uint8Array): Promise<void>;
  /** undefined when there is no such file. */
  read(folder: UploadFolder, name: string): Promise<Uint8Array | undefined>;
}

export const UPLOAD_FOLDERS = ['hotels', 'merchant_types', 'merchants'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Stored names are random UUIDs with a known extension: nothing a client sends becomes part of a path. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif|pdf)$/;
