import { addDays } from '../../src/shared/dates';
import type { TestContext } from './harness';

/**
 * A guest's scan as the guest page sends it, and its POST: `submission(overrides)` is a valid body (consent, the
 * first two offers, check-out in two days, a new mobile) that the overrides change; `submit(body, key)` posts it
 * with an optional Idempotency-Key. `current` reads the file's hotel, offers and today once its beforeAll has run.
 */
export function guestScanRequests(
  t: TestContext,
  current: () => { hotelId: string; offerIds: string[]; today: string },
  guest: { customerName: string; nextMobile: () => string },
) {
  const submission = (overrides: Record<string, unknown> = {}) => {
    const { hotelId, offerIds, today } = current();
    return {
      hotel_id: hotelId,
      customer_name: guest.customerName,
      mobile_number: guest.nextMobile(),
      checkout_date: addDays(today, 2),
      consent: true,
      selected_offers: offerIds.slice(0, 2),
      ...overrides,
    };
  };
  const submit = (body: unknown, key?: string) =>
    t.request('POST', '/api/customer-scans', { json: body, headers: key ? { 'Idempotency-Key': key } : {} });
  return { submission, submit };
}
