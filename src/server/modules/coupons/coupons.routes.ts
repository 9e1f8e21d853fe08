import { Hono } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { isGuestLanguage } from '../../../shared/guest-languages';
import { ScanCouponsQuery, VoucherPdfQuery } from '../../../shared/schemas/coupons';
import { UndoRedemptionSchema, VoucherCodeParam } from '../../../shared/schemas/counter';
import type { AppDeps, AppEnv } from '../../platform/context';
import { clientAddress, createLimiter } from '../../platform/middleware/rate-limit';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersFile } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { walletRoutes } from '../wallet/wallet.routes';
import { renderVoucherPdf } from './coupon-pdf';
import { CouponStateView, CouponView, presentCoupon, presentCouponState } from './coupons.presenter';
import { getCouponForVoucher, listScanCoupons, undoRedemption } from './coupons.service';

/**
 * The guest's two reads are public (docs/PRODUCT.md "Roles"), keyed by unguessable UUIDs only the guest's phone holds
 * (time-ordered, with 74 random bits: docs/DATA.md "Keys"):
 * GET /api/coupons?scan_id= (the scan's cards now, to refresh the saved vouchers; the cards only, no name or number)
 * and GET /api/coupons/{id}/download?lang= (the PDF, in the page's language, else the claim's).
 */
export function couponRoutes(deps: AppDeps) {
  const { db, config, rateLimitStore } = deps;
  // A phone refreshes its saved vouchers once per visit; one address (a hotel's Wi-Fi) gets far more than that.
  const refreshes = createLimiter(rateLimitStore, {
    keyPrefix: 'scan-coupons',
    points: 120,
    duration: 10 * 60,
    message: (wait) => `Too many voucher refreshes from this network. Please try again in ${wait}.`,
  });
  const routes = new Hono<AppEnv>()
    // GET /api/coupons/{id}/wallet, the voucher's Google Wallet save link: the wallet module's.
    .route('/', walletRoutes(deps))
    .get('/', answers(v.array(CouponView)), validate('query', ScanCouponsQuery), async (c) => {
      await refreshes.consume(clientAddress(c, config.trustProxy));
      const cards = await listScanCoupons(db, c.req.valid('query').scan_id);
      c.header('Cache-Control', 'no-store');
      return c.json(cards.map(presentCoupon));
    })
    .get(
      '/:id/download',
      answersFile('application/pdf', { description: 'The voucher, a PDF' }),
      validate('param', UuidIdParam),
      validate('query', VoucherPdfQuery),
      async (c) => {
        const voucher = await getCouponForVoucher(db, c.req.valid('param').id);
        // The page's language when it asks (the guest may have switched since), else the one the guest claimed in.
        const lang = c.req.valid('query').lang ?? (isGuestLanguage(voucher.scanLanguage) ? voucher.scanLanguage : 'en');
        const pdf = await renderVoucherPdf(voucher, lang);
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="StayPerks_${voucher.code}.pdf"`,
          'Cache-Control': 'private, max-age=300',
        });
      },
    );
  // POST /api/coupons/{code}/undo {reason}: the super admin undoes any redemption, at any time (docs/COUNTER.md).
  return routes.post(
    '/:code/undo',
    answers(CouponStateView),
    requireRole('undoRedemption'),
    validate('param', VoucherCodeParam),
    validate('json', UndoRedemptionSchema),
    async (c) => {
      const { code } = c.req.valid('param');
      const state = await undoRedemption(db, code, c.req.valid('json').reason, {}, auditContext(c, config));
      return c.json(presentCouponState(state));
    },
  );
}
