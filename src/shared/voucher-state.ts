/**
 * Where a guest's voucher stands (docs/PRIVACY.md "My data", docs/PRODUCT.md "Reminders"), as My data and the vouchers
 * page a message links to both say it: used, cancelled (its guest erased), past its offer's last day, or still usable.
 * `today` is the business day ('YYYY-MM-DD').
 */
export const VOUCHER_STATES = ['unused', 'redeemed', 'cancelled', 'expired'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

export function voucherState(
  voucher: { isRedeemed: boolean; cancelled: boolean; validityTo: string },
  today: string,
): VoucherState {
  if (voucher.isRedeemed) return 'redeemed';
  if (voucher.cancelled) return 'cancelled';
  return voucher.validityTo < today ? 'expired' : 'unused';
}
