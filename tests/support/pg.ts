import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database, closing any connections still open to it. Safe to call twice. */
  drop(): Promise<void>;
}

/**
 * Creates a brand-new PostgreSQL database through `adminUrl` (any database on the server the role may connect to,
 * e.g. postgres://stayperks:stayperks@127.0.0.1:5432/postgres; the role needs CREATEDB).
 * Used by the API test harness (one database per test file) and by the end-to-end setup.
 */
export async function createTempDatabase(adminUrl: string, prefix = 'sp_test'): Promise<TempDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name prefix: ${prefix}`);
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
