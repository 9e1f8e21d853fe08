import { describe, expect, it } from 'vitest';
import { startBanner, type BannerFacts } from '../../src/server/platform/banner';

/** The development start banner (src/server/platform/banner.ts): printed once the server listens and the demo data is ready. */
const facts: BannerFacts = {
  url: 'http://localhost:3000',
  database: 'pglite',
  seededDemo: true,
  createdAdmin: undefined,
  demoHotelId: '11111111-1111-4111-8111-111111111111',
  demoVoucherCode: 'ABCD2345',
  publicUrl: undefined,
  quietRequests: true,
};

describe('startBanner', () => {
  it('gives the demo logins, the guest page, how to stop and how to start again from fresh demo data', () => {
    const banner = startBanner(facts);
    expect(banner).toContain('StayPerks is running at http://localhost:3000 (database: embedded PGlite)');
    expect(banner).toContain('Super admin  http://localhost:3000/login/superadmin  admin / admin-demo-24');
    expect(banner).toContain('Guest page   http://localhost:3000/scan/11111111-1111-4111-8111-111111111111');
    expect(banner).toContain('redeem the guest code ABCD2345');
    expect(banner).toContain('Stop: Ctrl-C. Start again from fresh demo data: stop, npm run demo:reset, then start.');
    expect(banner).toContain('LOG_LEVEL=debug shows them');
  });

  it('without PUBLIC_URL, says QR codes point where the back office is opened and that phones need an https PUBLIC_URL', () => {
    const banner = startBanner(facts);
    expect(banner).toContain('QR codes and room cards encode the address the back office is opened from');
    expect(banner).toContain('at http://localhost:3000 they point to this computer, which no phone can reach');
    expect(banner).toMatch(/set PUBLIC_URL to an\s+https address \(the camera and offline use need https\)/);

    const withPublicUrl = startBanner({ ...facts, publicUrl: 'https://stayperks.example', quietRequests: false });
    expect(withPublicUrl).toContain('QR codes and room cards open https://stayperks.example (PUBLIC_URL).');
    expect(withPublicUrl).not.toContain('no phone can reach');
    expect(withPublicUrl).not.toContain('LOG_LEVEL');
  });
});
