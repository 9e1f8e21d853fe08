import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import { UndoRedemptionSchema, VoucherCodeParam } from '../../../shared/schemas/counter';
import type { AppDeps, AppEnv } from '../../context';
import { requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { auditContext } from '../audit/audit-context';
import { renderVoucherPdf } from './coupon-pdf';
import { presentCouponState } from './coupons.presenter';
import { getCouponForVoucher, undoRedemption } from './coupons.service';

/**
 * GET /api/coupons/{id}/download: public (docs/PRODUCT.md "Roles"); the coupon id is a random UUID only its guest has.
 */
export function couponRoutes({ db, config }: AppDeps) {
  const routes = new Hono<AppEnv>().get('/:id/download', validate('param', UuidIdParam), async (c) => {
    const voucher = await getCouponForVoucher(db, c.req.valid('param').id);
    const pdf = await renderVoucherPdf(voucher);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="StayPerks_${voucher.code}.pdf"`,
      'Cache-Control': 'private, max-age=300',
    });
  });
  // POST /api/coupons/{code}/undo {reason}: the super admin undoes any redemption, at any time (docs/COUNTER.md).
  return routes.post(
    '/:code/undo',
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
