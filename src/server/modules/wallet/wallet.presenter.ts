import * as v from 'valibot';
import { named } from '../../platform/openapi/shapes';

/** GET /coupons/{id}/wallet: Google's save link for the voucher's pass (docs/PRODUCT.md "Google Wallet"). */
export const WalletSaveView = named(
  'WalletSaveLink',
  v.strictObject({
    /** https://pay.google.com/gp/v/save/<JWT>: the guest's phone opens it to add the pass. */
    save_url: v.pipe(v.string(), v.url()),
  }),
);
export type WalletSaveView = v.InferOutput<typeof WalletSaveView>;

export const presentWalletSave = (saveUrl: string): WalletSaveView => ({ save_url: saveUrl });
