import { describe, expect, it } from 'vitest';
import { databaseProbe, type Db } from '../../src/server/db/client';

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
});
