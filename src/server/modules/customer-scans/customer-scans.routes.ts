import { Hono } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { IdempotencyKey, ScanCheckParams, scanSubmissionSchema } from '../../../shared/schemas/scans';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { clientAddress, createLimiter } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { checkScan, submitScan } from './customer-scans.service';

/** The guest's calls (public, DESIGN §4): the scan check and the scan submission. */
export function customerScanRoutes({ db, config, rateLimitStore }: AppDeps) {
  const today = () => todayIn(config.timeZone);
  const submission = scanSubmissionSchema(today);
  // A public write: one address (a hotel's Wi-Fi included) may submit 60 times in 10 minutes, far above real use.
  const submissions = createLimiter(rateLimitStore, {
    keyPrefix: 'scan-submit',
    points: 60,
    duration: 10 * 60,
    message: (wait) => `Too many voucher requests from this network. Please try again in ${wait}.`,
  });
  return new Hono<AppEnv>()
    .get('/check/:hotelId/:mobile', validate('param', ScanCheckParams), async (c) => {
      const { hotelId, mobile } = c.req.valid('param');
      return c.json(await checkScan(db, hotelId, mobile, today()));
    })
    .post('/', validate('json', submission), async (c) => {
      await submissions.consume(clientAddress(c, config.trustProxy));
      const key = v.safeParse(IdempotencyKey, c.req.header('Idempotency-Key'));
      if (!key.success) throw new AppError(422, key.issues[0].message);
      const { response, replayed } = await submitScan(db, c.req.valid('json'), today(), key.output);
      return c.json(response, replayed ? 200 : 201);
    });
}
