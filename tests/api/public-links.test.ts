import { describe, expect, it } from 'vitest';
import { publicOrigin } from '../../src/server/platform/lib/public-origin';
import { useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { pdfText } from '../support/pdf-text';

/**
 * Public links (docs/SECURITY.md "Public links"): with PUBLIC_URL set, a room card's QR code and printed link are on
 * it whatever Host the request names; production refuses to start without it (tests/unit/env.test.ts).
 */
const PUBLIC_URL = 'https://cards.stayperks.example';
const t = useTestContext({ env: { PUBLIC_URL } });

describe('room cards', () => {
  it('encode PUBLIC_URL, not the Host header of the request that printed them', async () => {
    const { hotel } = await insertSubscribedHotel(t.db, { from: '2026-01-01' });
    const token = await t.ownerToken('hotel', hotel.id);
    // Behind no proxy, the server reads the request's URL from its Host header: evil.example here.
    const res = await t.app.request(`http://evil.example/api/hotels/${hotel.id}/room-cards.pdf`, {
      headers: { Host: 'evil.example', Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain(`${PUBLIC_URL}/scan/${hotel.id}`);
    expect(text).not.toContain('evil.example');
  });
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL when set; the request origin only outside production', () => {
    const request = 'http://evil.example/api/hotels/x/room-cards.pdf';
    expect(publicOrigin({ publicUrl: PUBLIC_URL, production: true }, request)).toBe(PUBLIC_URL);
    expect(publicOrigin({ publicUrl: PUBLIC_URL, production: false }, request)).toBe(PUBLIC_URL);
    expect(publicOrigin({ publicUrl: undefined, production: false }, request)).toBe('http://evil.example');
    expect(() => publicOrigin({ publicUrl: undefined, production: true }, request)).toThrow(/PUBLIC_URL/);
  });
});
