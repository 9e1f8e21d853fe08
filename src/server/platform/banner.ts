import { DEMO_LOGINS } from '../demo/demo-logins';

export interface BannerFacts {
  /** Where this server answers, e.g. http://localhost:3000. */
  url: string;
  database: 'pglite' | 'postgres';
  seededDemo: boolean;
  createdAdmin: string | undefined;
  demoHotelId?: string;
  demoVoucherCode?: string;
  /** PUBLIC_URL, the origin QR codes encode when set. */
  publicUrl: string | undefined;
  /** Request lines are logged at debug (development): say how to see them. */
  quietRequests: boolean;
}

/**
 * What a development server prints once it listens and its data is ready (production logs JSON lines only): where
 * it runs, the demo logins, where QR codes point and whether a phone can open them, how to stop and how to start
 * again from fresh demo data.
 */
export function startBanner(facts: BannerFacts): string {
  const { url } = facts;
  const lines = [
    `StayPerks is running at ${url} (database: ${facts.database === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`,
  ];
  if (facts.createdAdmin) lines.push(`Created super admin "${facts.createdAdmin}".`);
  lines.push(
    `${facts.seededDemo ? 'Demo data loaded. ' : ''}Demo logins (username / password):`,
    `  Super admin  ${url}/login/superadmin  ${DEMO_LOGINS.superadmin.username} / ${DEMO_LOGINS.superadmin.password}`,
    `               (role admin: ${DEMO_LOGINS.admin.username} / ${DEMO_LOGINS.admin.password}, role manager: ${DEMO_LOGINS.manager.username} / ${DEMO_LOGINS.manager.password})`,
    `  Hotel        ${url}/login/hotel       ${DEMO_LOGINS.hotel.username} / ${DEMO_LOGINS.hotel.password}`,
    `  Merchant     ${url}/login/merchant    ${DEMO_LOGINS.merchant.username} / ${DEMO_LOGINS.merchant.password}`,
  );
  if (facts.demoHotelId)
    lines.push(`  Guest page   ${url}/scan/${facts.demoHotelId}  (what a hotel room's QR code opens)`);
  if (facts.demoVoucherCode)
    lines.push(`  Try the counter: sign in as the merchant and redeem the guest code ${facts.demoVoucherCode}`);
  lines.push(
    ...(facts.publicUrl
      ? [`QR codes and room cards open ${facts.publicUrl} (PUBLIC_URL).`]
      : [
          'QR codes and room cards encode the address the back office is opened from (PUBLIC_URL is not set): opened',
          `  at ${url} they point to this computer, which no phone can reach. For phones, set PUBLIC_URL to an`,
          '  https address (the camera and offline use need https), e.g. PUBLIC_URL=https://stayperks.example.com npm start',
        ]),
    'Stop: Ctrl-C. Start again from fresh demo data: stop, npm run demo:reset, then start.',
  );
  if (facts.quietRequests) lines.push('Request lines are not shown here: LOG_LEVEL=debug shows them.');
  return lines.join('\n');
}
