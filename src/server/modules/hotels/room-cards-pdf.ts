import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { MAX_VOUCHERS_PER_SCAN } from '../../../shared/constants';
import type { RoomCardLayout } from '../../../shared/schemas/hotel-area';

/**
 * The printable room card: the hotel's name and logo, its scan QR code drawn as vector squares (sharp at any
 * printer resolution), and three steps in English and Hindi. `a6` is one card on an A6 page; `a4x4` puts four
 * on an A4 sheet with dashed cut lines. The Hindi needs a Devanagari font with its shaping rules (conjuncts,
 * the short i placed before its consonant): Noto Sans Devanagari (OFL, @fontsource), which pdfkit's fontkit shapes.
 */

const BRAND = '#0e7490';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#94a3b8';

const require = createRequire(import.meta.url);
const FONT_FILE =
  require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff');

/**
 * The Devanagari font, opened once per process and handed to every document (pdfkit takes a fontkit font): a
 * fresh font reads its shaping tables again on its first Hindi line (about 0.2 s), and fontkit inflates a WOFF's
 * glyph table for every glyph it subsets, so the WOFF is unpacked to a plain TrueType file first.
 */
let devanagari: ReturnType<typeof openFont> | undefined;
const devanagariFont = () => (devanagari ??= openFont(woffToSfnt(readFileSync(FONT_FILE))));

/** A WOFF 1.0 file as the TrueType (sfnt) file it wraps: each table inflated, 4-byte aligned, checksums kept. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + 20 * i;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8); // the flavor is the sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE((numTables - power) * 16, 10);
  const parts = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

// The Hindi lines say "three" in words: the font's Devanagari subset has no Latin digits.
if (MAX_VOUCHERS_PER_SCAN !== 3) throw new Error('Room card texts say "up to 3 vouchers": update them');

export const ROOM_CARD_TITLE = { en: 'Offers for our guests', hi: 'हमारे मेहमानों के लिए ख़ास ऑफ़र' };
export const ROOM_CARD_STEPS = [
  { en: 'Scan', hi: 'स्कैन करें' },
  { en: 'Pick up to 3 vouchers', hi: 'तीन वाउचर तक चुनें' },
  { en: 'Show the code at the shop', hi: 'दुकान पर कोड दिखाएँ' },
] as const;

export interface RoomCard {
  hotelName: string;
  /** PNG bytes of the hotel's logo, or undefined to leave it out. */
  logo?: Buffer;
  /** What the QR code opens: the hotel's scan page, with a placement's token on a placement's card. */
  scanUrl: string;
  /** The placement's label ("Room 101", "Lobby"), printed under the code; none on the old link's card. */
  label?: string;
}

/** The cards of one PDF: the hotel's name and logo, and each card's link and label (docs/PRODUCT.md "Guest trust"). */
export interface RoomCards {
  hotelName: string;
  logo?: Buffer;
  cards: { scanUrl: string; label?: string }[];
}

/** A6 in points (105 × 148 mm). */
const A6 = { width: 297.64, height: 419.53 };

