import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionDurations, users } from '../support/tables';
import { useRoleTokens, useTestContext } from '../support';

const ctx = useTestContext();

describe('test harness', () => {
  it('uses PostgreSQL when TEST_DATABASE_URL is set, else PGlite', async () => {
    expect(ctx.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    // PGlite and node-postgres results both carry `rows`; the shared Db type leaves the result untyped.
    const result: unknown = await ctx.db.execute(sql`select current_database() as name`);
    const { rows } = result as {
      rows: { name: string }[];
    };
    const row = rows[0];
    if (process.env.TEST_DATABASE_URL) expect(row?.name).toMatch(/^sp_test_[0-9a-f]{12}$/);
  });

  it('has reference data and no demo data', async () => {
    const durations = await ctx.db.select().from(subscriptionDurations);
    expect(durations.map((d) => d.months).sort((a, b) => a - b)).toEqual([1, 3, 6, 12]);
    expect(await ctx.db.$count(users)).toBe(0);
  });
});

describe('late-bound values (useRoleTokens, useMerchantPairTest)', () => {
  const tokens = useRoleTokens(ctx);

  it('are walked by Object.values/entries, so a loop over the roles never runs zero times', () => {
    expect(Object.keys(tokens)).toEqual(['superadmin', 'admin', 'manager', 'hotel', 'merchant']);
    expect(Object.values(tokens)).toEqual(Array(5).fill(expect.any(String)));
    expect(Object.fromEntries(Object.entries(tokens))).toEqual({ ...tokens });
  });
});
