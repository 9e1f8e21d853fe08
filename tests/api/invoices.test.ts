import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/shared/dates';
import { formatDate } from '../../src/shared/format';
import { financialYearOf, MAX_NUMBER_LENGTH } from '../../src/shared/gst';
import { openDatabase } from '../../src/server/db/client';
import { rebuildDerived } from '../../src/server/db/derived';
import { renewHotel } from '../../src/server/modules/hotels/hotels.service';
import { createApp } from '../../src/server/platform/app';
import { expectDetail, uniqueName, useTestContext } from '../support';
import { readCsvBytes, asRecords } from '../support/csv';
import { durationByMonths, PDF_BYTES, PNG_BYTES, uploadForm } from '../support/hotel-factories';
import { pdfText } from '../support/pdf-text';
import { GSTIN_STATE_MESSAGE } from '../../src/shared/schemas/invoices';
import { auditEvents, hotels, invoices, locationMonthlyRevenue, subscriptionPeriods } from '../support/tables';

/**
 * Tax invoices (docs/PRODUCT.md "Tax invoices"): the operator's settings, an invoice with every new paid period once
 * they exist, numbers consecutive per financial year under concurrency, CGST + SGST or IGST by place of supply, the
 * lists, CSV and PDF, the hotel's own area, and cancelling a renewal with a credit note.
 */
const ctx = useTestContext();
let superadmin: string;
let admin: string;
let manager: string;
let locationId: number;
let months: Record<number, number>;
const today = () => todayIn('Asia/Kolkata');
const audit = { actor: { id: null, username: 'test' }, address: null } as const;

/** The operator: Karnataka (29), prefix SP. A valid GSTIN of state 29 (check character computed). */
const SETTINGS = {
  legal_name: 'StayPerks Hospitality Pvt Ltd',
  address: '4th Floor, 12 MG Road\nBengaluru 560001',
  gstin: '29AAGCB7383J1Z4',
  state_code: '29',
  sac_code: '998361',
  tax_rate: 18,
  invoice_prefix: 'SP',
  signatory_name: 'Asha Menon',
  signature_url: null,
};
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

function hotelBody(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Hotel'),
    location_id: locationId,
    address: '12 Beach Road, Mumbai',
    contact_number: '9876543210',
    contact_person: 'Anita Desai',
    subscription_duration_id: months[12],
    subscription_revenue: 999.99,
    offer_selection_type: 'all',
    selected_merchant_types: [],
    ...overrides,
  };
}

async function createHotel(overrides: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', '/api/hotels', { token: superadmin, json: hotelBody(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; subscription_end: string };
}

const invoicesOf = (hotelId: string) =>
  ctx.db.select().from(invoices).where(eq(invoices.hotelId, hotelId)).orderBy(invoices.issuedAt);

async function renew(hotelId: string, amount: number, token = superadmin) {
  const res = await ctx.request('POST', `/api/hotels/${hotelId}/renew`, {
    token,
    json: { subscription_duration_id: months[1], subscription_revenue: amount },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  [superadmin, admin, manager] = await Promise.all([
    ctx.tokenAs('superadmin'),
    ctx.tokenAs('admin'),
    ctx.tokenAs('manager'),
  ]);
  locationId = (await ctx.createLocation()).id;
  months = {};
  for (const m of [1, 3, 12]) months[m] = (await durationByMonths(ctx.db, m)).id;
});

describe('billing settings', () => {
  it('issue no invoice before they are saved', async () => {
    const res = await ctx.request('GET', '/api/settings/billing', { token: superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, sac_code: '998361', tax_rate: 18 });
    const hotel = await createHotel();
    expect(await invoicesOf(hotel.id)).toEqual([]);
  });

  it('check the GSTIN (format, state code, check character), its state, and the prefix', async () => {
    const put = (json: object) => ctx.request('PUT', '/api/settings/billing', { token: superadmin, json });
    expectDetail(await put({ ...SETTINGS, gstin: '29AAGCB7383J1Z5' }), 422);
    expect((await put({ ...SETTINGS, gstin: '29AAGCB7383J1Z5' })).body.detail).toMatch(/check character/);
    expect((await put({ ...SETTINGS, gstin: '39AAGCB7383J1Z4' })).body.detail).toMatch(/state code/);
    expect((await put({ ...SETTINGS, gstin: '29AAGCB7383J1X4' })).body.detail).toMatch(/15 characters/);
    expect((await put({ ...SETTINGS, state_code: '27' })).body.detail).toMatch(/must match/);
    expect((await put({ ...SETTINGS, state_code: '39' })).status).toBe(422);
    expect((await put({ ...SETTINGS, invoice_prefix: 'SPKS1' })).body.detail).toMatch(/1 to 4/);
    expect((await put({ ...SETTINGS, tax_rate: 18.005 })).status).toBe(422);
    expect((await ctx.request('PUT', '/api/settings/billing', { token: admin, json: SETTINGS })).status).toBe(403);
  });

  it('are saved by the super admin, upper-casing the GSTIN and prefix, and audited', async () => {
    const res = await ctx.request('PUT', '/api/settings/billing', {
      token: superadmin,
      json: { ...SETTINGS, gstin: SETTINGS.gstin.toLowerCase(), invoice_prefix: 'sp' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...SETTINGS, configured: true });
    const [event] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'billing_settings.update'));
    expect(event).toBeDefined();
  });
});

