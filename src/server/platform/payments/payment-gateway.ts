/**
 * A payment gateway as the payments module sees it (docs/OPERATING.md "Payments"): it makes a payment link and reads
 * its webhooks. Razorpay Payment Links first; the `log` gateway (development, the demo) makes links that go nowhere.
 * Amounts cross this interface in paise, as gateways count them.
 */
export interface PaymentLinkRequest {
  /** Our reference, unique per link (the gateway refuses a second link with it). */
  referenceId: string;
  amountPaise: number;
  description: string;
  customer: { name: string; contact: string | null; email: string | null };
  expiresAt: Date;
  /** Where the payer lands after paying. */
  callbackUrl: string | null;
}

export interface CreatedPaymentLink {
  gatewayLinkId: string;
  url: string;
}

/** What a verified webhook says, reduced to what the payments module acts on. */
export type GatewayEvent =
  | {
      kind: 'link_paid';
      eventId: string;
      event: string;
      gatewayLinkId: string;
      referenceId: string | null;
      /** The link's amount and the payment's, each in paise with its currency, to check against ours. */
      linkAmountPaise: number;
      paymentAmountPaise: number;
      currency: string;
      gatewayPaymentId: string;
      /** The payer's method at the gateway (upi, card, netbanking...), kept as the payment's reference. */
      method: string | null;
      paidAt: Date;
    }
  | { kind: 'other'; eventId: string; event: string };

export type WebhookReading =
  { ok: true; event: GatewayEvent } | { ok: false; reason: 'bad_signature' | 'no_event_id' | 'unreadable' };

export interface PaymentGateway {
  name: 'razorpay' | 'log';
  createLink(request: PaymentLinkRequest): Promise<CreatedPaymentLink>;
  /** Checks the signature over the raw body before reading anything from it. */
  readWebhook(rawBody: string, headers: Headers): WebhookReading;
}

/** A gateway that refused or could not be reached: the route answers 502 with this text. */
export class GatewayError extends Error {}
