import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditEventView } from '../../src/server/modules/audit/audit.presenter';
import { auditEvents, coupons, users } from '../support/tables';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../src/shared/audit-actions';
import { todayIn } from '../../src/shared/dates';
import { AUDIT_CURSOR_INVALID } from '../../src/shared/schemas/audit';
import { uniqueName, type TestLogin, useTestContext } from '../support';
import { durationByMonths } from '../support/hotel-factories';
import { insertCouponFor, insertOffer, offerInput } from '../support/offer-factories';

/**
 * The audit trail (docs/SECURITY.md "Audit trail"): every admin change and every redemption records who, what,
 * which record, before and after, and the address; GET /api/audit-events lists them for the super admin only.
 */

const t = useTestContext({ env: { APP_TIMEZONE: 'Asia/Kolkata', TRUST_PROXY: '1' } });
let boss: TestLogin;
let bossToken: string;
let today: string;
const ADDRESS = '203.0.113.7';
const PASSWORD = 'Quiet-harbour-2026!';

beforeAll(async () => {
  today = todayIn(t.config.timeZone);
  boss = await t.createAdminUser('superadmin');
  bossToken = await t.tokenFor(boss.username, boss.password);
});

/** A request as the super admin "boss" from ADDRESS. */
const call = (method: string, path: string, json?: unknown, token = bossToken) =>
  t.request(method, path, { token, json, headers: { 'X-Forwarded-For': ADDRESS } });

async function ok(method: string, path: string, json?: unknown, token = bossToken) {
  const res = await call(method, path, json, token);
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

/** A POST /api/admin-users body for a new manager: a fresh username (its email follows it) and PASSWORD. */
function newManager(prefix: string, fullName: string) {
  const username = uniqueName(prefix).replace(/\s+/g, '_');
  return { username, password: PASSWORD, email: `${username}@example.test`, full_name: fullName, role: 'manager' };
}

/** The events of one record, oldest first, straight from the table. */
async function eventsOf(entity: string, entityId: string | number) {
  const rows = await t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, String(entityId)));
  return rows.filter((row) => row.entity === entity).sort((a, b) => a.id - b.id);
}

/** The one event of `action` on the record, checked for who and where. */
async function eventOf(
  entity: string,
  entityId: string | number,
  action: string,
  actor: { id: string; username: string } = boss,
) {
  const found = (await eventsOf(entity, entityId)).filter((row) => row.action === action);
  expect(found, `${action} on ${entity} ${entityId}`).toHaveLength(1);
  const event = found[0]!;
  expect(event).toMatchObject({ actorId: actor.id, actorUsername: actor.username, address: ADDRESS });
  expect(event.at).toBeInstanceOf(Date);
  return event as typeof event & { before: any; after: any };
}

