import { Hono, type Context } from 'hono';
import { VERIFIED_GUEST_ACTOR } from '../../../shared/audit-actions';
import { todayIn } from '../../../shared/dates';
import {
  MyDataNameSchema,
  NO_STAY_TO_RECOVER,
  RecoverStaySchema,
  VERIFICATION_HEADER,
} from '../../../shared/schemas/my-data';
import { VerificationToken } from '../../../shared/schemas/verification';
import type { AppDeps, AppEnv } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { validate } from '../../platform/middleware/validate';
import { answers, readsHeader } from '../../platform/openapi/describe';
import type { AuditContext } from '../audit/audit.service';
import { listScanCoupons } from '../coupons/coupons.service';
import { vouchersTokenOf } from '../reminders/vouchers-token';
import { verifiedNumber } from '../verification/verified-number';
import { ErasureView, presentErasure, presentScan, ScanView } from './customer-scans.presenter';
import {
  correctGuestName,
  eraseGuest,
  guestDataOf,
  stayToRecover,
  stopGuestReminders,
  withdrawMarketing,
} from './guest-privacy.service';
import { MyDataExportView, MyDataView, presentMyData } from './my-data.presenter';

/**
 * POST /customer-scans/recover (docs/PRODUCT.md "Guest trust"): vouchers back on another phone. The guest proved the
 * number for this hotel (a token of purpose `recover`); the answer is that stay's scan and vouchers, as the submission
 * answers them (never a name or number). Mounted under /customer-scans by customer-scans.routes.ts.
 */
export function stayRecoveryRoutes(deps: AppDeps) {
  const { db, config } = deps;
  return new Hono<AppEnv>().post(
    '/recover',
    answers(ScanView, { description: "The stay's scan and its vouchers (cancelled ones left out)" }),
    validate('json', RecoverStaySchema),
    async (c) => {
      const input = c.req.valid('json');
      // The secret is read per request: it is loaded after the routes are made (platform/index.ts).
      await verifiedNumber(input.verification_token, deps.jwtSecret, {
        purpose: 'recover',
        hotelId: input.hotel_id,
        mobile: input.mobile_number,
      });
      const scanId = await stayToRecover(db, input.hotel_id, input.mobile_number, todayIn(config.timeZone));
      if (!scanId) throw notFound(NO_STAY_TO_RECOVER);
      const guestToken = await vouchersTokenOf(db, deps.jwtSecret, scanId, config.timeZone);
      return c.json(presentScan({ id: scanId, coupons: await listScanCoupons(db, scanId) }, guestToken));
    },
  );
}

/**
 * /api/my-data (docs/PRIVACY.md "My data"): a guest's own data, authorised only by a verification token of purpose
 * `my_data` in the X-Verification-Token header; every answer is about that number only. The audit trail names the
 * actor "guest (verified)", never the number.
 */
export function myDataRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const header = readsHeader(VERIFICATION_HEADER, VerificationToken, 'The verification token (purpose my_data)');
  const proven = async (c: Context<AppEnv>, bodyToken?: string) =>
    (
      await verifiedNumber(c.req.header(VERIFICATION_HEADER) ?? bodyToken, deps.jwtSecret, {
        purpose: 'my_data',
        hotelId: null,
      })
    ).mobile;
  const guestAudit = (c: Context<AppEnv>): AuditContext => ({
    actor: { id: null, username: VERIFIED_GUEST_ACTOR },
    address: clientAddress(c, config.trustProxy),
  });
  const today = () => todayIn(config.timeZone);
  const myData = async (mobile: string) => presentMyData(mobile, await guestDataOf(db, mobile), today());

  return new Hono<AppEnv>()
    .get('/', answers(MyDataView), header, async (c) => c.json(await myData(await proven(c))))
    .get(
      '/export',
      answers(MyDataExportView, { description: 'The same as a JSON file to keep (an attachment)' }),
      header,
      async (c) => {
        const data = await myData(await proven(c));
        c.header('Content-Disposition', `attachment; filename="stayperks-my-data-${today()}.json"`);
        return c.json({ exported_at: new Date().toISOString(), ...data });
      },
    )
    .put('/name', answers(MyDataView), header, validate('json', MyDataNameSchema), async (c) => {
      const input = c.req.valid('json');
      const mobile = await proven(c, input.verification_token);
      await correctGuestName(db, mobile, input.customer_name, guestAudit(c));
      return c.json(await myData(mobile));
    })
    .post('/marketing-withdraw', answers(MyDataView), header, async (c) => {
      const mobile = await proven(c);
      await withdrawMarketing(db, mobile, guestAudit(c));
      return c.json(await myData(mobile));
    })
    .post('/reminders-stop', answers(MyDataView), header, async (c) => {
      const mobile = await proven(c);
      await stopGuestReminders(db, mobile, guestAudit(c));
      return c.json(await myData(mobile));
    })
    .post('/erase', answers(ErasureView), header, async (c) => {
      const mobile = await proven(c);
      return c.json(presentErasure(await eraseGuest(db, mobile, guestAudit(c))));
    });
}
