import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../middleware/validate';
import { renderVoucherPdf } from './coupon-pdf';
import { getCouponForVoucher } from './coupons.service';

/**
 * GET /api/coupons/{id}/download: public (docs/PRODUCT.md "Roles"); the coupon id is a random UUID only its guest has.
 */
export function couponRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/:id/download', validate('param', UuidIdParam), async (c) => {
    const voucher = await getCouponForVoucher(db, c.req.valid('param').id);
    const pdf = await renderVoucherPdf(voucher);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="StayPerks_${voucher.code}.pdf"`,
      'Cache-Control': 'private, max-age=300',
    });
  });
}
