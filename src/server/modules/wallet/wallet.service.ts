import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../platform/lib/errors';
import type { GoogleWalletConfig } from '../../platform/wallet-config';
import { coupons } from '../coupons/table';
import { customerScans } from '../customer-scans/table';
import { merchants } from '../merchants/table';
import { merchantPlaceColumns, presentMerchantPlace } from '../offers/merchant-place';
import { offers } from '../offers/table';
import { walletPasses } from './table';
import { signRs256 } from './wallet-jwt';

/**
 * "Add to Google Wallet" (docs/PRODUCT.md "Google Wallet"): a voucher as a Google Wallet offer pass, saved through
 * Google's save link, `https://pay.google.com/gp/v/save/<JWT>`. The JWT, signed with the service account's key,
 * carries the offer's class and the voucher's object, so Google makes both when the guest saves it: nothing is sent
 * to Google before the guest asks. The pass shows the code as a QR and expires with the offer.
 */
export const WALLET_SAVE_URL = 'https://pay.google.com/gp/v/save/';
export const VOUCHER_NOT_FOUND = 'Coupon not found';
export const WALLET_OFF = 'Google Wallet is not available';
export const ALREADY_REDEEMED = 'This voucher has already been redeemed';

/** A pass's state as Google Wallet shows it: usable, used (with used and expired passes), or hidden. */
export type WalletState = 'ACTIVE' | 'COMPLETED' | 'INACTIVE';

/** `<issuer id>.<our id>`: Google's ids are the issuer's number, a dot, and letters, digits, '.', '_' or '-'. */
export const walletObjectId = (issuerId: string, couponId: string) => `${issuerId}.${couponId}`;
export const walletClassId = (issuerId: string, offerId: string) => `${issuerId}.${offerId}`;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The last second of the business day `date` in `timeZone`, as an ISO date-time with its offset
 * ('2026-12-31T23:59:59+05:30'): the moment an offer valid to that day runs out (docs/PRODUCT.md "Google Wallet").
 */
export function endOfBusinessDay(date: string, timeZone: string): string {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, format);
  }
  const offsetAt = (instant: number) => {
    const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  // The offset at that wall-clock moment: read at the same clock time in UTC, then again at the instant it gives
  // (right on a day the clocks change).
  const wall = Date.parse(`${date}T23:59:59Z`);
  const offset = offsetAt(wall - offsetAt(wall) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${date}T23:59:59${sign}${hours}:${minutes}`;
}

/** What a pass shows of a voucher, and whether it may still be saved. */
async function walletVoucher(db: Db, couponId: string) {
  const [row] = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      isRedeemed: coupons.isRedeemed,
      cancelledAt: coupons.cancelledAt,
      anonymisedAt: customerScans.anonymisedAt,
      offerId: offers.id,
      offerName: offers.offerName,
      validityTo: offers.validityTo,
      openingHours: offers.openingHours,
      closingHours: offers.closingHours,
      merchantName: merchants.name,
      ...merchantPlaceColumns,
    })
    .from(coupons)
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
    .where(eq(coupons.id, couponId))
    .limit(1);
  return row;
}

/** Where the shop is, as the voucher shows it: address, the store's number, the offer's hours. */
function whereText(voucher: NonNullable<Awaited<ReturnType<typeof walletVoucher>>>): string {
  const place = presentMerchantPlace(voucher);
  const hours =
    voucher.openingHours && voucher.closingHours
      ? `Open ${voucher.openingHours.slice(0, 5)} – ${voucher.closingHours.slice(0, 5)}`
      : undefined;
  return [place.address, place.store_contact_number && `Call ${place.store_contact_number}`, hours]
    .filter(Boolean)
    .join('\n');
}

/**
 * GET /coupons/{id}/wallet: the voucher's save link, and its wallet_passes row (so the redemption, an undo and an
 * erasure update the pass from now on). 404 when Wallet is off, for an unknown voucher, one cancelled or whose
 * guest's data was erased (docs/PRIVACY.md); 409 once redeemed (a used voucher is not worth saving).
 */
export async function walletSaveLink(
  db: Db,
  wallet: GoogleWalletConfig | undefined,
  couponId: string,
  context: { origin: string; timeZone: string; now?: Date },
): Promise<string> {
  if (!wallet) throw notFound(WALLET_OFF);
  const voucher = await walletVoucher(db, couponId);
  if (!voucher || voucher.cancelledAt || voucher.anonymisedAt) throw notFound(VOUCHER_NOT_FOUND);
  if (voucher.isRedeemed) throw conflict(ALREADY_REDEEMED);
  const objectId = walletObjectId(wallet.issuerId, voucher.id);
  const classId = walletClassId(wallet.issuerId, voucher.offerId);
  await db.insert(walletPasses).values({ couponId: voucher.id, objectId }).onConflictDoNothing();
  const claims = {
    iss: wallet.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor((context.now ?? new Date()).getTime() / 1000),
    origins: [context.origin],
    payload: {
      offerClasses: [
        {
          id: classId,
          issuerName: 'StayPerks',
          provider: voucher.merchantName,
          title: voucher.offerName,
          redemptionChannel: 'INSTORE',
          reviewStatus: 'UNDER_REVIEW',
        },
      ],
      offerObjects: [
        {
          id: objectId,
          classId,
          state: 'ACTIVE' satisfies WalletState,
          barcode: { type: 'QR_CODE', value: voucher.code, alternateText: voucher.code },
          validTimeInterval: { end: { date: endOfBusinessDay(voucher.validityTo, context.timeZone) } },
          textModulesData: [{ id: 'where', header: 'Where', body: whereText(voucher) }],
        },
      ],
    },
  };
  return `${WALLET_SAVE_URL}${signRs256(claims, wallet.privateKey)}`;
}

/**
 * The state a pass must show now (wallet.channel.ts, at send time): hidden once the voucher was cancelled or its
 * guest's data erased (docs/PRIVACY.md "Google Wallet"), used once redeemed, else usable. Undefined without a pass.
 */
export async function walletPassState(
  db: Db,
  couponId: string,
): Promise<{ objectId: string; state: WalletState } | undefined> {
  const [row] = await db
    .select({
      objectId: walletPasses.objectId,
      isRedeemed: coupons.isRedeemed,
      hidden: sql<boolean>`(${coupons.cancelledAt} is not null or ${customerScans.anonymisedAt} is not null)`,
    })
    .from(walletPasses)
    .innerJoin(coupons, eq(coupons.id, walletPasses.couponId))
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .where(eq(walletPasses.couponId, couponId))
    .limit(1);
  if (!row) return undefined;
  const state: WalletState = row.hidden ? 'INACTIVE' : row.isRedeemed ? 'COMPLETED' : 'ACTIVE';
  return { objectId: row.objectId, state };
}

/** Google accepted this state for the pass: kept for the operator (wallet_passes.sent_state, sent_at). */
export async function recordWalletSent(db: Db, couponId: string, state: WalletState): Promise<void> {
  await db
    .update(walletPasses)
    .set({ sentState: state, sentAt: sql`now()` })
    .where(eq(walletPasses.couponId, couponId));
}
