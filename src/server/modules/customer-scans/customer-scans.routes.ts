import { Hono } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { IdempotencyKey, ScanCheckParams, ScanCheckQuery, scanSubmissionSchema } from '../../../shared/schemas/scans';
import type { AppDeps, AppEnv } from '../../platform/context';
import { AppError } from '../../platform/lib/errors';
import { clientAddress, createLimiter, createLimiterGroup } from '../../platform/middleware/rate-limit';
import { validate } from '../../platform/middleware/validate';
import { answers, readsHeader } from '../../platform/openapi/describe';
import { customerScanAdminRoutes } from './customer-scans.admin-routes';
import { customerScanExportRoutes } from './customer-scans.export';
import { presentScan, presentScanCheck, ScanCheckView, ScanView } from './customer-scans.presenter';
import { checkScan, submitScan } from './customer-scans.service';
import { stayRecoveryRoutes } from './guest-self-service.routes';
import { vouchersToken } from '../reminders/vouchers-token';
import { tokenProves } from '../verification/verification-token';
import { sendUncompressed } from '../../platform/lib/small-answer';

/**
 * /api/customer-scans: the one router of the prefix, the guest's calls, then the back office's list and erasure,
 * then its export.
 */
export function customerScanRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', guestScanRoutes(deps))
    .route('/', stayRecoveryRoutes(deps))
    .route('/', customerScanAdminRoutes(deps))
    .route('/', customerScanExportRoutes(deps));
}

/** The guest's calls (public, docs/PRODUCT.md "Roles"): the scan check and the scan submission. */
function guestScanRoutes(deps: AppDeps) {
  const { db, config, rateLimitStore } = deps;
  const today = () => todayIn(config.timeZone);
  const submission = scanSubmissionSchema(today);
  // Counted together, in the submission's first statement with PostgreSQL (createLimiterGroup countAlong), keyed by
  // the address, then the number.
  const submissions = createLimiterGroup(rateLimitStore, [
    // A public write: one address (a hotel's Wi-Fi included) may submit 60 times in 10 minutes, far above real use.
    {
      keyPrefix: 'scan-submit',
      points: 60,
      duration: 10 * 60,
      message: (wait) => `Too many voucher requests from this network. Please try again in ${wait}.`,
    },
    // One guest number at one hotel: a stay needs one submission (retries included, 10 an hour is plenty).
    {
      keyPrefix: 'scan-submit-number',
      points: 10,
      duration: 60 * 60,
      message: (wait) => `Too many voucher requests for this mobile number. Please try again in ${wait}.`,
    },
  ]);
  // The check tells whether a number has a stay at a hotel: bounded per address and per hotel + number, so it
  // cannot be used to walk through numbers (docs/SECURITY.md, "Abuse limits").
  const checks = createLimiter(rateLimitStore, {
    keyPrefix: 'scan-check',
    points: 120,
    duration: 10 * 60,
    message: (wait) => `Too many checks from this network. Please try again in ${wait}.`,
  });
  const numberChecks = createLimiter(rateLimitStore, {
    keyPrefix: 'scan-check-number',
    points: 20,
    duration: 10 * 60,
    message: (wait) => `Too many checks for this mobile number. Please try again in ${wait}.`,
  });
  // The answers and the header the handler reads (platform/openapi/describe.ts).
  const submissionAnswers = [
    answers(ScanView, { status: 201, description: 'The scan and its vouchers' }),
    answers(ScanView, { description: 'The same submission again (its Idempotency-Key): the scan as first answered' }),
    readsHeader('Idempotency-Key', IdempotencyKey, 'A key of the client (a UUID) so a retry never issues twice'),
  ] as const;
  return new Hono<AppEnv>()
    .get(
      '/check/:hotelId/:mobile',
      answers(ScanCheckView),
      validate('param', ScanCheckParams),
      // ?p=: the card's token, checked with the scan (docs/PRODUCT.md "Guest trust").
      validate('query', ScanCheckQuery),
      async (c) => {
        const { hotelId, mobile } = c.req.valid('param');
        await Promise.all([
          checks.consume(clientAddress(c, config.trustProxy)),
          numberChecks.consume(`${hotelId}|${mobile}`),
        ]);
        return c.json(presentScanCheck(await checkScan(db, hotelId, mobile, today(), c.req.valid('query').p)));
      },
    )
    .post('/', ...submissionAnswers, validate('json', submission), async (c) => {
      const input = c.req.valid('json');
      // Counted now (in memory), or in the submission's first statement (PostgreSQL), which throws the 429.
      const count = await submissions.countAlong([
        clientAddress(c, config.trustProxy),
        `${input.hotel_id}|${input.mobile_number}`,
      ]);
      const key = v.safeParse(IdempotencyKey, c.req.header('Idempotency-Key'));
      if (!key.success) throw new AppError(422, key.issues[0].message);
      const day = { today: today(), timeZone: config.timeZone };
      // A verified claim (docs/PRODUCT.md "Guest trust"): a token of purpose claim for this number at this hotel.
      const verified = await tokenProves(input.verification_token, deps.jwtSecret, {
        mobile: input.mobile_number,
        purpose: 'claim',
        hotelId: input.hotel_id,
      });
      const { scan, replayed } = await submitScan(db, input, day, key.output, verified, count);
      const validityDates = scan.coupons.map((coupon) => coupon.validityTo);
      const guestToken = vouchersToken(
        deps.jwtSecret,
        { id: scan.id, checkoutDate: input.checkout_date, validityDates },
        config.timeZone,
      );
      // At most three vouchers, 1 to 4 KB: gzip would save a phone on 1.6 Mbit/s a few milliseconds and cost 5 % of
      // the submission's CPU.
      sendUncompressed(c);
      return c.json(presentScan(scan, guestToken), replayed ? 200 : 201);
    });
}
