import { stringify } from 'csv-stringify/sync';
import { formatMonth } from '../../../shared/format';
import { loadPdfKit } from '../../platform/lib/heavy-modules';
import type { StatementWithLines } from './statements.service';

/**
 * A statement's files (docs/PRODUCT.md "Statements"), drawn from its stored figures only, so each download of one
 * statement is the same bytes: nothing of the present moment goes in (the PDF's CreationDate, and so its file ID, is
 * the statement's generated_at; pdfkit's ID is a hash of the document's info). Text in English, Helvetica.
 */

type Line = StatementWithLines['lines'][number];

const COUNTERPART = { merchant: 'Hotel', hotel: 'Merchant' } as const;
const amount = (value: number) => value.toFixed(2);
/** Rupees for the PDF, with Indian grouping: "Rs. 12,34,567.50" (Helvetica has no rupee sign). */
const rupees = (value: number) =>
  `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}`;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const signedRupees = (n: number) => (n > 0 ? `+${rupees(n)}` : n < 0 ? `-${rupees(-n)}` : rupees(0));

export const isAdjustment = (statement: StatementWithLines, line: Line) => line.month !== statement.month;

function totals(lines: Line[]) {
  return lines.reduce(
    (sum, line) => ({
      issued: sum.issued + line.issued,
      redeemed: sum.redeemed + line.redeemed,
      undone: sum.undone + line.undone,
      billTotal: Math.round((sum.billTotal + line.billTotal) * 100) / 100,
    }),
    { issued: 0, redeemed: 0, undone: 0, billTotal: 0 },
  );
}

/** UTF-8 with a byte-order mark and CRLF, like the back office's exports: one row per line, adjustments marked. */
export function renderStatementCsv(statement: StatementWithLines): Uint8Array {
  const counterpart = COUNTERPART[statement.partyKind].toLowerCase();
  const rows = statement.lines.map((line) => [
    isAdjustment(statement, line) ? 'adjustment' : 'month',
    line.month,
    line.counterpartId,
    line.counterpartName,
    line.issued,
    line.redeemed,
    line.undone,
    amount(line.billTotal),
  ]);
  const text = stringify(
    [['line', 'month', `${counterpart}_id`, counterpart, 'issued', 'redeemed', 'undone', 'bill_total'], ...rows],
    { record_delimiter: '\r\n' },
  );
  return new TextEncoder().encode(`\uFEFF${text}`);
}

const INK = '#1f2933';
const MUTED = '#616e7c';
const BRAND = '#0f766e';
const MARGIN = 48;
const COLUMNS = [
  { header: '', width: 215, align: 'left' as const },
  { header: 'Issued', width: 60, align: 'right' as const },
  { header: 'Redeemed', width: 65, align: 'right' as const },
  { header: 'Undone', width: 55, align: 'right' as const },
  { header: 'Bill total', width: 104, align: 'right' as const },
];

/** A4 pages: the party and month, the month's table by counterpart with its total, then the adjustments. */
export async function renderStatementPdf(statement: StatementWithLines): Promise<Uint8Array> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Kept until the end, so each page's footer can say "Page n of N".
    bufferPages: true,
    info: {
      Title: `StayPerks statement ${statement.month} ${statement.id}`,
      Author: 'StayPerks',
      Creator: 'StayPerks',
      Producer: 'StayPerks',
      CreationDate: statement.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;

  doc.rect(0, 0, doc.page.width, 70).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18).text('StayPerks monthly statement', MARGIN, 26);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(statement.partyName, MARGIN, 92, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${statement.partyKind === 'merchant' ? 'Merchant' : 'Hotel'} statement for ${formatMonth(statement.month)}`)
    .text(`Generated ${statement.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`)
    .text(`Statement ${statement.id}`);

  let y = doc.y + 16;
  // The current table's column headings, repeated at the top of each page it runs onto.
  let headings: string[] | null = null;
  const row = (cells: string[], options: { bold?: boolean; color?: string; rule?: boolean } = {}) => {
    if (y + 18 > bottom) {
      doc.addPage();
      y = MARGIN;
      if (headings && cells !== headings) row(headings, { bold: true, rule: true });
    }
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9.5)
      .fillColor(options.color ?? INK);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      doc.text(cell, x + 2, y + 4, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true });
      x += column.width;
    });
    y += 18;
    if (options.rule) {
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.5)
        .strokeColor('#cbd2d9')
        .stroke();
    }
  };
  const heading = (text: string) => {
    if (y + 40 > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(text, MARGIN, y + 6, { width });
    y = doc.y + 4;
  };

  const counterpart = COUNTERPART[statement.partyKind];
  const monthLines = statement.lines.filter((line) => !isAdjustment(statement, line));
  const adjustments = statement.lines.filter((line) => isAdjustment(statement, line));

  heading(`${formatMonth(statement.month)}, by ${counterpart.toLowerCase()}`);
  headings = COLUMNS.map((column, i) => (i === 0 ? counterpart : column.header));
  row(headings, { bold: true, rule: true });
  if (monthLines.length === 0) row(['No vouchers this month', '', '', '', ''], { color: MUTED });
  for (const line of monthLines)
    row([
      line.counterpartName,
      String(line.issued),
      String(line.redeemed),
      String(line.undone),
      rupees(line.billTotal),
    ]);
  const sum = totals(monthLines);
  row(['Total', String(sum.issued), String(sum.redeemed), String(sum.undone), rupees(sum.billTotal)], {
    bold: true,
  });

  if (adjustments.length > 0) {
    y += 10;
    headings = null;
    heading('Adjustments to earlier months');
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        'Figures of an earlier month that changed after its statement was generated (an undone redemption, a bill ' +
          'amount entered or corrected): the change, counted here; the earlier statement stays as it was.',
        MARGIN,
        y,
        { width },
      );
    y = doc.y + 6;
    headings = COLUMNS.map((column, i) => (i === 0 ? `Month, ${counterpart.toLowerCase()}` : column.header));
    row(headings, { bold: true, rule: true });
    for (const line of adjustments)
      row([
        `${formatMonth(line.month, 'short')}, ${line.counterpartName}`,
        signed(line.issued),
        signed(line.redeemed),
        signed(line.undone),
        signedRupees(line.billTotal),
      ]);
    const adjusted = totals(adjustments);
    row(
      [
        'Total adjustments',
        signed(adjusted.issued),
        signed(adjusted.redeemed),
        signed(adjusted.undone),
        signedRupees(adjusted.billTotal),
      ],
      { bold: true },
    );
  }
  y += 14;
  if (y + 30 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Issued: vouchers collected by guests, by the day of their scan. Redeemed: redemptions made in the month, with ' +
        'the bill amounts entered. Undone: redemptions undone in the month. No guest names or mobile numbers.',
      MARGIN,
      y,
      { width },
    );
  // Every page's footer: whose statement, which month, page n of N (in the bottom margin, so no new page starts).
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${statement.partyName} · ${formatMonth(statement.month)} · Page ${i + 1} of ${pages.count}`,
        MARGIN,
        doc.page.height - MARGIN + 16,
        { width, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
