import { and, eq } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates';
import { fromPaise, toPaise } from '../../../shared/gst';
import type { Db } from '../../db/client';
import type { GatewayEvent, PaymentGateway } from '../../platform/payments/payment-gateway';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { lockPeriodMoney, paymentStatusOf, settleWhenCovered } from './payments.service';
import { paymentLinks, paymentWebhookEvents, periodPayments } from './table';

/**
 * What a verified gateway webhook did (docs/PRODUCT.md "Payments"), also kept on its payment_webhook_events row:
 * - recorded: a payment for its period; refund_due: recorded, but the period was paid already (flagged for refund);
 * - replayed: its event id was seen before, nothing changed; ignored: an event the payments do not act on;
 * - unknown_link, amount_mismatch, duplicate_payment: refused, nothing changed.
 */
export type WebhookOutcome =
  'recorded' | 'refund_due' | 'replayed' | 'ignored' | 'unknown_link' | 'amount_mismatch' | 'duplicate_payment';

const GATEWAY_ACTOR: AuditContext = { actor: { id: null, username: 'payment gateway' }, address: null };

/**
 * Acts on one verified event in one transaction: its id is written first (a replay finds it and changes nothing), a
 * paid link's amounts and currency are checked against the link we made, and the payment is recorded once (the
 * gateway's payment id is unique). A payment for a period already paid is recorded with all of it to refund.
 */
export async function applyGatewayEvent(
  db: Db,
  gateway: PaymentGateway['name'],
  event: GatewayEvent,
  timeZone: string,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ gateway, eventId: event.eventId, event: event.event, outcome: 'pending' })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!fresh) return 'replayed';
    const settle = async (outcome: WebhookOutcome, paymentId: string | null = null) => {
      await tx
        .update(paymentWebhookEvents)
        .set({ outcome, paymentId })
        .where(and(eq(paymentWebhookEvents.gateway, gateway), eq(paymentWebhookEvents.eventId, event.eventId)));
      return outcome;
    };
    if (event.kind === 'other') return settle('ignored');

    const [link] = await tx
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.gateway, gateway), eq(paymentLinks.gatewayLinkId, event.gatewayLinkId)));
    if (!link || (event.referenceId !== null && event.referenceId !== link.id)) return settle('unknown_link');
    const askedPaise = toPaise(link.amount);
    if (
      event.currency !== link.currency ||
      event.linkAmountPaise !== askedPaise ||
      event.paymentAmountPaise !== askedPaise
    ) {
      await recordAudit(tx, GATEWAY_ACTOR, {
        action: 'payment.webhook_refused',
        entity: 'subscription_period',
        entityId: link.periodId,
        after: {
          event_id: event.eventId,
          why: 'amount or currency differs from the link',
          link_amount: fromPaise(askedPaise),
          paid: fromPaise(event.paymentAmountPaise),
          currency: event.currency,
        },
      });
      return settle('amount_mismatch');
    }
    const [seen] = await tx
      .select({ id: periodPayments.id })
      .from(periodPayments)
      .where(eq(periodPayments.gatewayPaymentId, event.gatewayPaymentId));
    if (seen) return settle('duplicate_payment');

    // The period's money, its row locked so a payment by hand at this moment queues behind this one.
    // A cancelled period owes nothing: all of such a payment is to refund.
    const money = await lockPeriodMoney(tx, link.periodId);
    const duePaise = money.cancelledAt ? 0 : money.duePaise;
    const settledPaise = money.settledPaise;
    const refundPaise = Math.max(0, Math.min(askedPaise, settledPaise + askedPaise - duePaise));
    const [payment] = await tx
      .insert(periodPayments)
      .values({
        periodId: link.periodId,
        hotelId: link.hotelId,
        method: 'gateway',
        amount: fromPaise(askedPaise),
        refundAmount: fromPaise(refundPaise),
        paidOn: todayIn(timeZone, event.paidAt),
        reference: event.method ? `${event.gatewayPaymentId} (${event.method})` : event.gatewayPaymentId,
        gatewayPaymentId: event.gatewayPaymentId,
        paymentLinkId: link.id,
        recordedBy: 'payment gateway',
      })
      .returning({ id: periodPayments.id });
    await tx.update(paymentLinks).set({ status: 'paid' }).where(eq(paymentLinks.id, link.id));
    const after = { duePaise, settledPaise: settledPaise + askedPaise - refundPaise, settledAt: money.settledAt };
    await settleWhenCovered(tx, link.periodId, after);
    const outcome: WebhookOutcome = refundPaise > 0 ? 'refund_due' : 'recorded';
    const audited = {
      entity: 'subscription_period' as const,
      entityId: link.periodId,
      after: {
        payment_id: payment!.id,
        gateway_payment_id: event.gatewayPaymentId,
        amount: fromPaise(askedPaise),
        refund_amount: fromPaise(refundPaise),
        status: paymentStatusOf(after),
      },
    };
    // Written out (not one conditional action) so the audit list's test finds both.
    if (refundPaise > 0) await recordAudit(tx, GATEWAY_ACTOR, { action: 'payment.refund_due', ...audited });
    else await recordAudit(tx, GATEWAY_ACTOR, { action: 'payment.received', ...audited });
    return settle(outcome, payment!.id);
  });
}
