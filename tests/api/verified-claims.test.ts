import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { createLogger } from '../../src/server/platform/lib/logger';
import { issueVerificationToken } from '../../src/server/modules/verification/verification-token';
import { addDays } from '../../src/shared/dates';
import { VERIFICATION_INVALID, VERIFY_FIRST } from '../../src/shared/schemas/verification';
import { TEST_JWT_SECRET } from '../support/harness';
import { useTestContext } from '../support';
import { expectAnswer } from '../support/answers';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertOffer } from '../support/offer-factories';
import { customerScans, hotels } from '../support/tables';

/**
 * Claims at a hotel with phone verification on (docs/PRODUCT.md "Guest trust"): a submission needs a verification
 * token of purpose claim for this number and hotel (403 otherwise), so a fake claim cannot block a real guest's
 * number; a verified scan says so.
 */
const t = useTestContext();
const output: string[] = [];
let app: ReturnType<typeof createApp>;
let today: string;
let hotelId: string;
let otherHotelId: string;
let offerIds: string[];
let mobileCounter = 0;
const nextMobile = () => `96${String(10_000_000 + ++mobileCounter * 7919).slice(-8)}`;

beforeAll(async () => {
  const logger = createLogger({ level: 'info', destination: { write: (chunk: string) => void output.push(chunk) } });
  app = createApp({ ...t.deps, logger });
  today = businessToday();
  const location = await t.createLocation();
  const subscribed = () =>
    insertSubscribedHotel(t.db, { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } });
  hotelId = (await subscribed()).hotel.id;
  otherHotelId = (await subscribed()).hotel.id;
  const merchant = await t.createMerchant({ locationId: location.id });
  offerIds = [(await insertOffer(t.db, { merchantId: merchant.id })).id];
});

async function call(method: string, path: string, json?: unknown) {
  const res = await app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const ask = (mobile: string) =>
  call('POST', '/api/verification/request', { mobile_number: mobile, purpose: 'claim', hotel_id: hotelId });
const verify = (mobile: string, code: string) =>
  call('POST', '/api/verification/verify', { mobile_number: mobile, purpose: 'claim', hotel_id: hotelId, code });

/** The code the log provider printed for this number, once the outbox has sent it. */
async function codeSentTo(mobile: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const line = output
      .join('')
      .split('\n')
      .find((l) => l.includes(`Verification code for ******${mobile.slice(-4)}:`));
    const code = line && /: (\d{6}) /.exec(line)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no code was sent to ${mobile}`);
}

describe('claims at a hotel with phone verification on', () => {
  const claim = (mobile: string, token?: string) =>
    call('POST', '/api/customer-scans', {
      hotel_id: hotelId,
      customer_name: 'Ravi',
      mobile_number: mobile,
      checkout_date: addDays(today, 2),
      consent: true,
      selected_offers: offerIds,
      ...(token === undefined ? {} : { verification_token: token }),
    });

  it('needs a verification token for this number and hotel; a verified scan says so', async () => {
    const plain = nextMobile();
    const before = await claim(plain);
    expect(before.status, before.text).toBe(201);
    await t.db.update(hotels).set({ phoneVerification: true }).where(eq(hotels.id, hotelId));
    try {
      const mobile = nextMobile();
      expectAnswer(await claim(mobile), 403, { detail: VERIFY_FIRST });
      const otherNumber = await issueVerificationToken(
        { mobile: nextMobile(), purpose: 'claim', hotelId },
        TEST_JWT_SECRET,
      );
      const otherHotel = await issueVerificationToken(
        { mobile, purpose: 'claim', hotelId: otherHotelId },
        TEST_JWT_SECRET,
      );
      const recover = await issueVerificationToken({ mobile, purpose: 'recover', hotelId }, TEST_JWT_SECRET);
      const forged = await issueVerificationToken(
        { mobile, purpose: 'claim', hotelId },
        'another-secret-0123456789abcdef0',
      );
      const expired = await issueVerificationToken(
        { mobile, purpose: 'claim', hotelId },
        TEST_JWT_SECRET,
        Math.floor(Date.now() / 1000) - 3600,
      );
      for (const token of [otherNumber, otherHotel, recover, forged, expired, 'not-a-token'])
        expectAnswer(await claim(mobile, token), 403, { detail: VERIFICATION_INVALID });
      expect(await t.db.$count(customerScans, eq(customerScans.mobileNumber, mobile))).toBe(0);

      await ask(mobile);
      const { verification_token: token } = (await verify(mobile, await codeSentTo(mobile))).body;
      const res = await claim(mobile, token);
      expect(res.status, res.text).toBe(201);
      const [scan] = await t.db.select().from(customerScans).where(eq(customerScans.mobileNumber, mobile));
      expect(scan!.verified).toBe(true);
      const [unverified] = await t.db.select().from(customerScans).where(eq(customerScans.mobileNumber, plain));
      expect(unverified!.verified).toBe(false);
    } finally {
      await t.db.update(hotels).set({ phoneVerification: false }).where(eq(hotels.id, hotelId));
    }
  });
});