describe('admin changes are recorded with who, what, which record, before, after and address', () => {
  it('locations: create, update, delete', async () => {
    const created = await ok('POST', '/api/locations', { name: 'Audit Town' });
    await ok('PUT', `/api/locations/${created.id}`, { name: 'Audit City', default_language: 'te' });
    await ok('DELETE', `/api/locations/${created.id}`);
    const town = { id: created.id, name: 'Audit Town', default_language: 'en' };
    const city = { id: created.id, name: 'Audit City', default_language: 'te' };
    const create = await eventOf('location', created.id, 'location.create');
    expect(create.before).toBeNull();
    expect(create.after).toEqual(town);
    const update = await eventOf('location', created.id, 'location.update');
    expect(update.before).toEqual(town);
    expect(update.after).toEqual(city);
    const remove = await eventOf('location', created.id, 'location.delete');
    expect(remove.before).toEqual(city);
    expect(remove.after).toBeNull();
  });

  it('a refused change records nothing', async () => {
    const location = await t.createLocation();
    await t.createHotel({ locationId: location.id });
    expect((await call('DELETE', `/api/locations/${location.id}`)).status).toBe(409);
    expect(await eventsOf('location', location.id)).toEqual([]);
  });

  it('merchant types: create, update, delete', async () => {
    const created = await ok('POST', '/api/merchant-types', { name: 'Audit Spa' });
    await ok('PUT', `/api/merchant-types/${created.id}`, { name: 'Audit Wellness' });
    await ok('DELETE', `/api/merchant-types/${created.id}`);
    expect((await eventOf('merchant_type', created.id, 'merchant_type.create')).after).toEqual({
      id: created.id,
      name: 'Audit Spa',
      thumbnail_url: null,
    });
    const update = await eventOf('merchant_type', created.id, 'merchant_type.update');
    expect(update.before).toMatchObject({ name: 'Audit Spa' });
    expect(update.after).toMatchObject({ name: 'Audit Wellness' });
    expect((await eventOf('merchant_type', created.id, 'merchant_type.delete')).before).toMatchObject({
      name: 'Audit Wellness',
    });
  });

  it('contact details (settings): the first save has no before, the next has the previous values', async () => {
    const first = {
      name: 'Ravi Kumar',
      mobile_number: '9876543210',
      service_helpline: '1800 100 200',
      mail_support: 'help@example.test',
      technical_support: null,
    };
    await ok('POST', '/api/contact-us', first);
    await ok('POST', '/api/contact-us', { ...first, name: 'Meera Nair' });
    const saves = (await eventsOf('contact_info', 1)).filter((row) => row.action === 'contact_info.update');
    expect(saves).toHaveLength(2);
    expect(saves[0]!.before).toBeNull();
    expect(saves[0]!.after).toMatchObject({ name: 'Ravi Kumar', mobile_number: '9876543210' });
    expect(saves[1]!.before).toMatchObject({ name: 'Ravi Kumar' });
    expect(saves[1]!.after).toMatchObject({ name: 'Meera Nair' });
    expect(saves[1]).toMatchObject({ actorId: boss.id, address: ADDRESS });
  });

  it('hotels: create, login, update, renew and delete (archived), by an admin', async () => {
    const admin = await t.createAdminUser('admin');
    const adminToken = await t.tokenFor(admin.username, admin.password);
    const location = await t.createLocation();
    const twelve = (await durationByMonths(t.db, 12)).id;
    const body = {
      name: uniqueName('Audit Hotel'),
      location_id: location.id,
      address: '12 Beach Road',
      contact_number: '9876543210',
      contact_person: 'Anita Desai',
      subscription_duration_id: twelve,
      subscription_revenue: 24000,
      offer_selection_type: 'all',
      selected_merchant_types: [],
    };
    const hotel = await ok('POST', '/api/hotels', body, adminToken);
    const username = uniqueName('audit_hotel').replace(/\s+/g, '_');
    const login = await ok(
      'POST',
      `/api/users/hotel?${new URLSearchParams({ username, password: PASSWORD, hotel_id: hotel.id })}`,
      undefined,
      adminToken,
    );
    await ok('PUT', `/api/hotels/${hotel.id}`, { ...body, contact_person: 'Rahul Mehta' }, adminToken);
    await ok(
      'POST',
      `/api/hotels/${hotel.id}/renew`,
      { subscription_duration_id: twelve, subscription_revenue: 26000 },
      adminToken,
    );
    const deleted = await ok('DELETE', `/api/hotels/${hotel.id}`, undefined, adminToken);
    expect(deleted.archived).toBe(true);

    const create = await eventOf('hotel', hotel.id, 'hotel.create', admin);
    expect(create.after).toMatchObject({
      id: hotel.id,
      name: body.name,
      contact_person: 'Anita Desai',
      subscription_revenue: 24000,
      location_name: location.name,
    });
    const loginEvent = await eventOf('user', login.id, 'user.create', admin);
    expect(loginEvent.after).toEqual({ id: login.id, username, user_type: 'hotel', hotel_id: hotel.id });
    const update = await eventOf('hotel', hotel.id, 'hotel.update', admin);
    expect(update.before).toMatchObject({ contact_person: 'Anita Desai' });
    expect(update.after).toMatchObject({ contact_person: 'Rahul Mehta' });
    const renew = await eventOf('hotel', hotel.id, 'hotel.renew', admin);
    expect(renew.before).toMatchObject({ renewal_count: 0, subscription_revenue: 24000 });
    expect(renew.after).toMatchObject({ renewal_count: 1, subscription_revenue: 26000, renewal: { amount: 26000 } });
    const archive = await eventOf('hotel', hotel.id, 'hotel.archive', admin);
    expect(archive.before).toMatchObject({ id: hotel.id, is_active: true });
    expect(archive.after).toMatchObject({ id: hotel.id, is_active: false, archived_at: expect.any(String) });
  });

  it('merchants: create, login, update, delete (deleted when bare, archived when it has offers)', async () => {
    const location = await t.createLocation();
    const type = await t.createMerchantType();
    const body = {
      name: uniqueName('Audit Cafe'),
      merchant_type_id: type.id,
      location_id: location.id,
      contact_number: '9876543210',
      store_contact_number: null,
      address: '3 Market Street',
      location_link: null,
    };
    const merchant = await ok('POST', '/api/merchants', body);
    const username = uniqueName('audit_merchant').replace(/\s+/g, '_');
    const login = await ok(
      'POST',
      `/api/users/merchant?${new URLSearchParams({ username, password: PASSWORD, merchant_id: merchant.id })}`,
    );
    await ok('PUT', `/api/merchants/${merchant.id}`, { ...body, address: '4 Market Street' });
    const offer = await insertOffer(t.db, { merchantId: merchant.id });
    expect((await ok('DELETE', `/api/merchants/${merchant.id}`)).archived).toBe(true);

    expect((await eventOf('merchant', merchant.id, 'merchant.create')).after).toMatchObject({
      id: merchant.id,
      name: body.name,
      address: '3 Market Street',
    });
    expect((await eventOf('user', login.id, 'user.create')).after).toEqual({
      id: login.id,
      username,
      user_type: 'merchant',
      merchant_id: merchant.id,
    });
    const update = await eventOf('merchant', merchant.id, 'merchant.update');
    expect(update.before).toMatchObject({ address: '3 Market Street' });
    expect(update.after).toMatchObject({ address: '4 Market Street' });
    const archive = await eventOf('merchant', merchant.id, 'merchant.archive');
    expect(archive.before).toMatchObject({ name: body.name, offer_count: 1 });
    expect(archive.after).toMatchObject({ archived_at: expect.any(String), archived_offer_ids: [offer.id] });

    const bare = await ok('POST', '/api/merchants', { ...body, name: uniqueName('Bare Cafe') });
    await ok('DELETE', `/api/merchants/${bare.id}`);
    const remove = await eventOf('merchant', bare.id, 'merchant.delete');
    expect(remove.before).toMatchObject({ id: bare.id, name: bare.name });
    expect(remove.after).toBeNull();
  });

  it('offers: create, update, toggle (back office) and create, update (merchant area, by the merchant login)', async () => {
    const merchant = await t.createMerchant();
    const body = offerInput(merchant.id, today, 'Audit dinner');
    const offer = await ok('POST', '/api/offers', body);
    await ok('PUT', `/api/offers/${offer.id}`, { ...body, offer_value: 25 });
    await ok('PATCH', `/api/offers/${offer.id}/toggle-active`);
    expect((await eventOf('offer', offer.id, 'offer.create')).after).toMatchObject({
      id: offer.id,
      offer_value: 20,
      merchant_id: merchant.id,
      merchant_name: merchant.name,
    });
    const update = await eventOf('offer', offer.id, 'offer.update');
    expect(update.before).toMatchObject({ offer_value: 20 });
    expect(update.after).toMatchObject({ offer_value: 25 });
    const toggle = await eventOf('offer', offer.id, 'offer.toggle');
    expect(toggle.before).toMatchObject({ is_active: true });
    expect(toggle.after).toMatchObject({ is_active: false });

    const seller = await t.createMerchantLogin();
    const sellerToken = await t.tokenFor(seller.username, seller.password);
    const { merchant_id: _ignored, ...own } = body;
    const mine = await ok('POST', '/api/merchant/my-offers', own, sellerToken);
    await ok('PUT', `/api/merchant/my-offers/${mine.id}`, { ...own, description: 'Now with dessert' }, sellerToken);
    expect((await eventOf('offer', mine.id, 'offer.create', seller)).after).toMatchObject({
      merchant_id: seller.merchantId,
    });
    expect((await eventOf('offer', mine.id, 'offer.update', seller)).after).toMatchObject({
      description: 'Now with dessert',
    });
  });

  it('admin users: create and delete (User Management), with the record and never the password', async () => {
    const created = await ok('POST', '/api/admin-users', newManager('audit_staff', 'Audit Staff'));
    await ok('DELETE', `/api/admin-users/${created.id}`);
    const create = await eventOf('user', created.id, 'user.create');
    expect(create.before).toBeNull();
    expect(create.after).toEqual(created);
    const remove = await eventOf('user', created.id, 'user.delete');
    expect(remove.before).toEqual(created);
    expect(remove.after).toBeNull();
    // A refused deletion (a super admin) records nothing.
    const other = await t.createAdminUser('superadmin');
    expect((await call('DELETE', `/api/admin-users/${other.id}`)).status).toBe(403);
    expect(await eventsOf('user', other.id)).toEqual([]);
  });
});