describe('hotel billing details', () => {
  it('take an optional GSTIN whose state is the hotel state; a manager may set them; checked', async () => {
    const hotel = await createHotel({ subscription_revenue: 0 });
    const path = `/api/hotels/${hotel.id}/billing`;
    expect((await ctx.request('GET', path, { token: manager })).body).toEqual({
      gstin: null,
      state_code: null,
      billing_email: null,
    });
    const bad = await ctx.request('PUT', path, {
      token: manager,
      json: { gstin: MAHARASHTRA_GSTIN, state_code: '29', billing_email: null },
    });
    expect(bad.status).toBe(422);
    const badEmail = { gstin: null, state_code: null, billing_email: 'x@' };
    expect((await ctx.request('PUT', path, { token: manager, json: badEmail })).status).toBe(422);
    expect((await ctx.request('PUT', path, { token: manager, json: {} })).status).toBe(422);
    const res = await ctx.request('PUT', path, {
      token: manager,
      json: { gstin: MAHARASHTRA_GSTIN.toLowerCase(), state_code: null, billing_email: 'accounts@hotel.test' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ gstin: MAHARASHTRA_GSTIN, state_code: '27', billing_email: 'accounts@hotel.test' });
  });

  it('come with the hotel form in its transaction: the first invoice prints them; left out, kept; refused, nothing saved', async () => {
    const name = uniqueName('Billed hotel');
    const post = (json: object) =>
      ctx.request('POST', '/api/hotels', { token: manager, json: hotelBody({ name, ...json }) });
    const badCheck = await post({ gstin: '27AAPFU0939F1ZW' });
    expectDetail(badCheck, 422);
    expect(badCheck.body.detail).toMatch(/check character/);
    const otherState = await post({ gstin: MAHARASHTRA_GSTIN, state_code: '29' });
    expect(otherState.status).toBe(422);
    expect(otherState.body.detail).toBe(GSTIN_STATE_MESSAGE);
    expect(await ctx.db.select().from(hotels).where(eq(hotels.name, name))).toEqual([]);

    const created = await post({
      gstin: MAHARASHTRA_GSTIN.toLowerCase(),
      state_code: '',
      billing_email: 'a@hotel.test',
    });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const billing = () => ctx.request('GET', `/api/hotels/${id}/billing`, { token: manager }).then((r) => r.body);
    const saved = { gstin: MAHARASHTRA_GSTIN, state_code: '27', billing_email: 'a@hotel.test' };
    expect(await billing()).toEqual(saved);
    const [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ recipientGstin: MAHARASHTRA_GSTIN, recipientStateCode: '27', cgst: 0 });
    expect(invoice!.igst).toBeGreaterThan(0);

    const put = (json: object) =>
      ctx.request('PUT', `/api/hotels/${id}`, { token: manager, json: hotelBody({ name, ...json }) });
    expect((await put({ contact_person: 'Kept billing' })).status).toBe(200);
    expect(await billing()).toEqual(saved);
    const refused = await put({ contact_person: 'Refused', gstin: MAHARASHTRA_GSTIN, state_code: '29' });
    expect(refused.body.detail).toBe(GSTIN_STATE_MESSAGE);
    expect(await billing()).toEqual(saved);
    const [hotel] = await ctx.db.select().from(hotels).where(eq(hotels.id, id));
    expect(hotel!.contactPerson).toBe('Kept billing');
    expect((await put({ gstin: null, state_code: '29', billing_email: '' })).status).toBe(200);
    expect(await billing()).toEqual({ gstin: null, state_code: '29', billing_email: null });
    // Audited when they change (made, then cleared), not on every save of the form.
    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'hotel_billing.update'), eq(auditEvents.entityId, id)));
    expect(events).toHaveLength(2);
  });
});

