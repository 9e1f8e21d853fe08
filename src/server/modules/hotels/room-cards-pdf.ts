import type QRCode from 'qrcode';
import { loadPdfKit, loadQrCode } from '../../platform/lib/heavy-modules';
import { MAX_VOUCHERS_PER_SCAN } from '../../../shared/constants';
import type { RoomCardLanguage, RoomCardLayout } from '../../../shared/schemas/hotel-area';
import { GUEST_TEXTS, type GuestTexts } from '../../platform/guest-texts';
import { drawShapedText, measureShapedText } from '../../platform/pdf/shaped-text';

/**
 * The printable room card: the hotel's name and logo, its scan QR code drawn as vector squares (sharp at any
 * printer resolution), and a title and three steps in English and one other guest language (docs/PRODUCT.md "Guest
 * trust"). `a6` is one card on an A6 page; `a4x4` puts four on an A4 sheet with dashed cut lines. The other
 * language is shaped by HarfBuzz and drawn as outlines (platform/pdf/shaped-text.ts): pdfkit cannot shape the
 * Indian scripts.
 */

const BRAND = '#0e7490';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#94a3b8';

// Every language's steps say "up to 3 vouchers" (platform/guest-texts/<language>.ts roomCard).
if (MAX_VOUCHERS_PER_SCAN !== 3) throw new Error('Room card texts say "up to 3 vouchers": update them');

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

/** The card's words: English first, then the other language's (its catalogue's roomCard). */
interface CardTexts {
  en: GuestTexts['roomCard'];
  other: GuestTexts['roomCard'];
  lang: RoomCardLanguage;
}

export async function renderRoomCardsPdf(
  set: RoomCards,
  layout: RoomCardLayout,
  lang: RoomCardLanguage,
): Promise<Uint8Array> {
  const [PDFDocument, qrcode] = await Promise.all([loadPdfKit(), loadQrCode()]);
  const doc = new PDFDocument({
    size: layout === 'a6' ? 'A6' : 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `StayPerks room cards - ${set.hotelName}`, Author: 'StayPerks' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const texts: CardTexts = { en: GUEST_TEXTS.en.roomCard, other: GUEST_TEXTS[lang].roomCard, lang };
  const cards: RoomCard[] = set.cards.map((card) => ({ hotelName: set.hotelName, logo: set.logo, ...card }));
  const qrOf = (card: RoomCard) => qrcode.create(card.scanUrl, { errorCorrectionLevel: 'H' });
  if (layout === 'a6')
    for (const card of cards) {
      doc.addPage();
      drawCard(doc, card, qrOf(card), texts, 0, 0);
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
        drawCard(doc, card, qrOf(card), texts, col * A6.width, top + row * A6.height);
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

/**
 * A line in the card's other language at `size`, or smaller (down to `min`) when it would not fit `width` on one
 * line: some languages say a step in twice the letters English does. Past `min` it wraps.
 */
function fittedSize(text: string, lang: RoomCardLanguage, width: number, size: number, min: number): number {
  const natural = measureShapedText(text, { width: Infinity, size, lang }).width;
  return natural <= width ? size : Math.max(min, Math.floor(((size * width) / natural) * 10) / 10);
}

function drawCard(doc: PDFKit.PDFDocument, card: RoomCard, qr: Qr, texts: CardTexts, x: number, y: number) {
  const pad = 20;
  const width = A6.width - 2 * pad;
  const left = x + pad;
  const { lang } = texts;

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
  doc.text(texts.en.title, left, cursor, { width, align: 'center' });
  cursor = doc.y + 1;
  const titleSize = fittedSize(texts.other.title, lang, width, 11, 8.5);
  cursor += drawShapedText(doc, texts.other.title, {
    x: left,
    y: cursor,
    width,
    size: titleSize,
    lang,
    color: MUTED,
    align: 'center',
  });
  cursor += 6;

  // Three steps: a numbered circle, the English line and the other language's under it.
  const radius = 10;
  const textLeft = left + 18 + 2 * radius + 10;
  const textWidth = width - (textLeft - left);
  const steps = texts.en.steps.map((en, i) => {
    const other = texts.other.steps[i] ?? '';
    const size = fittedSize(other, lang, textWidth, 10, 8);
    const height = measureShapedText(other, { width: textWidth, size, lang }).height;
    return { en, other, size, height: Math.max(33, 14 + height + 6) };
  });

  // The QR code takes the room the texts leave above the footer, up to its full size.
  const footer = y + A6.height - 30;
  const labelHeight = card.label ? 18 : 4;
  const stepsHeight = steps.reduce((sum, step) => sum + step.height, 0);
  const qrSize = Math.min(card.label ? 146 : 160, footer - 2 - cursor - 2 - labelHeight - stepsHeight);
  drawQr(doc, qr, x + (A6.width - qrSize) / 2, cursor, qrSize);
  cursor += qrSize + 2;
  if (card.label) {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(14);
    doc.text(card.label, left, cursor, { width, align: 'center', height: 17, lineBreak: false, ellipsis: true });
  }
  cursor += labelHeight;

  steps.forEach((step, i) => {
    const top = cursor;
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
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(step.en, textLeft, top + 1, { width: textWidth });
    drawShapedText(doc, step.other, {
      x: textLeft,
      y: top + 14,
      width: textWidth,
      size: step.size,
      lang,
      color: MUTED,
    });
    cursor += step.height;
  });

  // Footer: the link for a guest whose camera will not scan, and who runs it.
  // A placement's link is longer (its token): the size shrinks until the whole link fits the line.
  doc.font('Helvetica').fontSize(6.5);
  const urlSize = Math.max(4.5, Math.min(6.5, (6.5 * width) / doc.widthOfString(card.scanUrl)));
  doc
    .fillColor(MUTED)
    .fontSize(urlSize)
    .text(card.scanUrl, left, footer, { width, align: 'center', lineBreak: false, ellipsis: true });
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
