import { Hono } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { UuidIdParam } from '../../../shared/schemas/common';
import { CancelPeriodSchema, HotelBillingSchema } from '../../../shared/schemas/invoices';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { isoDate, named, uuid } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { HotelBillingView, presentHotelBilling } from '../invoices/invoices.presenter';
import { getHotelBilling, saveHotelBilling } from '../invoices/invoices.service';
import { cancelRenewal, getHotel } from './hotels.service';

/**
 * GET/PUT /hotels/{id}/billing (docs/PRODUCT.md "Tax invoices"): a hotel's GSTIN, state and billing e-mail, for the
 * back office (managers too: no amounts in them). The invoices module keeps them; the hotel is checked here.
 */
export function hotelBillingRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/:id/billing',
      answers(HotelBillingView),
      requireRole('backOffice'),
      validate('param', UuidIdParam),
      async (c) => {
        const { id } = c.req.valid('param');
        await getHotel(db, id);
        return c.json(presentHotelBilling(await getHotelBilling(db, id)));
      },
    )
    .put(
      '/:id/billing',
      answers(HotelBillingView),
      requireRole('backOffice'),
      validate('param', UuidIdParam),
      validate('json', HotelBillingSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await getHotel(db, id);
        const saved = await saveHotelBilling(db, id, c.req.valid('json'), auditContext(c, config));
        return c.json(presentHotelBilling(saved));
      },
    );
}

/** POST /subscription-periods/{id}/cancel: what changed. */
export const CancelledPeriodView = named(
  'CancelledPeriod',
  v.strictObject({
    detail: v.string(),
    subscription_end: v.nullable(isoDate),
    credit_note_id: v.nullable(uuid),
    credit_note_number: v.nullable(v.string()),
  }),
);
export type CancelledPeriodView = v.InferOutput<typeof CancelledPeriodView>;

/**
 * /subscription-periods: the super admin cancels a hotel's latest renewal with a reason (docs/PRODUCT.md "Tax
 * invoices"); the hotels module serves it, as the hotel's end and renewal count move back with it.
 */
export function subscriptionPeriodRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/:id/cancel',
    answers(CancelledPeriodView),
    requireRole('manageSettings'),
    validate('param', UuidIdParam),
    validate('json', CancelPeriodSchema),
    async (c) => {
      const { hotel, creditNote } = await cancelRenewal(
        db,
        c.req.valid('param').id,
        c.req.valid('json').reason,
        todayIn(config.timeZone),
        auditContext(c, config),
      );
      return c.json<CancelledPeriodView>({
        detail: creditNote
          ? `Renewal cancelled; credit note ${creditNote.number} issued`
          : 'Renewal cancelled (it had no tax invoice)',
        subscription_end: hotel.subscriptionEnd,
        credit_note_id: creditNote?.id ?? null,
        credit_note_number: creditNote?.number ?? null,
      });
    },
  );
}