describe('invoices on new periods', () => {
  it('the first period of a hotel with no state: intra-State at the operator state, CGST and SGST each half, rounded on its own', async () => {
    const hotel = await createHotel({ subscription_revenue: 999.99 });
    const [invoice] = await invoicesOf(hotel.id);
    const fy = financialYearOf(today());
    expect(invoice).toMatchObject({
      kind: 'invoice',
      financialYear: fy,
      issuedOn: today(),
      recipientStateCode: '29',
      supplierStateCode: '29',
      recipientGstin: null,
      taxableValue: 999.99,
      taxRate: 18,
      // 999.99 x 9 % = 89.9991 -> 90.00 each; IGST would be 179.9982 -> 180.00: the same total here.
      cgst: 90,
      sgst: 90,
      igst: 0,
      total: 1179.99,
      sacCode: '998361',
    });
    expect(invoice!.number).toMatch(/^SP\/\d{2}-\d{2}\/\d{5}$/);
    expect(invoice!.number.length).toBeLessThanOrEqual(MAX_NUMBER_LENGTH);
  });

  it('a renewal of a hotel in another state: IGST on the whole rate, rounded once (0.50 at 18 %: 0.09, not 0.05 + 0.05)', async () => {
    const hotel = await createHotel({ subscription_revenue: 0 });
    expect(await invoicesOf(hotel.id)).toEqual([]); // nothing for 0
    await ctx.request('PUT', `/api/hotels/${hotel.id}/billing`, {
      token: superadmin,
      json: { gstin: MAHARASHTRA_GSTIN, state_code: null, billing_email: null },
    });
    await renew(hotel.id, 0.5);
    const [invoice] = await invoicesOf(hotel.id);
    expect(invoice).toMatchObject({
      recipientStateCode: '27',
      recipientGstin: MAHARASHTRA_GSTIN,
      cgst: 0,
      sgst: 0,
      igst: 0.09,
      total: 0.59,
    });
    // Within the state the same amount is 0.045 -> 0.05 per half: 0.10 of tax.
    await ctx.request('PUT', `/api/hotels/${hotel.id}/billing`, {
      token: superadmin,
      json: { gstin: null, state_code: '29', billing_email: null },
    });
    await renew(hotel.id, 0.5);
    const second = (await invoicesOf(hotel.id))[1]!;
    expect(second).toMatchObject({ recipientStateCode: '29', cgst: 0.05, sgst: 0.05, igst: 0, total: 0.6 });
    // The first invoice kept what it printed.
    expect((await invoicesOf(hotel.id))[0]).toMatchObject({ recipientStateCode: '27', igst: 0.09 });
  });

  it('an invoiced period cannot be corrected in place (409); the same amount and duration still save', async () => {
    const hotel = await createHotel({ subscription_revenue: 5000 });
    const put = (json: object) => ctx.request('PUT', `/api/hotels/${hotel.id}`, { token: superadmin, json });
    expect((await put(hotelBody({ subscription_revenue: 6000 }))).status).toBe(409);
    expect((await put(hotelBody({ subscription_duration_id: months[3], subscription_revenue: 5000 }))).status).toBe(
      409,
    );
    expect((await put(hotelBody({ subscription_revenue: 5000, name: 'Renamed Hotel' }))).status).toBe(200);
  });

  it('are never changed or deleted: the database refuses both', async () => {
    const [invoice] = await ctx.db.select().from(invoices).limit(1);
    await expect(ctx.db.update(invoices).set({ total: 1 }).where(eq(invoices.id, invoice!.id))).rejects.toThrow();
    await expect(ctx.db.delete(invoices).where(eq(invoices.id, invoice!.id))).rejects.toThrow();
  });
});

