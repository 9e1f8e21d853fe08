import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../platform/context';
import { getContactInfo } from '../contact-us/contact-us.service';
import { presentConfig } from './config.presenter';

/**
 * GET /config (public): settings the web app needs: PUBLIC_URL, the origin QR codes encode (docs/DEVELOPING.md "API
 * conventions"), and the support line guests see on their vouchers.
 */
export function configRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(presentConfig(config, await getContactInfo(db))));
}
