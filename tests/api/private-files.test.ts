import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotels, subscriptionPeriods } from '../support/tables';
import { makeOldDocumentsPrivate } from '../../src/server/modules/hotels/private-documents';
import { useTestContext, useRoleTokens } from '../support';
import { PDF_BYTES, PNG_BYTES, insertSubscribedHotel, uploadForm } from '../support/hotel-factories';
import { businessToday } from '../support/offer-factories';

/** Contracts and payment proofs: back office only, never cached, always a download (docs/SECURITY.md). */
const ctx = useTestContext();
const tokens = useRoleTokens(ctx);

const filePath = (url: string) => `/api/files/${url.slice('/uploads/'.length)}`;

async function uploadContract(data: Uint8Array, name: string, type: string): Promise<string> {
  const res = await ctx.request('POST', '/api/hotels/upload-contract', {
    token: tokens.superadmin,
    body: uploadForm(data, name, type),
  });
  expect(res.status).toBe(201);
  return res.body.url as string;
}

describe('GET /api/files/private/<folder>/<file>', () => {
  let pdfUrl: string;
  let imageUrl: string;
  beforeAll(async () => {
    pdfUrl = await uploadContract(PDF_BYTES, 'contract.pdf', 'application/pdf');
    const png = await sharp({ create: { width: 12, height: 12, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    imageUrl = await uploadContract(new Uint8Array(png), 'paid.png', 'image/png');
  });

  it('answers the private path of a contract or payment proof', () => {
    expect(pdfUrl).toMatch(/^\/uploads\/private\/hotels\/[0-9a-f-]{36}\.pdf$/);
    expect(imageUrl).toMatch(/^\/uploads\/private\/hotels\/[0-9a-f-]{36}\.png$/);
  });

  it('is 401 to anonymous callers and bad tokens', async () => {
    for (const token of [undefined, 'not-a-token']) {
      for (const url of [pdfUrl, imageUrl]) {
        const res = await ctx.request('GET', filePath(url), { token });
        expect(res.status, `${token} ${url}`).toBe(401);
        expect(res.body.detail).toEqual(expect.any(String));
        expect(res.text).not.toContain('%PDF');
      }
    }
  });

  it('is 403 to hotel and merchant logins', async () => {
    for (const token of [tokens.hotel, tokens.merchant]) {
      const res = await ctx.request('GET', filePath(pdfUrl), { token });
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('%PDF');
    }
  });

  it('serves the back office, as a download that is never cached', async () => {
    for (const role of ['superadmin', 'admin', 'manager'] as const) {
      const res = await ctx.app.request(filePath(pdfUrl), { headers: { Authorization: `Bearer ${tokens[role]}` } });
      expect(res.status, role).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF_BYTES);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${pdfUrl.split('/').pop()}"`);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    }
    const image = await ctx.request('GET', filePath(imageUrl), { token: tokens.manager });
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(image.headers.get('Content-Disposition')).toMatch(/^attachment;/);
  });

  it('is not reachable through the public route', async () => {
    const name = pdfUrl.split('/').pop()!;
    for (const path of [
      `/api/files/hotels/${name}`,
      `/api/files/private/${name}`,
      `/api/files/private%2Fhotels/${name}`,
    ]) {
      const res = await ctx.request('GET', path, { token: tokens.superadmin });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.text).not.toContain('%PDF');
    }
  });

  it('answers 404 for an unknown private file and 4xx for an unknown folder', async () => {
    const missing = await ctx.request('GET', '/api/files/private/hotels/00000000-0000-4000-8000-000000000000.pdf', {
      token: tokens.superadmin,
    });
    expect(missing.status).toBe(404);
    const folder = await ctx.request('GET', '/api/files/private/merchants/00000000-0000-4000-8000-000000000000.pdf', {
      token: tokens.superadmin,
    });
    expect(folder.status).toBe(422);
  });

  it('is accepted as a hotel contract and payment proof, and in a renewal', async () => {
    const { hotel } = await insertSubscribedHotel(ctx.db, { from: businessToday() });
    const durations = await ctx.request('GET', '/api/subscription-durations', { token: tokens.superadmin });
    const res = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: tokens.superadmin,
      json: {
        subscription_duration_id: durations.body[0].id,
        subscription_revenue: 100,
        contract_url: pdfUrl,
        payment_screenshot_url: imageUrl,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contract_url: pdfUrl, payment_screenshot_url: imageUrl });
  });
});

describe('documents uploaded before the private area', () => {
  it('are moved out of the public folder and their links rewritten, once', async () => {
    const contract = '11111111-1111-4111-8111-111111111111.pdf';
    const proof = '22222222-2222-4222-8222-222222222222.png';
    const logo = '33333333-3333-4333-8333-333333333333.png';
    const renewalProof = '44444444-4444-4444-8444-444444444444.png';
    for (const [name, data] of [
      [contract, PDF_BYTES],
      [proof, PNG_BYTES],
      [logo, PNG_BYTES],
      [renewalProof, PNG_BYTES],
    ] as const) {
      await ctx.deps.storage.save('hotels', name, data);
    }
    const { hotel } = await insertSubscribedHotel(ctx.db, { from: businessToday() });
    await ctx.db
      .update(hotels)
      .set({
        logoUrl: `/uploads/hotels/${logo}`,
        contractUrl: `/uploads/hotels/${contract}`,
        paymentScreenshotUrl: `/uploads/hotels/${proof}`,
      })
      .where(eq(hotels.id, hotel.id));
    await ctx.db
      .update(subscriptionPeriods)
      .set({ contractUrl: `/uploads/hotels/${contract}`, paymentScreenshotUrl: `/uploads/hotels/${renewalProof}` })
      .where(eq(subscriptionPeriods.hotelId, hotel.id));
    // Before: anyone with the link gets the contract.
    expect((await ctx.request('GET', `/api/files/hotels/${proof}`)).status).toBe(200);

    expect(await makeOldDocumentsPrivate(ctx.db, ctx.deps.storage)).toBe(3);

    for (const name of [contract, proof, renewalProof]) {
      expect((await ctx.request('GET', `/api/files/hotels/${name}`)).status, name).toBe(404);
      expect((await ctx.request('GET', `/api/files/private/hotels/${name}`)).status, name).toBe(401);
      expect(
        (await ctx.request('GET', `/api/files/private/hotels/${name}`, { token: tokens.superadmin })).status,
        name,
      ).toBe(200);
    }
    expect((await ctx.request('GET', `/api/files/hotels/${logo}`)).status).toBe(200);
    const [row] = await ctx.db.select().from(hotels).where(eq(hotels.id, hotel.id));
    expect([row!.logoUrl, row!.contractUrl, row!.paymentScreenshotUrl]).toEqual([
      `/uploads/hotels/${logo}`,
      `/uploads/private/hotels/${contract}`,
      `/uploads/private/hotels/${proof}`,
    ]);
    const [period] = await ctx.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.hotelId, hotel.id));
    expect([period!.contractUrl, period!.paymentScreenshotUrl]).toEqual([
      `/uploads/private/hotels/${contract}`,
      `/uploads/private/hotels/${renewalProof}`,
    ]);
    const listed = await ctx.request('GET', `/api/hotels`, { token: tokens.superadmin });
    expect(listed.body.find((h: { id: string }) => h.id === hotel.id)).toMatchObject({
      contract_url: `/uploads/private/hotels/${contract}`,
    });

    expect(await makeOldDocumentsPrivate(ctx.db, ctx.deps.storage)).toBe(0);
  });

  it('never serves a PDF left in a public folder', async () => {
    const orphan = '55555555-5555-4555-8555-555555555555.pdf';
    await ctx.deps.storage.save('hotels', orphan, PDF_BYTES);
    const res = await ctx.request('GET', `/api/files/hotels/${orphan}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('%PDF');
  });
});
