import { insertOffer } from './offer-factories';
import type { TestContext } from './harness';

/**
 * The counter tests' cast: merchant A (the caller in most tests) and merchant B (the "other merchant" whose data A
 * must never touch), each signed in with one offer, and tokens of the other roles.
 */
export async function merchantPair(t: TestContext) {
  const loginA = await t.createMerchantLogin();
  const loginB = await t.createMerchantLogin();
  const a = {
    token: await t.tokenFor(loginA.username, loginA.password),
    merchantId: loginA.merchantId!,
    merchantName: loginA.merchant.name,
    userId: loginA.id,
  };
  const b = { token: await t.tokenFor(loginB.username, loginB.password), merchantId: loginB.merchantId! };
  const offerA = await insertOffer(t.db, { merchantId: a.merchantId });
  const offerB = await insertOffer(t.db, { merchantId: b.merchantId });
  const [superadmin, admin, manager, hotel] = await Promise.all([
    t.tokenAs('superadmin'),
    t.tokenAs('admin'),
    t.tokenAs('manager'),
    t.tokenAs('hotel'),
  ]);
  return { a, b, offerA, offerB, tokens: { superadmin, admin, manager, hotel } };
}

export type MerchantPair = Awaited<ReturnType<typeof merchantPair>>;
