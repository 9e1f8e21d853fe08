import * as v from 'valibot';
import { GUEST_LANGUAGES } from '../guest-languages';
import { optionalParam } from './common';

/**
 * GET /coupons?scan_id=: a scan's vouchers as their cards show them now, by the scan's random id that only the
 * guest's phone holds (docs/PRODUCT.md "Offline and install").
 */
export const ScanCouponsQuery = v.object({
  scan_id: v.pipe(v.string('scan_id is required'), v.uuid('scan_id must be a valid id')),
});

/** GET /coupons/{id}/download?lang=: the voucher PDF in a guest language; absent, the language the guest claimed in. */
export const VoucherPdfQuery = v.object({
  lang: optionalParam(v.picklist(GUEST_LANGUAGES, `lang must be one of ${GUEST_LANGUAGES.join(', ')}`)),
});
