import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { INVOICE_KIND_NAMES, stateLabel } from '../../../shared/gst';
import { UuidIdParam } from '../../../shared/schemas/common';
import { BillingSettingsSchema, InvoicesExportQuery, InvoicesQuery } from '../../../shared/schemas/invoices';
import type { AppDeps, AppEnv } from '../../platform/context';
import { csvResponse, type CsvColumn } from '../../platform/lib/csv';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersCsv, answersFile } from '../../platform/openapi/describe';
import { NEXT_CURSOR } from '../../platform/openapi/shapes';
import { STORED_NAME, type FileStorage } from '../../platform/storage/storage';
import { loadSharp } from '../../platform/lib/heavy-modules';
import { auditContext } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.service';
import { uploadHandler } from '../files/files.routes';
import { renderInvoicePdf } from './invoice-pdf';
import { BillingSettingsView, InvoiceView, presentBillingSettings, presentInvoice } from './invoices.presenter';
import {
  getBillingSettings,
  getInvoice,
  invoiceBatches,
  listInvoices,
  saveBillingSettings,
  type InvoiceRow,
  type InvoiceScope,
} from './invoices.service';

/**
 * Billing (docs/PRODUCT.md "Tax invoices"): /settings/billing (the super admin), /invoices (the back office's list,
 * CSV and PDFs: amounts, so not for managers), and the hotel area's own list and PDFs (hotelInvoiceRoutes).
 */

export function billingSettingsRoutes(deps: AppDeps) {
  const { db, config } = deps;
  return new Hono<AppEnv>()
    .post('/upload-signature', ...uploadHandler(deps, 'private/settings', 'image', 'manageSettings'))
    .get('/', answers(BillingSettingsView), requireRole('manageSettings'), async (c) =>
      c.json(presentBillingSettings(await getBillingSettings(db))),
    )
    .put(
      '/',
      answers(BillingSettingsView),
      requireRole('manageSettings'),
      validate('json', BillingSettingsSchema),
      async (c) =>
        c.json(presentBillingSettings(await saveBillingSettings(db, c.req.valid('json'), auditContext(c, config)))),
    );
}

const SIGNATURE_URL = /^\/uploads\/private\/settings\/([^/]+)$/;

/** The signature image printed on a document, as a PNG pdfkit draws; undefined when none or unreadable. */
async function signaturePng(storage: FileStorage, url: string | null): Promise<Buffer | undefined> {
  const name = url ? SIGNATURE_URL.exec(url)?.[1] : undefined;
  if (!name || !STORED_NAME.test(name)) return undefined;
  const bytes = await storage.read('private/settings', name);
  if (!bytes) return undefined;
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 64_000_000 })
      .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** The document's PDF, a download named by its number ("SP-26-27-00001.pdf"). */
async function pdfAnswer(c: Context<AppEnv>, storage: FileStorage, row: InvoiceRow) {
  const bytes = await renderInvoicePdf(row, await signaturePng(storage, row.signatureUrl));
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${row.number.replace(/\//g, '-')}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
}

function pageHeaders(c: Context<AppEnv>, nextCursor: string | undefined) {
  if (nextCursor) c.header('X-Next-Cursor', nextCursor);
  c.header('Access-Control-Expose-Headers', 'X-Next-Cursor');
}

const pdfFile = answersFile('application/pdf', { description: 'The tax invoice or credit note as a PDF' });

/** CSV for the accountant: one line per document; a credit note's amounts are negative, so a column sums to the net. */
const sign = (row: InvoiceRow) => (row.kind === 'credit_note' ? -1 : 1);
const CSV_COLUMNS: CsvColumn<InvoiceRow>[] = [
  { header: 'Number', cell: (r) => r.number },
  { header: 'Date', cell: (r) => r.issuedOn },
  { header: 'Kind', cell: (r) => INVOICE_KIND_NAMES[r.kind] },
  { header: 'Against', cell: (r) => (r.kind === 'credit_note' ? r.relatedNumber : null) },
  { header: 'Recipient', cell: (r) => r.recipientName },
  { header: 'Recipient GSTIN', cell: (r) => r.recipientGstin },
  { header: 'Place of supply', cell: (r) => stateLabel(r.recipientStateCode) },
  { header: 'SAC', cell: (r) => r.sacCode },
  { header: 'Taxable value', cell: (r) => sign(r) * r.taxableValue },
  { header: 'Rate %', cell: (r) => r.taxRate },
  { header: 'CGST', cell: (r) => sign(r) * r.cgst },
  { header: 'SGST', cell: (r) => sign(r) * r.sgst },
  { header: 'IGST', cell: (r) => sign(r) * r.igst },
  { header: 'Total', cell: (r) => sign(r) * r.total },
  { header: 'Period from', cell: (r) => r.periodFrom },
  { header: 'Period to', cell: (r) => r.periodTo },
  { header: 'Reason', cell: (r) => r.reason },
];

/** /invoices: the back office's list (filters, cursor paging), its CSV and each document's PDF. */
export function invoiceRoutes({ db, config, storage }: AppDeps) {
  const all: InvoiceScope = { kind: 'all' };
  return new Hono<AppEnv>()
    .get(
      '/',
      answers(v.array(InvoiceView), { headers: NEXT_CURSOR }),
      requireRole('viewReports'),
      validate('query', InvoicesQuery),
      async (c) => {
        const { rows, nextCursor } = await listInvoices(db, all, c.req.valid('query'));
        pageHeaders(c, nextCursor);
        return c.json(rows.map(presentInvoice));
      },
    )
    .get('/export.csv', answersCsv(), requireRole('viewReports'), validate('query', InvoicesExportQuery), async (c) => {
      const query = c.req.valid('query');
      const year = query.financial_year === undefined ? 'all' : String(query.financial_year);
      const fileName = `invoices_${year}_${todayIn(config.timeZone)}.csv`;
      await recordAudit(db, auditContext(c, config), {
        action: 'export.invoices',
        entity: 'export',
        entityId: 'invoices',
        after: { file: fileName, filters: query },
      });
      return csvResponse(c, fileName, CSV_COLUMNS, invoiceBatches(db, query));
    })
    .get('/:id/pdf', pdfFile, requireRole('viewReports'), validate('param', UuidIdParam), async (c) =>
      pdfAnswer(c, storage, await getInvoice(db, all, c.req.valid('param').id)),
    );
}

/** The hotel area's invoices (mounted under /hotel): its own only; another hotel's document is "not found". */
export function hotelInvoiceRoutes({ db, storage }: AppDeps, ownHotel: (c: Context<AppEnv>) => string) {
  return new Hono<AppEnv>()
    .get(
      '/invoices',
      answers(v.array(InvoiceView), { headers: NEXT_CURSOR }),
      requireRole('hotelArea'),
      validate('query', InvoicesQuery),
      async (c) => {
        const scope: InvoiceScope = { kind: 'hotel', id: ownHotel(c) };
        const { rows, nextCursor } = await listInvoices(db, scope, c.req.valid('query'));
        pageHeaders(c, nextCursor);
        return c.json(rows.map(presentInvoice));
      },
    )
    .get('/invoices/:id/pdf', pdfFile, requireRole('hotelArea'), validate('param', UuidIdParam), async (c) =>
      pdfAnswer(c, storage, await getInvoice(db, { kind: 'hotel', id: ownHotel(c) }, c.req.valid('param').id)),
    );
}
