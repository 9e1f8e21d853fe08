import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from './table';
import { MAX_UPLOAD_BYTES, STORED_NAME, isUploadFolder, type FileStorage, type UploadFolder } from './storage';

/**
 * Uploads kept in the database (stored_files) when DATABASE_URL is set, so every server behind a load balancer
 * serves every file and a pg_dump backup holds them too (docs/OPERATING.md). Files are at most 5 MB.
 * Private documents are rows whose folder starts with "private/".
 */
export class DatabaseStorage implements FileStorage {
  constructor(private readonly db: Db) {}

  async save(folder: UploadFolder, name: string, bytes: Uint8Array): Promise<void> {
    if (!isUploadFolder(folder)) throw new Error(`Unknown upload folder ${String(folder)}`);
    if (!STORED_NAME.test(name)) throw new Error(`Bad stored file name ${name}`);
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new Error(`File too large: ${bytes.byteLength} bytes`);
    // A plain insert: like the disk's 'wx', a name is never overwritten (names are random UUIDs).
    await this.db.insert(storedFiles).values({ folder, name, size: bytes.byteLength, data: bytes });
  }

  async read(folder: UploadFolder, name: string): Promise<Uint8Array | undefined> {
    if (!isUploadFolder(folder) || !STORED_NAME.test(name)) return undefined;
    const [row] = await this.db
      .select({ data: storedFiles.data })
      .from(storedFiles)
      .where(and(eq(storedFiles.folder, folder), eq(storedFiles.name, name)));
    return row?.data;
  }

  async move(from: UploadFolder, to: UploadFolder, name: string): Promise<boolean> {
    if (!isUploadFolder(from) || !isUploadFolder(to)) throw new Error(`Unknown upload folder ${from} or ${to}`);
    if (!STORED_NAME.test(name)) throw new Error(`Bad stored file name ${name}`);
    // One UPDATE: servers starting together cannot both move it, and the bytes are never copied.
    const moved = await this.db
      .update(storedFiles)
      .set({ folder: to })
      .where(and(eq(storedFiles.folder, from), eq(storedFiles.name, name)))
      .returning({ name: storedFiles.name });
    return moved.length > 0;
  }
}