describe('numbers', () => {
  it('50 renewals at once take the next 50 serials, without a gap or a repeat, within 16 characters', async () => {
    const hotels = await Promise.all(Array.from({ length: 5 }, () => createHotel({ subscription_revenue: 0 })));
    const fy = financialYearOf(today());
    const [before] = await ctx.db
      .select({ max: sql<number>`coalesce(max(${invoices.serial}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), eq(invoices.financialYear, fy)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.request('POST', `/api/hotels/${hotels[i % 5]!.id}/renew`, {
          token: superadmin,
          json: { subscription_duration_id: months[1], subscription_revenue: 100 + i },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const issued = await ctx.db
      .select({ serial: invoices.serial, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), eq(invoices.financialYear, fy)))
      .orderBy(invoices.serial);
    const serials = issued.map((r) => r.serial).filter((s) => s > before!.max);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => before!.max + i + 1));
    expect(issued.every((r) => r.number.length <= MAX_NUMBER_LENGTH)).toBe(true);
  });

  it('restart at 1 on 1 April in the business time zone (an injected clock)', async () => {
    const hotel = await createHotel({ subscription_revenue: 0 });
    // 31 March of a year with no invoices yet, then 1 April: the year after the current financial year.
    const year = financialYearOf(today()) + 2;
    await renewHotel(ctx.db, hotel.id, renewal(100), `${year}-03-31`, audit);
    await renewHotel(ctx.db, hotel.id, renewal(100), `${year}-04-01`, audit);
    await renewHotel(ctx.db, hotel.id, renewal(100), `${year}-04-01`, audit);
    const numbers = (await invoicesOf(hotel.id)).map((i) => i.number);
    const yy = (n: number) => String(n % 100).padStart(2, '0');
    expect(numbers).toEqual([
      `SP/${yy(year - 1)}-${yy(year)}/00001`,
      `SP/${yy(year)}-${yy(year + 1)}/00001`,
      `SP/${yy(year)}-${yy(year + 1)}/00002`,
    ]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'stay gap-free across two app instances on one database',
    async () => {
      const second = await openDatabase({ databaseUrl: ctx.config.databaseUrl });
      try {
        const otherApp = createApp({ ...ctx.deps, db: second.db });
        const hotel = await createHotel({ subscription_revenue: 0 });
        const year = financialYearOf(today()) + 4;
        const renewOn = (i: number) =>
          i % 2 === 0
            ? renewHotel(ctx.db, hotel.id, renewal(10), `${year}-05-01`, audit)
            : renewHotel(second.db, hotel.id, renewal(10), `${year}-05-01`, audit);
        await Promise.all(Array.from({ length: 20 }, (_, i) => renewOn(i)));
        // The second app answers from the same data.
        const listed = await otherApp.request(`/api/invoices?financial_year=${year}&hotel_id=${hotel.id}&limit=50`, {
          headers: { Authorization: `Bearer ${superadmin}` },
        });
        expect(listed.status).toBe(200);
        const serials = ((await listed.json()) as { number: string }[]).map((r) => Number(r.number.slice(-5)));
        expect(serials.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      } finally {
        await second.close();
      }
    },
  );
});

function renewal(amount: number) {
  return {
    subscription_duration_id: months[1]!,
    subscription_revenue: amount,
    contract_url: null,
    payment_screenshot_url: null,
  };
}

describe('lists, CSV and PDF', () => {
  it('page newest first with filters; a manager and hotels are refused the back-office list', async () => {
    const hotel = await createHotel({ subscription_revenue: 1500 });
    await renew(hotel.id, 2500);
    const first = await ctx.request('GET', `/api/invoices?hotel_id=${hotel.id}&limit=1`, { token: admin });
    expect(first.status, first.text).toBe(200);
    expect(first.body.map((r: any) => r.taxable_value)).toEqual([2500]);
    const next = await ctx.request(
      'GET',
      `/api/invoices?hotel_id=${hotel.id}&limit=1&cursor=${first.headers.get('X-Next-Cursor')}`,
      { token: admin },
    );
    expect(next.body.map((r: any) => r.taxable_value)).toEqual([1500]);
    expect(next.headers.get('X-Next-Cursor')).toBeNull();
    const none = await ctx.request('GET', `/api/invoices?hotel_id=${hotel.id}&kind=credit_note`, { token: admin });
    expect(none.body).toEqual([]);
    expect((await ctx.request('GET', '/api/invoices', { token: manager })).status).toBe(403);
    expect((await ctx.request('GET', '/api/invoices?financial_year=26', { token: admin })).status).toBe(422);
  });

  it('export as CSV with the filters, and print every rule-46 field in the PDF', async () => {
    const hotel = await createHotel({ subscription_revenue: 120000.5, address: '7 Lake View, Pune' });
    const csv = await ctx.request('GET', `/api/invoices/export.csv?hotel_id=${hotel.id}`, { token: admin });
    expect(csv.status).toBe(200);
    const [line] = asRecords(readCsvBytes(new TextEncoder().encode(csv.text), csv.headers.get('Content-Disposition')));
    expect(line).toMatchObject({
      Kind: 'Tax invoice',
      'Taxable value': '120000.5',
      CGST: '10800.05',
      Total: '141600.6',
    });

    const [invoice] = await invoicesOf(hotel.id);
    const pdf = await ctx.request('GET', `/api/invoices/${invoice!.id}/pdf`, { token: admin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const res = await ctx.app.request(`/api/invoices/${invoice!.id}/pdf`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const field of [
      'TAX INVOICE',
      SETTINGS.legal_name,
      `GSTIN: ${SETTINGS.gstin}`,
      invoice!.number,
      '7 Lake View, Pune',
      'GSTIN: Unregistered',
      'Place of supply: Karnataka (29)',
      'Whether tax is payable on reverse charge: No',
      '998361',
      'Rs. 1,20,000.50',
      'CGST @ 9 %',
      'SGST/UTGST @ 9 %',
      'Rs. 10,800.05',
      'Rs. 1,41,600.60',
      'Rupees One Lakh Forty One Thousand Six Hundred and Sixty Paise Only',
      'Asha Menon',
      'Authorised signatory',
    ])
      expect(text).toContain(field);
  });

  it('print the signature uploaded in Settings › Billing (an image only) above the signatory', async () => {
    const upload = (bytes: Uint8Array, name: string, type: string) =>
      ctx.request('POST', '/api/settings/billing/upload-signature', {
        token: superadmin,
        body: uploadForm(bytes, name, type),
      });
    expect((await upload(PDF_BYTES, 'signature.pdf', 'application/pdf')).status).toBe(415);
    const stored = await upload(PNG_BYTES, 'signature.png', 'image/png');
    expect(stored.status, stored.text).toBe(201);
    expect(stored.body.url).toMatch(/^\/uploads\/private\/settings\//);
    /** A new hotel's first invoice, as its PDF's bytes. */
    const pdfBytes = async () => {
      const [invoice] = await invoicesOf((await createHotel({ subscription_revenue: 100 })).id);
      const res = await ctx.app.request(`/api/invoices/${invoice!.id}/pdf`, {
        headers: { Authorization: `Bearer ${admin}` },
      });
      return Buffer.from(await res.arrayBuffer()).toString('latin1');
    };
    const saveSettings = (signature_url: string | null) =>
      ctx.request('PUT', '/api/settings/billing', { token: superadmin, json: { ...SETTINGS, signature_url } });
    expect(await pdfBytes()).not.toContain('/Subtype /Image');
    expect((await saveSettings(stored.body.url)).status).toBe(200);
    try {
      const pdf = await pdfBytes();
      expect(pdf).toContain('/Subtype /Image');
      expect(pdfText(Buffer.from(pdf, 'latin1'))).toContain('Asha Menon');
    } finally {
      await saveSettings(null);
    }
  });

  it("a hotel lists and downloads its own only; another hotel's is not found", async () => {
    const own = await createHotel({ subscription_revenue: 700 });
    const other = await createHotel({ subscription_revenue: 800 });
    const token = await ctx.ownerToken('hotel', own.id);
    const list = await ctx.request('GET', '/api/hotel/invoices', { token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((r: any) => r.taxable_value)).toEqual([700]);
    expect((await ctx.request('GET', `/api/hotel/invoices/${list.body[0].id}/pdf`, { token })).status).toBe(200);
    const [theirs] = await invoicesOf(other.id);
    expect((await ctx.request('GET', `/api/hotel/invoices/${theirs!.id}/pdf`, { token })).status).toBe(404);
    const billing = await ctx.request('PUT', '/api/hotel/billing', {
      token,
      json: { gstin: null, state_code: '33', billing_email: 'desk@own.test' },
    });
    expect(billing.status, billing.text).toBe(200);
    expect((await ctx.request('GET', '/api/hotel/billing', { token })).body.state_code).toBe('33');
  });
});

describe('cancelling a renewal', () => {
  it('moves the end back, leaves revenue, issues a credit note of its own series, audited; never twice', async () => {
    const hotel = await createHotel({ subscription_revenue: 1000 });
    const renewed = await renew(hotel.id, 2000);
    const [period] = await ctx.db
      .select()
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.hotelId, hotel.id), eq(subscriptionPeriods.isRenewal, true)));
    const revenue = async () =>
      Number(
        (await ctx.db.select({ sum: sql<string>`coalesce(sum(amount), 0)` }).from(locationMonthlyRevenue))[0]!.sum,
      );
    const before = await revenue();
    expect(renewed.subscription_end).not.toBe(hotel.subscription_end);

    const path = `/api/subscription-periods/${period!.id}/cancel`;
    expect((await ctx.request('POST', path, { token: admin, json: { reason: 'Paid twice' } })).status).toBe(403);
    expect((await ctx.request('POST', path, { token: superadmin, json: { reason: ' ' } })).status).toBe(422);
    const res = await ctx.request('POST', path, { token: superadmin, json: { reason: 'Paid twice' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.subscription_end).toBe(hotel.subscription_end);
    expect(res.body.credit_note_number).toMatch(/^SP\/\d{2}-\d{2}\/C\d{4}$/);
    expect(await revenue()).toBe(before - 2000);
    // A rebuild of the rollups leaves it out too (db/derived.ts).
    await rebuildDerived(ctx.db);
    expect(await revenue()).toBe(before - 2000);

    const docs = await invoicesOf(hotel.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'invoice', 'credit_note']);
    expect(docs[2]).toMatchObject({ creditedInvoiceId: docs[1]!.id, reason: 'Paid twice', total: 2360, cgst: 180 });
    const hotelNow = await ctx.request('GET', `/api/hotels/${hotel.id}`, { token: superadmin });
    expect(hotelNow.body).toMatchObject({ renewal_count: 0, subscription_revenue: 1000 });
    const history = await ctx.request('GET', `/api/hotels/${hotel.id}/renewal-history`, { token: superadmin });
    expect(history.body).toEqual([]);

    const listed = await ctx.request('GET', `/api/invoices?hotel_id=${hotel.id}&kind=credit_note`, { token: admin });
    expect(listed.body).toMatchObject([{ number: res.body.credit_note_number, related_number: docs[1]!.number }]);
    const pdf = await ctx.app.request(`/api/invoices/${docs[2]!.id}/pdf`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    // Rule 53(1A): the invoice it is against, by number and date.
    const against = `${docs[1]!.number} dated ${formatDate(docs[1]!.issuedOn)}`;
    for (const field of ['CREDIT NOTE', against, 'Paid twice', 'Total credited']) expect(text).toContain(field);

    expect((await ctx.request('POST', path, { token: superadmin, json: { reason: 'Again' } })).status).toBe(409);
    const [first] = await ctx.db
      .select()
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.hotelId, hotel.id), eq(subscriptionPeriods.isRenewal, false)));
    const firstCancel = await ctx.request('POST', `/api/subscription-periods/${first!.id}/cancel`, {
      token: superadmin,
      json: { reason: 'No' },
    });
    expect(firstCancel.status).toBe(409);
    const [event] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'subscription_period.cancel'));
    expect(event?.entityId).toBe(period!.id);
    // The renewal after the cancelled one starts where the hotel's end now is.
    const again = await renew(hotel.id, 2000);
    expect(again.subscription_end > hotel.subscription_end).toBe(true);
    expect(addDays(hotel.subscription_end, 1) <= again.subscription_end).toBe(true);
  });
});