export async function renderRoomCardsPdf(set: RoomCards, layout: RoomCardLayout): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: layout === 'a6' ? 'A6' : 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `StayPerks room cards - ${set.hotelName}`, Author: 'StayPerks' },
  });
  // pdfkit's types list buffers and paths only; it takes an opened fontkit font as well (anything with layout()).
  doc.registerFont('hindi', devanagariFont() as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const cards: RoomCard[] = set.cards.map((card) => ({ hotelName: set.hotelName, logo: set.logo, ...card }));
  const qrOf = (card: RoomCard) => QRCode.create(card.scanUrl, { errorCorrectionLevel: 'H' });
  if (layout === 'a6')
    for (const card of cards) {
      doc.addPage();
      drawCard(doc, card, qrOf(card), 0, 0);
    }
  else
    for (let first = 0; first < cards.length; first += 4) {
      doc.addPage();
      // Four A6 cards fill an A4 sheet (595 × 842 pt) with 3 pt to spare, centred vertically; a card a slot.
      const top = (doc.page.height - 2 * A6.height) / 2;
      const slots = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const;
      cards.slice(first, first + 4).forEach((card, i) => {
        const [col, row] = slots[i]!;
        drawCard(doc, card, qrOf(card), col * A6.width, top + row * A6.height);
      });
      doc.save().lineWidth(0.5).strokeColor(LINE).dash(4, { space: 4 });
      doc.moveTo(A6.width, 0).lineTo(A6.width, doc.page.height).stroke();
      doc
        .moveTo(0, top + A6.height)
        .lineTo(doc.page.width, top + A6.height)
        .stroke();
      doc.restore();
    }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

type Qr = ReturnType<typeof QRCode.create>;

function drawCard(doc: PDFKit.PDFDocument, card: RoomCard, qr: Qr, x: number, y: number) {
  const pad = 20;
  const width = A6.width - 2 * pad;
  const left = x + pad;

  // Header band: logo (if any) and the hotel's name.
  const band = 64;
  doc.save().rect(x, y, A6.width, band).fill(BRAND).restore();
  let nameLeft = left;
  if (card.logo) {
    const box = 44;
    doc
      .save()
      .roundedRect(left, y + (band - box) / 2, box, box, 6)
      .fill('#ffffff')
      .restore();
    doc.image(card.logo, left + 3, y + (band - box) / 2 + 3, {
      fit: [box - 6, box - 6],
      align: 'center',
      valign: 'center',
    });
    nameLeft = left + box + 10;
  }
  const nameWidth = x + A6.width - pad - nameLeft;
  doc.font('Helvetica-Bold').fontSize(15);
  const nameHeight = Math.min(doc.heightOfString(card.hotelName, { width: nameWidth }), 38);
  doc
    .fillColor('#ffffff')
    .text(card.hotelName, nameLeft, y + (band - nameHeight) / 2, { width: nameWidth, height: 38, ellipsis: true });

  // Title in both languages.
  let cursor = y + band + 12;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13);
  doc.text(ROOM_CARD_TITLE.en, left, cursor, { width, align: 'center' });
  cursor = doc.y + 1;
  doc.font('hindi').fontSize(11).fillColor(MUTED);
  doc.text(ROOM_CARD_TITLE.hi, left, cursor, { width, align: 'center' });
  cursor = doc.y + 6;

  // The QR code, with its quiet zone on white; a placement's card names the placement under it.
  const qrSize = card.label ? 146 : 160;
  drawQr(doc, qr, x + (A6.width - qrSize) / 2, cursor, qrSize);
  cursor += qrSize + 2;
  if (card.label) {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(14);
    doc.text(card.label, left, cursor, { width, align: 'center', height: 17, lineBreak: false, ellipsis: true });
    cursor += 18;
  } else cursor += 4;

  // Three steps: a numbered circle, the English line and the Hindi one.
  const stepHeight = 33;
  ROOM_CARD_STEPS.forEach((step, i) => {
    const top = cursor + i * stepHeight;
    const radius = 10;
    doc
      .save()
      .circle(left + 18 + radius, top + 13, radius)
      .fill(BRAND)
      .restore();
    doc
      .fillColor('#ffffff')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(String(i + 1), left + 18, top + 7.5, { width: 2 * radius, align: 'center' });
    const textLeft = left + 18 + 2 * radius + 10;
    const textWidth = width - (textLeft - left);
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(step.en, textLeft, top + 1, { width: textWidth });
    doc
      .fillColor(MUTED)
      .font('hindi')
      .fontSize(10)
      .text(step.hi, textLeft, top + 14, { width: textWidth });
  });

  // Footer: the link for a guest whose camera will not scan, and who runs it.
  // A placement's link is longer (its token): the size shrinks until the whole link fits the line.
  doc.font('Helvetica').fontSize(6.5);
  const urlSize = Math.max(4.5, Math.min(6.5, (6.5 * width) / doc.widthOfString(card.scanUrl)));
  doc
    .fillColor(MUTED)
    .fontSize(urlSize)
    .text(card.scanUrl, left, y + A6.height - 30, { width, align: 'center', lineBreak: false, ellipsis: true });
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(7.5)
    .text('StayPerks', left, y + A6.height - 19, { width, align: 'center', lineBreak: false });
}

/** Dark modules as filled squares, each row's runs merged: a vector image, sharp at any print resolution. */
function drawQr(doc: PDFKit.PDFDocument, qr: Qr, x: number, y: number, size: number) {
  const count = qr.modules.size;
  const quiet = 2;
  const unit = size / (count + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < count; row++) {
    let run = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        // A hair wider and taller so neighbouring squares leave no seam when rasterised.
        doc.rect(x + (quiet + run) * unit, y + (quiet + row) * unit, (col - run) * unit + 0.05, unit + 0.05);
        run = -1;
      }
    }
  }
  doc.fill();
  doc.restore();
}
