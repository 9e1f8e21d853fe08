import { Hono } from 'hono';
import { UuidIdParam } from '../../../shared/schemas/common';
import type { AppDeps, AppEnv } from '../../platform/context';
import { publicOrigin } from '../../platform/lib/public-origin';
import { clientAddress, createLimiter } from '../../platform/middleware/rate-limit';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { presentWalletSave, WalletSaveView } from './wallet.presenter';
import { walletSaveLink } from './wallet.service';

/**
 * GET /coupons/{id}/wallet (public, as the voucher's PDF: the coupon's random id is what only the guest's phone holds):
 * the "Add to Google Wallet" save link (docs/PRODUCT.md "Google Wallet"). Mounted by the coupons router.
 */
export function walletRoutes({ db, config, rateLimitStore }: AppDeps) {
  // Each link costs an RSA signature; a phone asks once per voucher, a hotel's Wi-Fi for many phones.
  const saves = createLimiter(rateLimitStore, {
    keyPrefix: 'wallet-save',
    points: 60,
    duration: 10 * 60,
    message: (wait) => `Too many Google Wallet requests from this network. Please try again in ${wait}.`,
  });
  return new Hono<AppEnv>().get('/:id/wallet', answers(WalletSaveView), validate('param', UuidIdParam), async (c) => {
    await saves.consume(clientAddress(c, config.trustProxy));
    const saveUrl = await walletSaveLink(db, config.googleWallet, c.req.valid('param').id, {
      origin: publicOrigin(config, c.req.url),
      timeZone: config.timeZone,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(presentWalletSave(saveUrl));
  });
}
