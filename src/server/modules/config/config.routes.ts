import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../platform/context';
import { answers } from '../../platform/openapi/describe';
import { getContactInfo } from '../contact-us/contact-us.service';
import { presentConfig, PublicConfigView } from './config.presenter';

/**
 * GET /config (public): settings the web app needs: PUBLIC_URL, the origin QR codes encode (docs/DEVELOPING.md "API
 * conventions"), and the support line guests see on their vouchers.
 */
export function configRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get('/', answers(PublicConfigView), async (c) =>
    c.json(presentConfig(config, await getContactInfo(db))),
  );
}
