import { createHmac } from 'node:crypto';

/**
 * Razorpay's webhooks as the gateway sends them (docs/OPERATING.md "Payments"), for the tests that play one: a
 * payment_link.paid body and the headers that sign it.
 */

/** A payment_link.paid body for `link`, `paid` paise paid (the link's amount unless said). */
export function linkPaidEvent(
  link: { gatewayLinkId: string; referenceId?: string; paise: number },
  paymentId: string,
  paid = link.paise,
): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_Test',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: link.gatewayLinkId,
          amount: link.paise,
          amount_paid: paid,
          currency: 'INR',
          ...(link.referenceId && { reference_id: link.referenceId }),
          status: 'paid',
        },
      },
      payment: {
        entity: {
          id: paymentId,
          amount: paid,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          created_at: 1795000000,
        },
      },
    },
    created_at: 1795000000,
  });
}

/** The headers of a webhook: JSON, its HMAC-SHA256 signature under `secret`, and the event's id. */
export const signedWebhookHeaders = (body: string, secret: string, eventId: string) => ({
  'Content-Type': 'application/json',
  'X-Razorpay-Signature': createHmac('sha256', secret).update(body).digest('hex'),
  'X-Razorpay-Event-Id': eventId,
});
