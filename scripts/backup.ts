/**
 * npm run backup -- <file>: writes ONE consistent archive of the database and the uploads (docs/OPERATING.md).
 * - DATABASE_URL set: pg_dump (custom format) of the whole database; uploads live in it (stored_files). Servers may
 *   keep running: pg_dump reads one consistent snapshot.
 * - Otherwise the PGlite database in DATA_DIR plus DATA_DIR/uploads. The server must be stopped (the DATA_DIR lock
 *   is taken for the whole backup, so none can start meanwhile either).
 * The archive is written next to its final name and renamed at the end, so a failed backup never replaces a good one.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { openPglite } from '../src/server/db/client';
import { loadConfig } from '../src/server/platform/env';
import { secureDataDir } from '../src/server/platform/lib/data-dir-lock';
import { ARCHIVE_FORMAT, countFiles, runScript, tar, UsageError, type Manifest } from './backup-archive';
import { lockStoppedDataDir } from './backup-pglite';
import { findPgTool, runPgTool, serverMajor, withPgClient } from './backup-postgres';

// Backups hold password hashes and guests' numbers: everything written here is owner-only.
process.umask(0o077);

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-'))
    throw new UsageError(
      'Usage: npm run backup -- <file>   (e.g. npm run backup -- /backups/stayperks-2026-03-31.tar)',
    );
  const target = resolve(args[0]!);
  if (!existsSync(dirname(target))) throw new UsageError(`The folder ${dirname(target)} does not exist.`);
  const config = loadConfig();

  // Work files go next to the target (same disk, enough room for the archive), never to a small /tmp.
  const work = mkdtempSync(join(dirname(target), `.${basename(target)}.`));
  try {
    const archive = join(work, 'archive.tar');
    const manifest = config.databaseUrl
      ? await backupPostgres(config.databaseUrl, work, archive)
      : await backupPglite(resolve(config.dataDir), work, archive);
    chmodSync(archive, 0o600);
    renameSync(archive, target);
    const size = (statSync(target).size / 1024 / 1024).toFixed(1);
    const what =
      manifest.kind === 'postgres'
        ? 'PostgreSQL dump, uploads inside'
        : `PGlite database and ${manifest.uploads} uploaded file(s)`;
    console.log(`Backup written to ${target} (${size} MB: ${what}).`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function backupPostgres(databaseUrl: string, work: string, archive: string): Promise<Manifest> {
  const major = await withPgClient(databaseUrl, serverMajor);
  const pgDump = await findPgTool('pg_dump', major);
  console.log(`Dumping the PostgreSQL ${major} database with ${pgDump.path} ...`);
  await runPgTool(pgDump.path, databaseUrl, ['--format=custom', `--file=${join(work, 'database.pgdump')}`]);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: 1,
    kind: 'postgres',
    createdAt: new Date().toISOString(),
    serverMajor: major,
    pgDump: String(pgDump.major),
  };
  writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  await tar(['-cf', archive, '-C', work, 'manifest.json', 'database.pgdump']);
  return manifest;
}

async function backupPglite(dataDir: string, work: string, archive: string): Promise<Manifest> {
  if (!existsSync(join(dataDir, 'pgdata')))
    throw new UsageError(
      `There is no database in ${dataDir} (no pgdata folder). Set DATA_DIR, or DATABASE_URL for PostgreSQL.`,
    );
  const release = lockStoppedDataDir(dataDir);
  // The lock is held until the uploads are in the archive too: database and files are from the same moment.
  try {
    console.log(`Dumping the PGlite database in ${dataDir} ...`);
    const client = await openPglite(join(dataDir, 'pgdata'));
    try {
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(join(work, 'pgdata.tar.gz'), new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await client.close();
      secureDataDir(dataDir); // opening PGlite may write files 0666 whatever the umask
    }
    const uploads = join(dataDir, 'uploads');
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      kind: 'pglite',
      createdAt: new Date().toISOString(),
      pglite: pgliteVersion(),
      uploads: countFiles(uploads),
    };
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    await tar([
      '-cf',
      archive,
      '-C',
      work,
      'manifest.json',
      'pgdata.tar.gz',
      ...(existsSync(uploads) ? ['-C', dataDir, 'uploads'] : []),
    ]);
    return manifest;
  } finally {
    release();
  }
}

function pgliteVersion(): string {
  const file = new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

runScript(main);
