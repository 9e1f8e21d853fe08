import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STORED_NAME, isUploadFolder, type FileStorage, type UploadFolder } from './storage';

export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async save(folder: UploadFolder, name: string, bytes: Uint8Array): Promise<void> {
    const dir = join(this.root, this.checkedFolder(folder));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, this.checkedName(name)), bytes, { flag: 'wx' });
  }

  async read(folder: UploadFolder, name: string): Promise<Uint8Array | undefined> {
    if (!isUploadFolder(folder) || !STORED_NAME.test(name)) return undefined;
    try {
      return await readFile(join(this.root, folder, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async move(from: UploadFolder, to: UploadFolder, name: string): Promise<boolean> {
    const source = join(this.root, this.checkedFolder(from), this.checkedName(name));
    const dir = join(this.root, this.checkedFolder(to));
    await mkdir(dir, { recursive: true });
    try {
      await rename(source, join(dir, name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  // Defence in depth: the routes validate too, but the storage never builds a path from unchecked input.
  private checkedFolder(folder: UploadFolder): UploadFolder {
    if (!isUploadFolder(folder)) throw new Error(`Unknown upload folder ${String(folder)}`);
    return folder;
  }

  private checkedName(name: string): string {
    if (!STORED_NAME.test(name)) throw new Error(`Bad stored file name ${name}`);
    return name;
  }
}
