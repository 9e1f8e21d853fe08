/**
 * Starts the real server for the end-to-end tests: a fresh DATA_DIR (demo data loads on the empty database),
 * on PostgreSQL in a brand-new database when TEST_DATABASE_URL is set. Cleans both up when stopped.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testServiceAccount } from '../../support/fake-google-wallet';
import { createTempDatabase } from '../../support/pg';
import { codesFile, keepCodeLine } from './codes';
import { E2E_PLACES_API_KEY, startFakePlaces } from './fake-places';

const dataDir = mkdtempSync(join(tmpdir(), 'stayperks-e2e-'));
const places = await startFakePlaces();
const temp = process.env.TEST_DATABASE_URL
  ? await createTempDatabase(process.env.TEST_DATABASE_URL, 'sp_e2e')
  : undefined;

rmSync(codesFile(), { force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/platform/index.ts'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // The log provider's code lines are info (docs/PRODUCT.md "Guest trust"): kept for codes.ts, the rest of the
    // log is shown from error up, as NODE_ENV=test's default level did.
    LOG_LEVEL: 'info',
    PORT: process.env.E2E_PORT ?? '4310',
    DATA_DIR: dataDir,
    DATABASE_URL: temp?.url ?? '',
    GOOGLE_PLACES_API_KEY: E2E_PLACES_API_KEY,
    GOOGLE_PLACES_BASE_URL: places.url,
    // "Add to Google Wallet" on (docs/PRODUCT.md "Google Wallet"), with a key of its own; Google's API is an
    // address nothing answers, so a pass's update never leaves the machine.
    ...testServiceAccount().env,
    GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9/walletobjects/v1',
    GOOGLE_WALLET_TOKEN_URL: 'http://127.0.0.1:9/token',
    // Payment links through the log gateway (docs/OPERATING.md "Payments"): a spec plays the gateway's webhook itself.
    PAYMENT_GATEWAY: 'log',
  },
});

createInterface({ input: server.stdout }).on('line', (line) => {
  if (keepCodeLine(line)) return;
  const level = /^\{"level":(\d+)/.exec(line)?.[1];
  if (level === undefined || Number(level) >= 50) process.stdout.write(`${line}\n`);
});

let cleaning = false;
async function cleanUp(code: number) {
  if (cleaning) return;
  cleaning = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await places.close();
  await temp?.drop().catch((error) => console.error('Dropping the e2e database failed:', error));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(codesFile(), { force: true });
  process.exit(code);
}
process.on('SIGTERM', () => void cleanUp(0));
process.on('SIGINT', () => void cleanUp(0));
server.on('exit', (code) => void cleanUp(code ?? 0));