describe('redemption', () => {
  it('records coupon.redeem and sets coupons.redeemed_by to the login that redeemed', async () => {
    const seller = await t.createMerchantLogin();
    const sellerToken = await t.tokenFor(seller.username, seller.password);
    const offer = await insertOffer(t.db, { merchantId: seller.merchantId! });
    const { coupon } = await insertCouponFor(t.db, offer);
    const res = await call('POST', '/api/merchant/redeem-voucher', { voucher_code: coupon.code }, sellerToken);
    expect(res.body.status).toBe('success');

    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.redeemedBy).toBe(seller.id);
    const event = await eventOf('coupon', coupon.id, 'coupon.redeem', seller);
    expect(event.before).toMatchObject({ code: coupon.code, is_redeemed: false, redeemed_by: null });
    expect(event.after).toMatchObject({
      code: coupon.code,
      is_redeemed: true,
      redeemed_by: seller.id,
      offer_name: offer.offerName,
    });
    expect(new Date(event.after.redeemed_at).getTime()).toBe(row!.redeemedAt!.getTime());

    // A second attempt changes nothing and records nothing more.
    expect(
      (await call('POST', '/api/merchant/redeem-voucher', { voucher_code: coupon.code }, sellerToken)).body.status,
    ).toBe('already_redeemed');
    expect((await eventsOf('coupon', coupon.id)).length).toBe(1);
  });
});

