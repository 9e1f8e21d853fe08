import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { createLogger } from '../../src/server/platform/lib/logger';
import { addDays } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertOffer } from '../support/offer-factories';

/**
 * Logs (docs/OPERATING.md): one JSON line per request, and nothing secret in them even when
 * the database fails with the secret in the failed query's parameters.
 */
const t = useTestContext();
let app: ReturnType<typeof createApp>;
const output: string[] = [];
const lines = () =>
  output
    .join('')
    .split('\n')
    .filter((line) => line !== '');
const records = () => lines().map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(() => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void output.push(chunk) } });
  app = createApp({ ...t.deps, logger });
});

async function call(
  method: string,
  path: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  const res = await app.request(path, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => undefined) };
}

describe('request lines', () => {
  it('logs one line per request with id, method, route pattern, status, duration and user id; the id is sent back', async () => {
    const admin = await t.createAdminUser('superadmin');
    const token = await t.tokenFor(admin.username, admin.password);
    const hotel = await t.createHotel();
    output.length = 0;
    const res = await call('GET', `/api/hotels/${hotel.id}`, { token });
    expect(res.status).toBe(200);
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [line, ...more] = records();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: id,
      method: 'GET',
      route: '/api/hotels/:id',
      status: 200,
      userId: admin.id,
    });
    expect(line!.ms).toEqual(expect.any(Number));
  });

  it('keeps a plain request id from a load balancer and replaces one that is not plain', async () => {
    output.length = 0;
    expect(
      (await call('GET', '/api/health', { headers: { 'X-Request-Id': 'lb-1234.abc' } })).headers.get('X-Request-Id'),
    ).toBe('lb-1234.abc');
    const odd = (await call('GET', '/api/health', { headers: { 'X-Request-Id': 'a b"c' } })).headers.get(
      'X-Request-Id',
    );
    expect(odd).toMatch(/^[0-9a-f-]{36}$/);
    // A healthy check is logged at debug (below the info level here): a balancer asks every few seconds.
    expect(records().filter((line) => line.route === '/api/health')).toEqual([]);
  });

  it('a newline in a login username cannot start a log line of its own', async () => {
    output.length = 0;
    const forged = 'bob\n{"level":50,"msg":"forged entry"}\r\n{"level":30,"msg":"request","status":200}';
    const res = await call('POST', '/api/auth/login', { json: { username: forged, password: 'wrong-password-123' } });
    // Control characters in a username are refused (docs/SECURITY.md, input rules): the line is still ours alone.
    expect(res.status).toBe(422);
    // Every line is one of ours and parses as JSON: exactly the one request line, no forged entry.
    const all = records();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ msg: 'request', route: '/api/auth/login', status: 422 });
    expect(lines().some((line) => line.includes('forged entry'))).toBe(false);
  });
});

describe('in development', () => {
  it('request lines are debug: a terminal at the default info level gets none (the start banner stays in view)', async () => {
    const written: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void written.push(chunk) } });
    const dev = createApp({ ...t.deps, config: { ...t.config, requestLogLevel: 'debug' }, logger });
    expect((await dev.request('/api/locations')).status).toBe(401);
    expect((await dev.request('/api/no-such-thing')).status).toBe(404);
    expect(written).toEqual([]);

    const debug = createLogger({ level: 'debug', destination: { write: (chunk: string) => void written.push(chunk) } });
    await createApp({ ...t.deps, config: { ...t.config, requestLogLevel: 'debug' }, logger: debug }).request(
      '/api/locations',
    );
    expect(written.map((line) => JSON.parse(line))).toMatchObject([
      { level: 20, msg: 'request', route: '/api/locations', status: 401 },
    ]);
  });
});

describe('errors', () => {
  it('a failed insert of a login logs the error type and message, never the password hash or the username', async () => {
    const token = await t.tokenAs('superadmin');
    // The database refuses every new login: the failed query's parameters hold the username and argon2 hash.
    await t.db.execute(
      sql`create function refuse_logins() returns trigger language plpgsql as $$ begin raise exception 'logins are closed'; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_logins before insert on users for each row execute function refuse_logins()`,
    );
    try {
      output.length = 0;
      const username = 'secret_username_7781';
      const password = 'Very-secret-password-42';
      const res = await call('POST', '/api/admin-users', {
        token,
        json: { username, email: 'someone@example.test', password, role: 'admin', full_name: 'Secret Person' },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ detail: 'Internal server error' });

      const text = lines().join('\n');
      const error = records().find((line) => line.msg === 'unhandled error') as {
        err: { type: string; message: string; cause?: { message: string } };
      };
      expect(error).toBeDefined();
      expect(error.err.type).toBe('DrizzleQueryError');
      expect(error.err.message).toMatch(/^Failed query: insert into "users"/);
      expect(error.err.cause?.message).toContain('logins are closed');
      for (const secret of ['$argon2', username, password, 'someone@example.test', 'Secret Person', 'params'])
        expect(text).not.toContain(secret);
    } finally {
      await t.db.execute(sql`drop trigger refuse_logins on users`);
      await t.db.execute(sql`drop function refuse_logins()`);
    }
  });

  it('a failed guest scan logs neither the mobile number (even inside the database message) nor the name', async () => {
    const today = businessToday();
    const location = await t.createLocation();
    const { hotel } = await insertSubscribedHotel(t.db, {
      from: addDays(today, -30),
      months: 12,
      hotel: { locationId: location.id },
    });
    const merchant = await t.createMerchant({ locationId: location.id });
    const offer = await insertOffer(t.db, { merchantId: merchant.id });
    await t.db.execute(
      sql`create function refuse_scans() returns trigger language plpgsql as $$ begin raise exception 'scan refused for %', new.mobile_number; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_scans before insert on customer_scans for each row execute function refuse_scans()`,
    );
    try {
      output.length = 0;
      const mobile = '9812345678';
      const res = await call('POST', '/api/customer-scans', {
        json: {
          hotel_id: hotel.id,
          customer_name: 'Guest Secretname',
          mobile_number: mobile,
          checkout_date: addDays(today, 2),
          consent: true,
          selected_offers: [offer.id],
        },
      });
      expect(res.status).toBe(500);
      const text = lines().join('\n');
      expect(text).toContain('scan refused for [number]');
      expect(text).not.toContain(mobile);
      expect(text).not.toContain('Secretname');
    } finally {
      await t.db.execute(sql`drop trigger refuse_scans on customer_scans`);
      await t.db.execute(sql`drop function refuse_scans()`);
    }
  });
});
