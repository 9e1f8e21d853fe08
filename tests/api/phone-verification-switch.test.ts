import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { createLogger } from '../../src/server/platform/lib/logger';
import { createMessenger } from '../../src/server/platform/messaging/create-messenger';
import { addDays } from '../../src/shared/dates';
import { PHONE_VERIFICATION_NEEDS_PROVIDER, PHONE_VERIFICATION_SUPERADMIN } from '../../src/shared/schemas/hotels';
import { useTestContext } from '../support';
import { expectAnswer } from '../support/answers';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday } from '../support/offer-factories';
import { hotels } from '../support/tables';

/**
 * Phone verification is a hotel's switch set by the super admin (docs/PRODUCT.md "Guest trust"): answered with the
 * hotel, taken by its form, refused to other roles and without a provider that can send codes.
 */
const t = useTestContext();
let otherHotelId: string;

beforeAll(async () => {
  const location = await t.createLocation();
  otherHotelId = (
    await insertSubscribedHotel(t.db, {
      from: addDays(businessToday(), -30),
      months: 12,
      hotel: { locationId: location.id },
    })
  ).hotel.id;
});

describe("the hotel's switch (PUT /api/hotels/{id} phone_verification)", () => {
  const put = async (token: string, changes: Record<string, unknown>, on = t) => {
    const current = await t.request('GET', `/api/hotels/${otherHotelId}`, { token });
    return on.request('PUT', `/api/hotels/${otherHotelId}`, { token, json: { ...current.body, ...changes } });
  };
  const saved = async () =>
    (await t.db.select({ on: hotels.phoneVerification }).from(hotels).where(eq(hotels.id, otherHotelId)))[0]!.on;

  it("is the super admin's: another role may save the hotel but not change the switch", async () => {
    const superadmin = await t.tokenAs('superadmin');
    const admin = await t.tokenAs('admin');
    const manager = await t.tokenAs('manager');
    expect((await t.request('GET', `/api/hotels/${otherHotelId}`, { token: admin })).body.phone_verification).toBe(
      false,
    );
    for (const token of [admin, manager]) {
      expectAnswer(await put(token, { phone_verification: true }), 403, { detail: PHONE_VERIFICATION_SUPERADMIN });
      expect(await saved()).toBe(false);
    }
    const on = await put(superadmin, { phone_verification: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body.phone_verification).toBe(true);
    expect(await saved()).toBe(true);
    // The admin's form sends the switch as it is, or leaves it out: the hotel saves and the switch stays.
    expect((await put(admin, { contact_person: 'Front Office' })).status).toBe(200);
    const { phone_verification: _dropped, ...withoutSwitch } = (
      await t.request('GET', `/api/hotels/${otherHotelId}`, { token: admin })
    ).body;
    expect((await t.request('PUT', `/api/hotels/${otherHotelId}`, { token: admin, json: withoutSwitch })).status).toBe(
      200,
    );
    expect(await saved()).toBe(true);
    expectAnswer(await put(manager, { phone_verification: false }), 403, { detail: PHONE_VERIFICATION_SUPERADMIN });
    expect((await put(superadmin, { phone_verification: false })).body.phone_verification).toBe(false);
  });

  it('cannot be switched on while the provider cannot send codes (the log provider in production)', async () => {
    const superadmin = await t.tokenAs('superadmin');
    const production = createApp({
      ...t.deps,
      config: { ...t.config, production: true },
      logger: createLogger({ level: 'silent' }),
      messenger: createMessenger({ provider: 'log' }, { log: () => {}, production: true }),
    });
    const current = await t.request('GET', `/api/hotels/${otherHotelId}`, { token: superadmin });
    const res = await production.request(`/api/hotels/${otherHotelId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${superadmin}` },
      body: JSON.stringify({ ...current.body, phone_verification: true }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: PHONE_VERIFICATION_NEEDS_PROVIDER });
    expect(await saved()).toBe(false);
  });
});