describe('no password or hash is ever in audit_events', () => {
  it('after logins, user creation, password changes and logins made for hotels and merchants', async () => {
    const manager = newManager('audit_user', 'Audit User');
    const { username } = manager;
    const created = await call('POST', '/api/admin-users', manager);
    expect(created.status, created.text).toBe(201);
    await call('PUT', `/api/admin-users/${created.body.id}`, {
      ...manager,
      role: 'admin',
      password: `${PASSWORD}-new`,
    });
    await t.request('POST', '/api/auth/login', { json: { username, password: 'Wrong-password-123' } });
    await t.request('POST', '/api/auth/login', { json: { username, password: `${PASSWORD}-new` } });
    const hotel = await t.createHotel();
    await call(
      'POST',
      `/api/users/hotel?${new URLSearchParams({ username: `${username}_h`, password: PASSWORD, hotel_id: hotel.id })}`,
    );

    const hashes = (await t.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash);
    const everything = JSON.stringify(await t.db.select().from(auditEvents));
    expect(everything).toContain(username); // the events are there
    for (const secret of [PASSWORD, `${PASSWORD}-new`, 'Wrong-password-123', boss.password, ...hashes])
      expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/"password|"password_hash|"passwordHash|\$argon2|\$2[aby]\$/);
  });
});

