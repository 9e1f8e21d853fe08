import { join } from 'node:path';
import { parse, PGlite, protocol, type PGliteOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root';

/**
 * The one database type services use: the same Drizzle API over PGlite or a PostgreSQL pool. Queries name their
 * tables (each module's table.ts), so the client holds no schema (nothing uses Drizzle's `db.query.*`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool behind `db` (PostgreSQL only): rate limits count in it, the start-up lock holds one of its connections. */
  pool?: pg.Pool;
  // Functions, not methods: callers may destructure them (`async ({ db, migrate }) => ...`).
  migrate: () => Promise<void>;
  close: () => Promise<void>;
}

const migrationsFolder = join(PROJECT_ROOT, 'src/server/db/migrations');

/**
 * PGlite's PostgreSQL settings beyond its own defaults (README "Performance", PGlite rows). Its shared buffers live
 * in the WebAssembly heap, which is allocated and touched in full at start and never shrinks: PostgreSQL's default
 * 128 MB put the process at ~370 MB resident with PGlite just opened (64 MB: ~290 MB). 64 MB holds a small install's
 * hot pages (the last months' scans and coupons and their indexes); older pages are read through the operating
 * system's file cache. Durability settings are PGlite's own (README "Production").
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=64MB'];

/** Embedded PGlite in `dataDir` with the extensions the migrations use (pg_trgm); backup and restore open it so too. */
export function openPglite(dataDir: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...options,
    extensions: { pg_trgm },
  });
}

/**
 * When each PGlite database last answered a statement (Date.now()). PGlite is one connection inside this process:
 * a health check's `select 1` would wait behind every queued request and job, and time out while the database is
 * merely busy (docs/OPERATING.md "Database faults and the health check"); a statement answered moments ago already
 * shows it works.
 */
const lastAnswers = new WeakMap<Db, { at: number }>();

/** Notes every answer of `client`'s statements and transactions in `answered`. */
function noteAnswers(client: PGlite, answered: { at: number }) {
  const note = <T>(result: T) => {
    answered.at = Date.now();
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => query(...args).then(note)) as typeof query;
  client.exec = (...args) => exec(...args).then(note);
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    transaction(...args).then(note)) as typeof transaction;
}

/**
 * The statements db/prepared.ts keeps prepared, by PGlite database: their SQL text → true. Drizzle's PGlite driver
 * ignores a prepared query's name and sends every statement through an unnamed one, so PostgreSQL parses and plans
 * it again each time; in WebAssembly that is most of a join's cost (a four-table lookup: ~2 ms planned each time,
 * ~0.2 ms prepared). On PostgreSQL node-postgres prepares them by name on each connection.
 */
const keptPrepared = new WeakMap<Db, Set<string>>();

/** Keeps `text` prepared on `db` when it is a PGlite database (db/prepared.ts); a no-op on PostgreSQL. */
export function keepPrepared(db: Db, text: string) {
  keptPrepared.get(db)?.add(text);
}

/**
 * Runs the statements in `kept` as named prepared statements of `client` (parsed and described once), everything
 * else as before. The same locks as PGlite's own query(): never between another caller's transaction statements.
 */
function prepareKeptStatements(client: PGlite, kept: Set<string>) {
  const query = client.query.bind(client);
  const named = new Map<string, { name: string; paramTypes: number[] }>();
  const run = (message: Uint8Array) => client.execProtocol(message, { syncToFs: false });

  async function runPrepared<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const messages: Awaited<ReturnType<typeof run>>['messages'] = [];
        try {
          let statement = named.get(text);
          if (!statement) {
            // A new name each time it is parsed: a parse that failed half-way leaves no name in use.
            const name = `kept_${named.size + 1}_${Date.now().toString(36)}`;
            await run(protocol.serialize.parse({ name, text }));
            const described = await run(protocol.serialize.describe({ type: 'S', name }));
            statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
            named.set(text, statement);
          }
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const type = statement.paramTypes[i]!;
            const serializer = options?.serializers?.[type] ?? client.serializers[type];
            // As PGlite's own query(): a type without a serializer is sent as the value's text.
            return serializer ? serializer(value) : (value as { toString(): string }).toString();
          });
          messages.push(...(await run(protocol.serialize.bind({ statement: statement.name, values }))).messages);
          messages.push(...(await run(protocol.serialize.describe({ type: 'P' }))).messages);
          messages.push(...(await run(protocol.serialize.execute({}))).messages);
        } finally {
          messages.push(...(await run(protocol.serialize.sync())).messages);
        }
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) =>
    kept.has(text) && !options?.blob
      ? runPrepared<T>(text, params ?? [], options)
      : query<T>(text, params, options)) as typeof query;
}

/** PostgreSQL returns dates (type 1082) as plain 'YYYY-MM-DD' strings, never shifted by a time zone. */
pg.types.setTypeParser(1082, (value: string) => value);

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL: a statement running longer is cancelled (the server passes 30 s; scripts leave it unset). */
  statementTimeoutMs?: number;
  /** PostgreSQL: a pooled connection broke (the server logs it; the pool opens a new one when next needed). */
  onConnectionError?: (error: Error) => void;
}

/**
 * A pg.Pool that never loses a connection for good. Drizzle's transaction() checks a client out and sends
 * `begin` before its try/finally: when that client's connection is already dead, `begin` throws and the client is
 * never released, so the pool shrinks until every request waits for a connection (and pool.end() never ends).
 * Here a checked-out client whose connection ends is released (and so dropped) at once, and a second release
 * is a no-op. pool.query() (the callback form) releases on its own and is left as it is.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) {
    if (callback) return super.connect(callback as never);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onEnd = () => client.release(new Error('Connection ended while checked out'));
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(err);
      };
      client.once('end', onEnd);
      return client;
    });
  }
}

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (or in memory when dataDir is 'memory://', used by tests).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new ResilientPool({
      connectionString: options.databaseUrl,
      max: 10,
      // A request waits at most 5 s for a connection, then answers 503 (docs/OPERATING.md, "Database faults").
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // Nothing holds row locks for long if a process hangs mid-transaction.
      idle_in_transaction_session_timeout: 60_000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // A connection that breaks while idle in the pool, or while checked out between two queries of a transaction,
    // emits 'error'; without a listener Node ends the process. The query in flight (if any) fails on its own.
    const onError = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db: Db = drizzlePg({ client: pool });
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = await openPglite(options.dataDir ?? 'memory://');
  const kept = new Set<string>();
  prepareKeptStatements(client, kept);
  const answered = { at: 0 };
  noteAnswers(client, answered);
  const db: Db = drizzlePglite({ client });
  keptPrepared.set(db, kept);
  lastAnswers.set(db, answered);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The health check's view of the database: `select 1` answered within `timeoutMs`. The result is kept for
 * `cacheMs` and concurrent checks share one query, so a load balancer's checks never pile up on the database.
 * On PGlite, any statement answered within the last `recentMs` counts as that answer (lastAnswers above).
 */
export function databaseProbe(db: Db, options: { timeoutMs?: number; cacheMs?: number; recentMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 1_000;
  const cacheMs = options.cacheMs ?? 1_000;
  const recentMs = options.recentMs ?? 5_000;
  const answered = lastAnswers.get(db);
  let last: { ok: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;

  const ping = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async ok(): Promise<boolean> {
      if (answered && Date.now() - answered.at < recentMs) return true;
      if (last && Date.now() - last.at < cacheMs) return last.ok;
      running ??= ping().then((ok) => {
        last = { ok, at: Date.now() };
        running = undefined;
        return ok;
      });
      return running;
    },
  };
}
