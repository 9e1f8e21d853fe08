import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { ManualPaymentSchema, PAYMENT_STATUS_NAMES } from '../../../shared/schemas/payments';
import type { AppDeps, AppEnv } from '../../platform/context';
import { AppError, conflict, notFound } from '../../platform/lib/errors';
import type { Logger } from '../../platform/lib/logger';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, readsHeader } from '../../platform/openapi/describe';
import { ErrorAnswer, MessageAnswer } from '../../platform/openapi/shapes';
import { GatewayError, type PaymentGateway } from '../../platform/payments/payment-gateway';
import { auditContext } from '../audit/audit-context';
import { getHotel } from '../hotels/hotels.service';
import {
  HotelPaymentsView,
  presentHotelPayments,
  presentLink,
  RecordedPaymentView,
  SentLinkView,
} from './payments.presenter';
import { hotelPayments, recordManualPayment, sendPaymentLink } from './payments.service';
import { applyGatewayEvent } from './payments.webhook';

/**
 * /payments (docs/PRODUCT.md "Payments"): a hotel's periods with what each owes and received, a payment recorded by
 * hand, a payment link sent through the gateway. Amounts: the roles that see revenue (not managers).
 */
export function paymentRoutes({ db, config }: AppDeps, gateway: PaymentGateway | undefined) {
  return new Hono<AppEnv>()
    .get(
      '/hotels/:id',
      answers(HotelPaymentsView),
      requireRole('payments'),
      validate('param', UuidIdParam),
      async (c) => {
        const { id } = c.req.valid('param');
        await getHotel(db, id);
        return c.json(presentHotelPayments(gateway?.name ?? null, await hotelPayments(db, id)));
      },
    )
    .post(
      '/periods/:id',
      answers(RecordedPaymentView, { status: 201 }),
      requireRole('payments'),
      validate('param', UuidIdParam),
      validate('json', ManualPaymentSchema),
      async (c) => {
        const recorded = await recordManualPayment(
          db,
          c.req.valid('param').id,
          c.req.valid('json'),
          auditContext(c, config),
        );
        return c.json(
          { detail: `Payment recorded: ${PAYMENT_STATUS_NAMES[recorded.status].toLowerCase()}`, ...recorded },
          201,
        );
      },
    )
    .post(
      '/periods/:id/link',
      answers(SentLinkView),
      requireRole('payments'),
      validate('param', UuidIdParam),
      async (c) => {
        if (!gateway) throw conflict('No payment gateway is set up: record payments by hand');
        try {
          const { link, reused } = await sendPaymentLink(
            db,
            gateway,
            c.req.valid('param').id,
            auditContext(c, config),
            {
              callbackUrl: config.publicUrl ? `${config.publicUrl}/hotel` : null,
            },
          );
          return c.json({
            detail: reused ? 'The payment link sent before is still open' : 'Payment link sent to the hotel',
            reused,
            link: presentLink(link),
          });
        } catch (error) {
          if (error instanceof GatewayError) throw new AppError(502, error.message);
          throw error;
        }
      },
    );
}

/**
 * GET /hotel/payments: the hotel's own periods with what each owes, was paid and its open payment link (to pay
 * it), in the hotel area. The hotel is the login's; nothing sent chooses it.
 */
export function hotelPaymentRoutes({ db }: AppDeps, ownHotel: (c: Context<AppEnv>) => string) {
  return new Hono<AppEnv>().get('/payments', answers(HotelPaymentsView), requireRole('hotelArea'), async (c) =>
    c.json(presentHotelPayments(null, await hotelPayments(db, ownHotel(c)))),
  );
}

const GatewayParam = v.object({ gateway: v.string() });

/**
 * POST /payment-webhooks/{gateway}: the gateway's webhook, public (it signs instead of signing in). Nothing is read
 * from a body whose signature does not match; a refused one is a 401 and a log line. A verified event is answered
 * 200 whatever it did (a replay, an amount that does not match), so the gateway stops retrying; each is logged.
 */
export function paymentWebhookRoutes({ db, config }: AppDeps, gateway: PaymentGateway | undefined, logger: Logger) {
  return new Hono<AppEnv>().post(
    '/:gateway',
    readsHeader('X-Razorpay-Signature', v.string(), 'HMAC-SHA256 (hex) of the raw body with the webhook secret'),
    readsHeader('X-Razorpay-Event-Id', v.string(), "The gateway's id of the event: a replay is known by it"),
    answers(MessageAnswer),
    answers(ErrorAnswer, { status: 401, description: 'The signature does not match: nothing was read' }),
    validate('param', GatewayParam),
    async (c) => {
      if (!gateway || c.req.valid('param').gateway !== gateway.name) throw notFound('No such payment gateway');
      const rawBody = await c.req.text();
      const reading = gateway.readWebhook(rawBody, c.req.raw.headers);
      const from = clientAddress(c, config.trustProxy);
      if (!reading.ok) {
        logger.warn({ gateway: gateway.name, reason: reading.reason, from }, 'payment webhook refused');
        if (reading.reason === 'bad_signature') throw new AppError(401, 'Signature does not match');
        throw new AppError(400, reading.reason === 'no_event_id' ? 'Event id missing' : 'Webhook body unreadable');
      }
      const outcome = await applyGatewayEvent(db, gateway.name, reading.event, config.timeZone);
      const line = { gateway: gateway.name, event: reading.event.event, eventId: reading.event.eventId, outcome };
      if (outcome === 'recorded' || outcome === 'ignored') logger.info(line, 'payment webhook');
      else logger.warn(line, 'payment webhook changed nothing or needs a refund');
      return c.json({ detail: `Webhook ${outcome.replace(/_/g, ' ')}` });
    },
  );
}
