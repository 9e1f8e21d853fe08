import { beforeAll } from 'vitest';
import { todayIn } from '../../src/shared/dates';
import type { TestContext } from './harness';
import { insertOffer } from './offer-factories';
import { lateBound, useTestContext } from './use-test-context';

const TIME_ZONE = 'Asia/Kolkata';

/**
 * The counter tests' cast: merchant A (the caller in most tests) and merchant B (the "other merchant" whose data A
 * must never touch), each signed in with one offer, and tokens of the other roles.
 */
async function merchantPair(t: TestContext) {
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

type MerchantPair = Awaited<ReturnType<typeof merchantPair>>;

/**
 * The counter tests' setup, as each of their files starts: the app in the business zone Asia/Kolkata, today there,
 * and the cast made in the next `beforeAll`, each part standing for its value inside hooks and tests (as
 * useTestContext's context does).
 */
export function useMerchantPairTest() {
  const t = useTestContext({ env: { APP_TIMEZONE: TIME_ZONE } });
  let pair: MerchantPair | undefined;
  beforeAll(async () => {
    pair = await merchantPair(t);
  });
  const part = <K extends keyof MerchantPair>(key: K) => lateBound(() => pair?.[key], 'useMerchantPairTest');
  return {
    t,
    today: todayIn(TIME_ZONE),
    a: part('a'),
    b: part('b'),
    offerA: part('offerA'),
    offerB: part('offerB'),
    tokens: part('tokens'),
  };
}
