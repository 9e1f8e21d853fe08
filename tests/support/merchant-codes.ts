import type { TestContext } from './harness';
import { insertCouponFor, insertOffer } from './offer-factories';

/** A new merchant login signed in at the counter, with `count` pending codes of one offer of its merchant. */
export async function merchantWithCodes(t: TestContext, count: number) {
  const login = await t.createMerchantLogin();
  const token = await t.tokenFor(login.username, login.password);
  const offer = await insertOffer(t.db, { merchantId: login.merchantId! });
  const codes: string[] = [];
  for (let i = 0; i < count; i++) codes.push((await insertCouponFor(t.db, offer)).coupon.code);
  return { login, token, offer, codes };
}
