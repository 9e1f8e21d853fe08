import { formatDate } from '../../../shared/format';
import { amountInWords, stateLabel, toPaise } from '../../../shared/gst';
import { loadPdfKit } from '../../platform/lib/heavy-modules';
import type { InvoiceRow } from './invoices.service';

/**
 * A tax invoice or credit note as an A4 PDF (docs/PRODUCT.md "Tax invoices"), printed from the row alone: every
 * field of CGST Rules rule 46 (and rule 53 for the credit note) as issued, never the live settings. Helvetica (no ₹:
 * amounts say "Rs.", docs/DEVELOPING.md "Text in PDFs"); the house colours of the room cards.
 */

const BRAND = '#0e7490';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#94a3b8';
const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;

let rupeeFormat: Intl.NumberFormat | undefined;
const rs = (value: number) =>
  `Rs. ${(rupeeFormat ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value)}`;
const percent = (rate: number) => `${Number(rate.toFixed(2))} %`;

export async function renderInvoicePdf(row: InvoiceRow, signature: Buffer | undefined): Promise<Uint8Array> {
  const creditNote = row.kind === 'credit_note';
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${creditNote ? 'Credit note' : 'Tax invoice'} ${row.number}`, Author: row.supplierName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const label = (text: string, x: number, y: number, width: number) =>
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(text.toUpperCase(), x, y, { width });
  const body = (text: string, x: number, y: number, width: number, bold = false) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(text, x, y, { width });

  // Title and the document's own number and date.
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(BRAND)
    .text(creditNote ? 'CREDIT NOTE' : 'TAX INVOICE', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(creditNote ? 'Issued under section 34 of the CGST Act' : 'Original for recipient', MARGIN, MARGIN + 24);
  const metaX = MARGIN + WIDTH / 2;
  label(creditNote ? 'Credit note number' : 'Invoice number', metaX, MARGIN, WIDTH / 4);
  body(row.number, metaX, MARGIN + 11, WIDTH / 4, true);
  label('Date', metaX + WIDTH / 4, MARGIN, WIDTH / 4);
  body(formatDate(row.issuedOn), metaX + WIDTH / 4, MARGIN + 11, WIDTH / 4, true);
  if (creditNote && row.relatedNumber) {
    label('Against invoice', metaX, MARGIN + 30, WIDTH / 2);
    const dated = row.relatedIssuedOn ? ` dated ${formatDate(row.relatedIssuedOn)}` : '';
    body(`${row.relatedNumber}${dated}`, metaX, MARGIN + 41, WIDTH / 2);
  }

  // Supplier and recipient side by side.
  let y = MARGIN + 70;
  doc
    .moveTo(MARGIN, y - 8)
    .lineTo(MARGIN + WIDTH, y - 8)
    .strokeColor(LINE)
    .lineWidth(0.5)
    .stroke();
  const half = WIDTH / 2 - 10;
  label('Supplier', MARGIN, y, half);
  label(creditNote ? 'Recipient' : 'Bill to (recipient)', metaX, y, half);
  y += 12;
  const supplierEnd = (() => {
    body(row.supplierName, MARGIN, y, half, true);
    body(row.supplierAddress, MARGIN, doc.y + 2, half);
    body(`GSTIN: ${row.supplierGstin}`, MARGIN, doc.y + 4, half);
    body(`State: ${stateLabel(row.supplierStateCode)}`, MARGIN, doc.y + 2, half);
    return doc.y;
  })();
  body(row.recipientName, metaX, y, half, true);
  body(row.recipientAddress, metaX, doc.y + 2, half);
  body(`GSTIN: ${row.recipientGstin ?? 'Unregistered'}`, metaX, doc.y + 4, half);
  body(`State: ${stateLabel(row.recipientStateCode)}`, metaX, doc.y + 2, half);
  y = Math.max(supplierEnd, doc.y) + 14;

  const interState = row.recipientStateCode !== row.supplierStateCode;
  body(
    `Place of supply: ${stateLabel(row.recipientStateCode)}${interState ? ' (inter-State supply)' : ' (intra-State supply)'}`,
    MARGIN,
    y,
    WIDTH,
  );
  body('Whether tax is payable on reverse charge: No', MARGIN, doc.y + 2, WIDTH);
  y = doc.y + 14;

  // The line: description, SAC and taxable value, then each tax with its rate, then the total.
  const cols = { sac: MARGIN + WIDTH * 0.58, amount: MARGIN + WIDTH * 0.72 };
  const amountWidth = MARGIN + WIDTH - cols.amount;
  doc.rect(MARGIN, y, WIDTH, 20).fill('#e0f2fe');
  label('Description of service', MARGIN + 6, y + 6, cols.sac - MARGIN - 12);
  label('SAC', cols.sac, y + 6, cols.amount - cols.sac);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text('TAXABLE VALUE', cols.amount, y + 6, { width: amountWidth - 6, align: 'right' });
  y += 26;
  body(row.description, MARGIN + 6, y, cols.sac - MARGIN - 12);
  const lineEnd = doc.y;
  body(row.sacCode, cols.sac, y, cols.amount - cols.sac);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(rs(row.taxableValue), cols.amount, y, { width: amountWidth - 6, align: 'right' });
  y = Math.max(lineEnd, doc.y) + 10;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor(LINE)
    .stroke();
  y += 8;

  const figure = (name: string, value: number, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(name, MARGIN + WIDTH * 0.4, y, { width: WIDTH * 0.32, align: 'right' });
    doc.text(rs(value), cols.amount, y, { width: amountWidth - 6, align: 'right' });
    y += 16;
  };
  figure('Taxable value', row.taxableValue);
  if (interState) figure(`IGST @ ${percent(row.taxRate)}`, row.igst);
  else {
    figure(`CGST @ ${percent(row.taxRate / 2)}`, row.cgst);
    figure(`SGST/UTGST @ ${percent(row.taxRate / 2)}`, row.sgst);
  }
  y += 2;
  doc
    .moveTo(MARGIN + WIDTH * 0.4, y - 4)
    .lineTo(MARGIN + WIDTH, y - 4)
    .strokeColor(LINE)
    .stroke();
  figure(creditNote ? 'Total credited' : 'Total invoice value', row.total, true);
  y += 4;
  label('Amount in words', MARGIN, y, WIDTH);
  body(amountInWords(toPaise(row.total)), MARGIN, y + 11, WIDTH);
  y = doc.y + 12;
  if (creditNote && row.reason) {
    label('Reason', MARGIN, y, WIDTH);
    body(row.reason, MARGIN, y + 11, WIDTH);
    y = doc.y + 12;
  }

  // The supplier's signature (rule 46(q)): the uploaded image when there is one, the signatory named under it.
  const signX = MARGIN + WIDTH - 200;
  y = Math.max(y + 10, doc.y + 10);
  body(`For ${row.supplierName}`, signX, y, 200, true);
  y = doc.y + 6;
  if (signature) {
    doc.image(signature, signX, y, { fit: [160, 50] });
    y += 54;
  } else y += 30;
  body(row.signatoryName, signX, y, 200);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Authorised signatory', signX, doc.y + 1, { width: 200 });

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
