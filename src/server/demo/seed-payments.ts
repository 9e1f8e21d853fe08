import { asc, eq } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import type { ManualPaymentInput } from '../../shared/schemas/payments';
import type { Db } from '../db/client';
import { logGateway } from '../platform/payments/log-gateway';
import type { AuditContext } from '../modules/audit/audit.service';
import { hotels } from '../modules/hotels/table';
import { recordManualPayment, sendPaymentLink } from '../modules/payments/payments.service';
import { subscriptionPeriods } from '../modules/subscriptions/table';
import { users } from '../modules/users/table';
import { DEMO_LOGINS } from './demo-logins';

/**
 * The demo's payments (docs/PRODUCT.md "Payments"), so the back office shows every status. Demo periods are made
 * after migration 0040, so each starts unpaid; most are then paid by hand (UPI or bank transfer, Lakeside Haveli's
 * with TDS) on the day the period was paid, through recordManualPayment, so settled_at and the audit trail are what
 * a real payment leaves. Still owing: the latest renewals of Palm Grove Inn (with a payment link of the `log`
 * gateway, which a curl can pay: docs/OPERATING.md "Payments"), Amber Fort View and Misty Valley Cottages; City
 * Palace Suites' renewal is partly paid. No billing settings in the demo, so no invoices: a period owes its amount.
 */

/** The hotels whose latest period is left unpaid; the first gets the payment link. */
const UNPAID_LATEST = ['Palm Grove Inn', 'Amber Fort View', 'Misty Valley Cottages'];
const PARTLY_PAID_LATEST = 'City Palace Suites';
const PARTLY_PAID_AMOUNT = 4000;
/** Paid with 10 % of the amount deducted at source (TDS), the rest by bank transfer. */
const TDS_HOTEL = 'Lakeside Haveli';

export async function seedDemoPayments(db: Db, { timeZone }: { timeZone: string }): Promise<void> {
  const [admin] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.username, DEMO_LOGINS.admin.username));
  const audit: AuditContext = { actor: admin ?? { id: null, username: DEMO_LOGINS.admin.username }, address: null };
  const periods = await db
    .select({
      id: subscriptionPeriods.id,
      hotelId: subscriptionPeriods.hotelId,
      hotel: hotels.name,
      amount: subscriptionPeriods.amount,
      paidAt: subscriptionPeriods.paidAt,
    })
    .from(subscriptionPeriods)
    .innerJoin(hotels, eq(hotels.id, subscriptionPeriods.hotelId))
    .orderBy(asc(hotels.name), asc(subscriptionPeriods.fromDate));
  const latestOf = new Map(periods.map((p) => [p.hotelId, p.id]));

  let linkPeriod: string | undefined;
  for (const [n, period] of periods.entries()) {
    const latest = latestOf.get(period.hotelId) === period.id;
    const paidOn = todayIn(timeZone, period.paidAt);
    const upi: ManualPaymentInput = {
      amount: period.amount,
      tds_amount: 0,
      method: 'upi',
      paid_on: paidOn,
      reference: String(417000000000 + n * 7919),
    };
    const bankTransfer: ManualPaymentInput = {
      ...upi,
      method: 'bank_transfer',
      // A NEFT UTR's shape: bank, N, then digits (16 characters).
      reference: `HDFCN${paidOn.slice(2).replaceAll('-', '')}${String(n).padStart(5, '0')}`,
    };
    if (latest && UNPAID_LATEST.includes(period.hotel)) {
      if (period.hotel === UNPAID_LATEST[0]) linkPeriod = period.id;
      continue;
    }
    if (latest && period.hotel === PARTLY_PAID_LATEST)
      await recordManualPayment(db, period.id, { ...bankTransfer, amount: PARTLY_PAID_AMOUNT }, audit);
    else if (period.hotel === TDS_HOTEL) {
      const tds = Math.round(period.amount * 10) / 100;
      await recordManualPayment(
        db,
        period.id,
        { ...bankTransfer, amount: period.amount - tds, tds_amount: tds },
        audit,
      );
    } else await recordManualPayment(db, period.id, n % 2 === 0 ? bankTransfer : upi, audit);
  }

  // The log gateway's link: an address that goes nowhere, nothing sent (no log line either during the seed).
  if (linkPeriod)
    await sendPaymentLink(db, logGateway({ log: () => {}, publicUrl: undefined }), linkPeriod, audit, {
      callbackUrl: null,
    });
}
