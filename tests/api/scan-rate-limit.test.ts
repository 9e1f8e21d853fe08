import { expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday } from '../support/offer-factories';

const t = useTestContext();

it('one address may submit 60 scans in 10 minutes; the 61st is refused with 429 and a clear detail', async () => {
  const today = businessToday();
  const { hotel } = await insertSubscribedHotel(t.db, { from: today });
  const body = (i: number) => ({
    hotel_id: hotel.id,
    customer_name: 'Flood',
    mobile_number: String(9000000000 + i),
    checkout_date: addDays(today, 1),
    consent: true,
    selected_offers: ['00000000-0000-4000-8000-000000000000'], // no such offer: each attempt is refused, and still counts
  });
  for (let i = 0; i < 60; i++) {
    const res = await t.request('POST', '/api/customer-scans', { json: body(i) });
    expect(res.status).toBe(422);
  }
  const refused = await t.request('POST', '/api/customer-scans', { json: body(60) });
  expect(refused.status).toBe(429);
  expect(refused.body.detail).toMatch(
    /^Too many voucher requests from this network\. Please try again in \d+ minutes?\.$/,
  );
  // Retry-After: the seconds until the 10-minute window ends.
  expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(600);
  // Checking a number is a read and stays open.
  expect((await t.request('GET', `/api/customer-scans/check/${hotel.id}/9123456789`)).status).toBe(200);
});
