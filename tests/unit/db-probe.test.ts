import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseProbe, openDatabase, type Db } from '../../src/server/db/client';

/** The health check's database probe (docs/OPERATING.md): one query for many checks, a short timeout. */
function fakeDb(answer: () => Promise<unknown>) {
  const calls = { count: 0 };
  const db = { execute: () => (calls.count++, answer()) } as unknown as Db;
  return { db, calls };
}

describe('databaseProbe', () => {
  it('answers many checks with one query while the result is fresh', async () => {
    const { db, calls } = fakeDb(() => Promise.resolve({ rows: [] }));
    const probe = databaseProbe(db, { cacheMs: 60_000 });
    expect(await Promise.all([probe.ok(), probe.ok(), probe.ok()])).toEqual([true, true, true]);
    expect(await probe.ok()).toBe(true);
    expect(calls.count).toBe(1);
  });

  it('asks again once the result is stale', async () => {
    const { db, calls } = fakeDb(() => Promise.resolve({ rows: [] }));
    const probe = databaseProbe(db, { cacheMs: 0 });
    await probe.ok();
    await probe.ok();
    expect(calls.count).toBe(2);
  });

  it('is false when the database fails or does not answer in time', async () => {
    expect(await databaseProbe(fakeDb(() => Promise.reject(new Error('ECONNREFUSED'))).db).ok()).toBe(false);
    expect(await databaseProbe(fakeDb(() => new Promise(() => {})).db, { timeoutMs: 20 }).ok()).toBe(false);
  });

  it('on PGlite, counts a statement answered lately as the answer, so checks never queue behind requests', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.db.execute(sql`select count(*) from pg_class`);
      const probed = { count: 0 };
      const execute = database.db.execute.bind(database.db);
      database.db.execute = (query: Parameters<typeof execute>[0]) => (probed.count++, execute(query));
      // The statement above was answered just now: no probe of its own.
      expect(await databaseProbe(database.db, { cacheMs: 0, recentMs: 60_000 }).ok()).toBe(true);
      expect(probed.count).toBe(0);
      // With no answer counted as recent, it asks the database itself.
      expect(await databaseProbe(database.db, { cacheMs: 0, recentMs: 0 }).ok()).toBe(true);
      expect(probed.count).toBe(1);
    } finally {
      await database.close();
    }
    // Closed: its last answer is not recent any more, and the probe fails.
    expect(await databaseProbe(database.db, { cacheMs: 0, recentMs: 0 }).ok()).toBe(false);
  });
});
