import * as v from 'valibot';

/**
 * GET /coupons?scan_id=: a scan's vouchers as their cards show them now, by the scan's random id that only the
 * guest's phone holds (docs/PRODUCT.md "Offline and install").
 */
export const ScanCouponsQuery = v.object({
  scan_id: v.pipe(v.string('scan_id is required'), v.uuid('scan_id must be a valid id')),
});
