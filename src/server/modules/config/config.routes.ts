import { Hono } from 'hono';
import type { PublicConfig } from '../../../shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { getContactInfo } from '../contact-us/contact-us.service';

/**
 * GET /config (public): settings the web app needs: PUBLIC_URL, the origin QR codes encode (docs/DEVELOPING.md "API
 * conventions"), and the support line guests see on their vouchers.
 */
export function configRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const contact = await getContactInfo(db);
    const body: PublicConfig = {
      public_url: config.publicUrl ?? null,
      support_phone: contact?.serviceHelpline || contact?.mobileNumber || null,
    };
    return c.json(body);
  });
}
