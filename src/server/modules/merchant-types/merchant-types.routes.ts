import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { presentMerchantType } from './merchant-types.presenter';
import { listMerchantTypes } from './merchant-types.service';

/** GET is public (the guest flow shows categories); writes are settings (role superadmin). */
export function merchantTypeRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => c.json((await listMerchantTypes(db)).map(presentMerchantType)));
}
