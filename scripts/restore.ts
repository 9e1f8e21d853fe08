/**
 * npm run restore -- <file> [--force]: brings a backup made by `npm run backup` back (docs/OPERATING.md).
 * - DATABASE_URL set: pg_restore into that database, in one transaction (all or nothing). Stop the servers first.
 * - Otherwise into DATA_DIR (PGlite database and uploads); the server must be stopped (DATA_DIR lock).
 * It refuses a database or DATA_DIR that already holds data unless --force is given; --force replaces what is there.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPglite } from '../src/server/db/client';
import { loadConfig } from '../src/server/platform/env';
import { secureDataDir } from '../src/server/platform/lib/data-dir-lock';
import { ARCHIVE_FORMAT, countFiles, runScript, tar, UsageError, type Manifest } from './backup-archive';
import { lockStoppedDataDir } from './backup-pglite';
import { countUserRelations, findPgTool, pgRestoreWithProgress, serverMajor, withPgClient } from './backup-postgres';

// Restored files (database, uploads) are owner-only, whatever modes the archive recorded.
process.umask(0o077);
/** Extract as the current user with the umask above, not the archive's owners and modes. */
const EXTRACT = ['--no-same-owner', '--no-same-permissions'];

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-'))
    throw new UsageError('Usage: npm run restore -- <file> [--force]');
  const archive = resolve(files[0]!);
  if (!existsSync(archive)) throw new UsageError(`No such backup file: ${archive}`);
  const config = loadConfig();

  if (config.databaseUrl) await restorePostgres(archive, config.databaseUrl, force);
  else await restorePglite(archive, resolve(config.dataDir), force);
}

/** Extracts the manifest into `work` and checks the archive is ours and of the expected kind. */
async function readManifest(archive: string, work: string, kind: Manifest['kind']): Promise<Manifest> {
  await tar(['-xf', archive, ...EXTRACT, '-C', work, 'manifest.json']).catch(() => {
    throw new UsageError(`${archive} is not a StayPerks backup (no manifest.json inside).`);
  });
  const manifest = JSON.parse(readFileSync(join(work, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new UsageError(`${archive} is not a StayPerks backup.`);
  if (manifest.kind !== kind) {
    throw new UsageError(
      manifest.kind === 'pglite'
        ? 'This backup is of an embedded PGlite database: restore it with DATABASE_URL unset, into DATA_DIR.'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.',
    );
  }
  console.log(`Backup of ${manifest.createdAt} (${manifest.kind}).`);
  return manifest;
}

async function restorePostgres(archive: string, databaseUrl: string, force: boolean) {
  const work = mkdtempSync(join(tmpdir(), 'stayperks-restore-'));
  try {
    await readManifest(archive, work, 'postgres');
    const { major, relations } = await withPgClient(databaseUrl, async (client) => ({
      major: await serverMajor(client),
      relations: await countUserRelations(client),
    }));
    if (relations > 0 && !force) {
      throw new UsageError(
        `Refusing to restore: the database is not empty (${relations} tables, views or sequences).\n` +
          'Restore into a new, empty database, or add --force to REPLACE its contents with the backup (stop the servers first).',
      );
    }
    await tar(['-xf', archive, ...EXTRACT, '-C', work, 'database.pgdump']);
    const pgRestore = await findPgTool('pg_restore', major);
    console.log(
      `Restoring into the PostgreSQL ${major} database with ${pgRestore.path}${relations ? ' (--force: replacing what is there)' : ''} ...`,
    );
    await pgRestoreWithProgress(pgRestore.path, databaseUrl, join(work, 'database.pgdump'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(relations ? ['--clean', '--if-exists'] : []),
    ]);
    console.log('Restored. Start the servers.');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restorePglite(archive: string, dataDir: string, force: boolean) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = lockStoppedDataDir(dataDir);
  // Work inside DATA_DIR: the restored folders are then moved in place by a rename on the same disk.
  const work = mkdtempSync(join(dataDir, '.restore-'));
  try {
    await readManifest(archive, work, 'pglite');
    const pgdata = join(dataDir, 'pgdata');
    const uploads = join(dataDir, 'uploads');
    const existing = (existsSync(pgdata) ? readdirSync(pgdata).length : 0) + countFiles(uploads);
    if (existing > 0 && !force) {
      throw new UsageError(
        `Refusing to restore: ${dataDir} already holds a database or uploads.\n` +
          'Restore into an empty DATA_DIR, or add --force to REPLACE its database and uploads with the backup.',
      );
    }
    await tar(['-xf', archive, ...EXTRACT, '-C', work]);
    console.log(`Restoring into ${dataDir}${existing ? ' (--force: replacing what is there)' : ''} ...`);
    // PGlite unpacks its dump into a new data directory; only then is the old one replaced.
    const restored = join(work, 'pgdata');
    const dump = new File([readFileSync(join(work, 'pgdata.tar.gz'))], 'pgdata.tar.gz', { type: 'application/x-gzip' });
    const client = await openPglite(restored, { loadDataDir: dump });
    await client.query('select 1');
    await client.close();
    rmSync(pgdata, { recursive: true, force: true });
    rmSync(uploads, { recursive: true, force: true });
    renameSync(restored, pgdata);
    if (existsSync(join(work, 'uploads'))) renameSync(join(work, 'uploads'), uploads);
    secureDataDir(dataDir); // PGlite writes some files 0666 whatever the umask
    console.log(`Restored the database and ${countFiles(uploads)} uploaded file(s). Start the server.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    release();
  }
}

runScript(main);
