import { formatDate } from '../../../shared/format';
import { maskMobile } from '../../../shared/privacy';
import {
  ALREADY_REDEEMED_MESSAGE,
  CANCELLED_MESSAGE,
  NOT_A_CODE_MESSAGE,
  REDEEMED_MESSAGE,
  RETRY_MESSAGE,
  UNKNOWN_CODE_MESSAGE,
} from '../../../shared/schemas/merchant-area';
import * as v from 'valibot';
import { billRequiredText, NOT_VALID_RULES } from '../../../shared/offer-rules';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { OfferRulesView, presentOfferRules } from '../../modules/offers/offers.presenter';
import type { MerchantCustomerGroup, OwnMerchant, RedemptionOutcome } from './merchant-area.service';

/** GET /merchant/dashboard (docs/PRODUCT.md "API fields" Merchant dashboard stats). */
export const MerchantDashboardView = named(
  'MerchantDashboardStats',
  v.strictObject({
    merchant_name: v.string(),
    total_vouchers: int,
    redeemed_vouchers: int,
    not_redeemed_vouchers: int,
  }),
);
export type MerchantDashboardView = v.InferOutput<typeof MerchantDashboardView>;

export function presentDashboard(
  merchant: OwnMerchant,
  counts: { total: number; redeemed: number },
): MerchantDashboardView {
  return {
    merchant_name: merchant.name,
    total_vouchers: counts.total,
    redeemed_vouchers: counts.redeemed,
    not_redeemed_vouchers: counts.total - counts.redeemed,
  };
}

/**
 * The docs/PRODUCT.md "API fields" redemption result. `redeemed_at` is an ISO instant the screen shows in the viewer's
 * time, so the messages carry no times. An unknown code (including another merchant's) names nobody. `offer_rules`
 * are the voucher's offer's rules, so the counter shows them (null when the code is no voucher of this merchant).
 */
const redemption = <S extends string, N extends v.GenericSchema, R extends v.GenericSchema, E extends v.ObjectEntries>(
  status: S,
  customerName: N,
  redeemedAt: R,
  extra: E,
) =>
  v.strictObject({
    status: v.literal(status),
    message: v.string(),
    coupon_code: v.string(),
    customer_name: customerName,
    redeemed_at: redeemedAt,
    offer_rules: v.nullable(OfferRulesView),
    ...extra,
  });

/**
 * docs/PRODUCT.md "States"; an expired offer's coupon is `invalid` with a message that says so (and the guest's name).
 * docs/COUNTER.md "Offer rules at the counter": `not_valid_now` names the rule the redemption broke (today's weekday,
 * a blackout date, a bill below the minimum) and redeems nothing; `bill_required` asks for the bill first. A success
 * with an override reason ("Redeem anyway") answers `override: true`.
 */
export const RedemptionView = named(
  'RedemptionResult',
  v.union([
    redemption('success', v.string(), isoDateTime, { override: v.boolean() }),
    redemption('already_redeemed', v.string(), v.nullable(isoDateTime), {}),
    redemption('not_valid_now', v.string(), v.null(), { rule: v.picklist(NOT_VALID_RULES) }),
    redemption('bill_required', v.string(), v.null(), { min_bill: v.number() }),
    redemption('invalid', v.nullable(v.string()), v.null(), {}),
    redemption('error', v.null(), v.null(), {}),
  ]),
);
export type RedemptionView = v.InferOutput<typeof RedemptionView>;

export function presentRedemption(outcome: RedemptionOutcome): RedemptionView {
  const base = { coupon_code: outcome.code, customer_name: null, redeemed_at: null, offer_rules: null };
  switch (outcome.kind) {
    case 'redeemed':
      return {
        status: 'success' as const,
        // The offer to honour, so the counter does not need the guest's voucher card.
        message: `${REDEEMED_MESSAGE}. Offer: ${outcome.offerName}`,
        coupon_code: outcome.code,
        customer_name: outcome.customerName,
        redeemed_at: outcome.redeemedAt.toISOString(),
        offer_rules: presentOfferRules(outcome.rules),
        override: outcome.override,
      };
    case 'already_redeemed':
      return {
        status: 'already_redeemed' as const,
        message: ALREADY_REDEEMED_MESSAGE,
        coupon_code: outcome.code,
        customer_name: outcome.customerName,
        redeemed_at: outcome.redeemedAt ? outcome.redeemedAt.toISOString() : null,
        offer_rules: presentOfferRules(outcome.rules),
      };
    case 'not_valid_now':
      return {
        ...base,
        status: 'not_valid_now' as const,
        message: outcome.message,
        customer_name: outcome.customerName,
        offer_rules: presentOfferRules(outcome.rules),
        rule: outcome.rule,
      };
    case 'bill_required':
      return {
        ...base,
        status: 'bill_required' as const,
        message: billRequiredText(outcome.minBill),
        customer_name: outcome.customerName,
        offer_rules: presentOfferRules(outcome.rules),
        min_bill: outcome.minBill,
      };
    case 'expired':
      return {
        ...base,
        status: 'invalid' as const,
        message: `This voucher's offer expired on ${formatDate(outcome.validityTo)}, so it can no longer be redeemed`,
        customer_name: outcome.customerName,
        offer_rules: presentOfferRules(outcome.rules),
      };
    case 'cancelled':
      return { ...base, status: 'invalid' as const, message: CANCELLED_MESSAGE };
    case 'not_a_code':
      return { ...base, status: 'invalid' as const, message: NOT_A_CODE_MESSAGE };
    case 'unknown':
      return { ...base, status: 'invalid' as const, message: UNKNOWN_CODE_MESSAGE };
    case 'retry':
      return { ...base, status: 'error' as const, message: RETRY_MESSAGE };
  }
}

/** GET /merchant/my-customers row: one guest scan with the vouchers it redeemed here. */
export const MerchantCustomerView = named(
  'MerchantCustomer',
  v.strictObject({
    scan_id: uuid,
    scan_date: isoDateTime,
    customer_name: v.string(),
    /** Masked: merchants never see whole numbers (docs/PRIVACY.md). */
    mobile_number: v.string(),
    checkout_date: isoDate,
    redeemed_vouchers: v.array(
      v.strictObject({
        coupon_code: v.string(),
        offer_name: v.string(),
        redeemed_at: isoDateTime,
        /** Rupees the merchant entered after redeeming, null when none. */
        bill_amount: v.nullable(v.number()),
        /** Why it was redeemed anyway, outside the offer's rules ("Redeem anyway"); null for a plain redemption. */
        override_reason: v.nullable(v.string()),
        /** The username of the login that redeemed it; null when not known (before logins were recorded) or removed. */
        redeemed_by: v.nullable(v.string()),
      }),
    ),
  }),
);
export type MerchantCustomerView = v.InferOutput<typeof MerchantCustomerView>;

export function presentCustomer(group: MerchantCustomerGroup): MerchantCustomerView {
  return {
    scan_id: group.scanId,
    scan_date: group.scanDate.toISOString(),
    customer_name: group.customerName,
    // Merchants see masked mobiles; only the back office sees whole numbers (docs/PRIVACY.md).
    mobile_number: maskMobile(group.mobileNumber),
    checkout_date: group.checkoutDate,
    redeemed_vouchers: group.vouchers.map((voucher) => ({
      coupon_code: voucher.code,
      offer_name: voucher.offerName,
      redeemed_at: voucher.redeemedAt.toISOString(),
      bill_amount: voucher.billAmount,
      override_reason: voucher.overrideReason,
      redeemed_by: voucher.redeemedBy,
    })),
  };
}
