import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentGateway, GatewayEvent, WebhookReading } from './payment-gateway';
import { GatewayError } from './payment-gateway';

export interface RazorpayConfig {
  gateway: 'razorpay';
  /** https://api.razorpay.com by default; a local fake in tests. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Razorpay Payment Links (docs/OPERATING.md "Payments"): POST {apiUrl}/v1/payment_links with the key as Basic auth
 * makes a UPI-and-more link that runs out at `expire_by`; Razorpay texts and e-mails it to the hotel and reminds it.
 * A webhook is trusted only when X-Razorpay-Signature is the HMAC-SHA256 of the raw body with the webhook secret;
 * X-Razorpay-Event-Id names the event, so a replay is known.
 */
export function razorpayGateway(config: RazorpayConfig, options: { fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const doFetch = options.fetch ?? fetch;
  const gateway: PaymentGateway = {
    name: 'razorpay',
    async createLink(request) {
      const body = {
        amount: request.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: request.referenceId,
        description: request.description.slice(0, 2048),
        customer: {
          name: request.customer.name,
          ...(request.customer.contact && { contact: `+91${request.customer.contact}` }),
          ...(request.customer.email && { email: request.customer.email }),
        },
        notify: { sms: request.customer.contact !== null, email: request.customer.email !== null },
        reminder_enable: true,
        expire_by: Math.floor(request.expiresAt.getTime() / 1000),
        notes: { reference_id: request.referenceId },
        ...(request.callbackUrl && { callback_url: request.callbackUrl, callback_method: 'get' }),
      };
      let res: Response;
      try {
        res = await doFetch(`${config.apiUrl}/v1/payment_links`, {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new GatewayError(
          `Razorpay could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const answer = (await res.json().catch(() => null)) as {
        id?: unknown;
        short_url?: unknown;
        error?: { description?: unknown };
      } | null;
      if (res.ok && typeof answer?.id === 'string' && typeof answer.short_url === 'string')
        return { gatewayLinkId: answer.id, url: answer.short_url };
      const why = typeof answer?.error?.description === 'string' ? answer.error.description : `HTTP ${res.status}`;
      throw new GatewayError(`Razorpay refused the payment link: ${why}`);
    },
    readWebhook: (rawBody, headers) => readRazorpayWebhook(config.webhookSecret, rawBody, headers),
  };
  return gateway;
}

/** Whether `signature` is the hex HMAC-SHA256 of `rawBody` under `secret` (compared in constant time). */
export function signatureMatches(secret: string, rawBody: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The signed body of a Razorpay webhook, read only after its signature is checked. */
export function readRazorpayWebhook(secret: string, rawBody: string, headers: Headers): WebhookReading {
  if (!signatureMatches(secret, rawBody, headers.get('x-razorpay-signature')))
    return { ok: false, reason: 'bad_signature' };
  const eventId = headers.get('x-razorpay-event-id');
  if (!eventId || eventId.length > 100) return { ok: false, reason: 'no_event_id' };
  let body: RazorpayEventBody;
  try {
    body = JSON.parse(rawBody) as RazorpayEventBody;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const event = typeof body?.event === 'string' ? body.event : '';
  if (event !== 'payment_link.paid') return { ok: true, event: { kind: 'other', eventId, event: event || 'unknown' } };
  const link = body.payload?.payment_link?.entity;
  const payment = body.payload?.payment?.entity;
  if (
    typeof link?.id !== 'string' ||
    typeof link.amount !== 'number' ||
    typeof payment?.id !== 'string' ||
    typeof payment.amount !== 'number' ||
    typeof payment.currency !== 'string'
  )
    return { ok: false, reason: 'unreadable' };
  const paid: GatewayEvent = {
    kind: 'link_paid',
    eventId,
    event,
    gatewayLinkId: link.id,
    referenceId: typeof link.reference_id === 'string' ? link.reference_id : null,
    linkAmountPaise: link.amount,
    paymentAmountPaise: payment.amount,
    currency: link.currency === payment.currency ? payment.currency : `${String(link.currency)}/${payment.currency}`,
    gatewayPaymentId: payment.id,
    method: typeof payment.method === 'string' ? payment.method : null,
    paidAt: typeof payment.created_at === 'number' ? new Date(payment.created_at * 1000) : new Date(),
  };
  return { ok: true, event: paid };
}

interface RazorpayEventBody {
  event?: unknown;
  payload?: {
    payment_link?: { entity?: { id?: unknown; amount?: unknown; currency?: unknown; reference_id?: unknown } };
    payment?: {
      entity?: { id?: unknown; amount?: unknown; currency?: unknown; method?: unknown; created_at?: unknown };
    };
  };
}