describe('GET /api/audit-events', () => {
  it('is for role superadmin only: admin, manager, hotel and merchant 403, anonymous 401', async () => {
    const tokens = await t.tokensByRole();
    expect((await t.request('GET', '/api/audit-events', { token: tokens.superadmin })).status).toBe(200);
    for (const kind of ['admin', 'manager', 'hotel', 'merchant'] as const) {
      const res = await t.request('GET', '/api/audit-events', { token: tokens[kind] });
      expect(res.status, kind).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await t.request('GET', '/api/audit-events')).status).toBe(401);
  });

  it('answers newest first with every field, and filters by entity and record', async () => {
    const location = await ok('POST', '/api/locations', { name: uniqueName('Listed') });
    await ok('PUT', `/api/locations/${location.id}`, { name: uniqueName('Listed again') });
    const res = await call('GET', `/api/audit-events?entity=location&entity_id=${location.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => e.action)).toEqual(['location.update', 'location.create']);
    expect(Object.keys(res.body[0]).sort()).toEqual(Object.keys(AuditEventView.entries).sort());
    expect(res.body[0]).toMatchObject({
      actor_id: boss.id,
      actor_username: boss.username,
      entity: 'location',
      entity_id: String(location.id),
      address: ADDRESS,
    });
    expect(res.body[1].after).toEqual(location);
    expect(new Date(res.body[0].at).toISOString()).toBe(res.body[0].at);
    expect(res.headers.get('X-Next-Cursor')).toBeNull();
  });

  it('the action filter takes exactly the recorded actions (audit-actions.ts), the record filter their entities', async () => {
    for (const action of AUDIT_ACTIONS) {
      const res = await call('GET', `/api/audit-events?action=${action}&limit=1`);
      expect(res.status, `${action}: ${res.text}`).toBe(200);
    }
    for (const entity of AUDIT_ENTITIES) {
      const res = await call('GET', `/api/audit-events?entity=${entity}&limit=1`);
      expect(res.status, `${entity}: ${res.text}`).toBe(200);
    }
  });

  describe('filters and paging over events of known times', () => {
    // Recorded by the retention job only, which does not run here: these six are the only ones.
    const action = 'guest.retention';
    let other: TestLogin;
    beforeAll(async () => {
      other = await t.createAdminUser('admin');
      const event = (at: string, actor: TestLogin, entityId: string) => ({
        at: new Date(at),
        actorId: actor.id,
        actorUsername: actor.username,
        action,
        entity: 'hotel',
        entityId,
        address: ADDRESS,
      });
      await t.db.insert(auditEvents).values([
        event('2026-03-31T18:29:00Z', boss, 'h1'), // 31 Mar 23:59 in Asia/Kolkata
        event('2026-03-31T18:31:00Z', other, 'h2'), // 1 Apr 00:01
        event('2026-04-02T10:00:00Z', boss, 'h3'),
        // Three at the very same instant: the id orders them.
        event('2026-04-03T10:00:00Z', boss, 'h4'),
        event('2026-04-03T10:00:00Z', other, 'h5'),
        event('2026-04-03T10:00:00Z', boss, 'h6'),
      ]);
    });
    const list = async (query: string) => {
      const res = await call('GET', `/api/audit-events?action=${action}&${query}`);
      expect(res.status, res.text).toBe(200);
      return res;
    };
    const ids = (res: { body: any[] }) => res.body.map((e) => e.entity_id);

    it('newest first; ties on time in reverse insertion order', async () => {
      expect(ids(await list(''))).toEqual(['h6', 'h5', 'h4', 'h3', 'h2', 'h1']);
    });

    it('date range: business days in APP_TIMEZONE, both ends inclusive', async () => {
      expect(ids(await list('date_to=2026-03-31'))).toEqual(['h1']);
      expect(ids(await list('date_from=2026-04-01&date_to=2026-04-02'))).toEqual(['h3', 'h2']);
      expect(ids(await list('date_from=2026-04-03'))).toEqual(['h6', 'h5', 'h4']);
    });

    it('user: by id, or by username in any case', async () => {
      expect(ids(await list(`user=${other.id}`))).toEqual(['h5', 'h2']);
      expect(ids(await list(`user=${encodeURIComponent(other.username.toUpperCase())}`))).toEqual(['h5', 'h2']);
      expect(ids(await list('user=nobody_at_all'))).toEqual([]);
    });

    it('entity and record', async () => {
      expect(ids(await list('entity=hotel&entity_id=h3'))).toEqual(['h3']);
      expect(ids(await list('entity=merchant'))).toEqual([]);
    });

    it('pages with limit and the X-Next-Cursor cursor, through ties, without gaps or repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const res = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.body.length).toBeLessThanOrEqual(2);
        seen.push(...ids(res));
        cursor = res.headers.get('X-Next-Cursor');
        pages += 1;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(['h6', 'h5', 'h4', 'h3', 'h2', 'h1']);
      // The cursor keeps its place with other filters too.
      const first = await list('limit=1&user=' + boss.id);
      const next = await list(`limit=5&user=${boss.id}&cursor=${first.headers.get('X-Next-Cursor')}`);
      expect([...ids(first), ...ids(next)]).toEqual(['h6', 'h4', 'h3', 'h1']);
    });

    it('refuses bad filters with 422 and a detail', async () => {
      const refused = async (query: string, detail: string | RegExp) => {
        const res = await call('GET', `/api/audit-events?${query}`);
        expect(res.status, query).toBe(422);
        expect(res.body.detail).toMatch(detail);
      };
      await refused('cursor=not-a-cursor', AUDIT_CURSOR_INVALID);
      await refused(`cursor=${btoa('2026-04-03T10:00:00.000000Z 12abc')}`, AUDIT_CURSOR_INVALID);
      await refused('limit=0', /limit must be 1 to 200/);
      await refused('limit=201', /limit must be 1 to 200/);
      await refused('date_from=2026-02-30', /date_from must be a date/);
      await refused('date_from=2026-04-02&date_to=2026-04-01', 'Date From must not be after Date To');
      await refused('action=DROP%20TABLE', /action must be a recorded action/);
      await refused('action=coupon.lost', /action must be a recorded action/);
      await refused('entity=nowhere', /entity must be a recorded record kind/);
      await refused('entity_id=h1', 'entity_id needs entity');
      await refused('user=a%00b', /user contains characters/);
    });
  });
});
