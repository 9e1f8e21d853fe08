import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAdminToken, startServerProcess, type ServerProcess } from '../support/server-process';
import { tinyPng } from '../support/offer-factories';

/**
 * Files at rest (docs/OPERATING.md "Files at rest"): the real server on a fresh PGlite DATA_DIR writes only
 * owner-only folders (0700) and files (0600), including PGlite's own files, and fixes a file left readable before.
 */
let parent: string;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'stayperks-modes-'));
  dataDir = join(parent, 'data');
  // What an older version left behind: a readable upload in a readable folder.
  mkdirSync(join(dataDir, 'uploads', 'hotels'), { recursive: true });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'uploads', 'hotels', 'old.png'), 'old', { mode: 0o644 });
  chmodSync(join(dataDir, 'uploads', 'hotels', 'old.png'), 0o644);
});
afterAll(async () => {
  await server?.stop();
  await rm(parent, { recursive: true, force: true });
});

function walk(path: string, found: { path: string; mode: number }[] = []) {
  const stat = lstatSync(path);
  found.push({ path, mode: stat.mode & 0o777 });
  if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name), found);
  return found;
}

describe('DATA_DIR on PGlite', () => {
  it('holds nothing that group or others may read, write or enter, after a start, some writes and a stop', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const token = await serverAdminToken(server.url);
    const auth = { Authorization: `Bearer ${token}` };

    const location = await fetch(`${server.url}/api/locations`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Goa North' }),
    });
    expect(location.status).toBe(201);
    const body = new FormData();
    body.append('file', tinyPng());
    const upload = await fetch(`${server.url}/api/hotels/upload-logo`, { method: 'POST', headers: auth, body });
    expect(upload.status).toBe(201);

    expect(await server.stop()).toBe(0);

    const entries = walk(dataDir);
    expect(entries.length).toBeGreaterThan(100); // PGlite's files, the upload, the old file
    expect(
      entries.some(
        (e) => e.path.includes(join('uploads', 'hotels')) && e.path.endsWith('.png') && !e.path.endsWith('old.png'),
      ),
    ).toBe(true);
    const open = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
    for (const entry of entries) {
      const isDir = lstatSync(entry.path).isDirectory();
      expect(entry.mode, entry.path).toBe(isDir ? 0o700 : 0o600);
    }
  }, 120_000);
});
