import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/platform/lib/errors';
import { createLimiter } from '../../src/server/platform/middleware/rate-limit';
import { useTestContext, type TestContext } from '../support';

/**
 * The limiter module (counted in PostgreSQL with TEST_DATABASE_URL, in memory on PGlite) and the caller's address
 * behind a load balancer (TRUST_PROXY). Login and scan limits themselves: auth.test.ts, scan-rate-limit.test.ts,
 * two-servers.test.ts.
 */
const t = useTestContext();
const behindProxy = useTestContext({ env: { TRUST_PROXY: '1' } });

const caught = async (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('createLimiter', () => {
  it('consume counts and refuses past the points with the detail and Retry-After; check counts nothing; reset forgets', async () => {
    const limiter = createLimiter(t.deps.rateLimitStore, {
      keyPrefix: `test-${randomUUID()}`,
      points: 3,
      duration: 60,
      message: (wait) => `Slow down for ${wait}.`,
    });
    await limiter.check('k');
    await limiter.check('k');
    for (let i = 0; i < 3; i++) await limiter.consume('k');
    const refused = await caught(limiter.consume('k'));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, detail: 'Slow down for 1 minute.' });
    const retryAfter = Number((refused as AppError).headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await caught(limiter.check('k'))).toMatchObject({ status: 429 });
    // Other keys are untouched; a reset key starts again.
    await limiter.consume('other');
    await limiter.reset('k');
    await limiter.check('k');
    await limiter.consume('k');
  });

  it('penalty counts without refusing, then check refuses', async () => {
    const limiter = createLimiter(t.deps.rateLimitStore, {
      keyPrefix: `test-${randomUUID()}`,
      points: 2,
      duration: 900,
      message: (wait) => `Wait ${wait}.`,
    });
    await limiter.penalty('k');
    await limiter.penalty('k');
    await limiter.penalty('k');
    expect(await caught(limiter.check('k'))).toMatchObject({ status: 429, detail: 'Wait 15 minutes.' });
  });

  it('accepts keys of any length (they are hashed to fit the store)', async () => {
    const limiter = createLimiter(t.deps.rateLimitStore, {
      keyPrefix: `test-${randomUUID()}`,
      points: 1,
      duration: 60,
      message: () => 'No.',
    });
    const long = 'x'.repeat(1000);
    await limiter.consume(long);
    expect(await caught(limiter.consume(long))).toMatchObject({ status: 429 });
  });
});

describe('the caller address behind a load balancer', () => {
  const login = (ctx: TestContext, username: string, password: string, forwardedFor: string) =>
    ctx.request('POST', '/api/auth/login', {
      json: { username, password },
      headers: { 'X-Forwarded-For': forwardedFor },
    });

  /** `count` wrong passwords on usernames nobody has, from `forwardedFor`: the address's spraying count. */
  async function spray(ctx: TestContext, count: number, forwardedFor: (i: number) => string) {
    for (let i = 0; i < count; i++)
      expect((await login(ctx, `nobody-${randomUUID()}`, 'Summer-guess-1', forwardedFor(i))).status).toBe(401);
  }

  it('with TRUST_PROXY=1 each guest address has its own count, and a forged X-Forwarded-For start changes nothing', async () => {
    const user = await behindProxy.createAdminUser('manager');
    await spray(behindProxy, 30, () => '203.0.113.7');
    // The caller sent "198.51.100.1"; the balancer appended the address it saw.
    const forged = await login(behindProxy, user.username, user.password, '198.51.100.1, 203.0.113.7');
    expect(forged.status).toBe(429);
    expect(Number(forged.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another guest behind the same balancer is not locked out.
    expect((await login(behindProxy, user.username, user.password, '203.0.113.8')).status).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a caller cannot escape the limit by sending it', async () => {
    const user = await t.createAdminUser('manager');
    await spray(t, 30, (i) => `192.0.2.${i}`);
    expect((await login(t, user.username, user.password, '192.0.2.99')).status).toBe(429);
  });
});
