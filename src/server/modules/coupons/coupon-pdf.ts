import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDate, formatIndianNumber } from '../../../shared/format';
import { describeOfferRules } from '../../../shared/offer-rules';
import { VOUCHER_QR_OPTIONS } from '../../../shared/voucher-qr';
import { presentMerchantPlace } from '../offers/merchant-place';
import { hhmm, presentOfferRules } from '../offers/offers.presenter';
import type { getCouponForVoucher } from './coupons.service';

type VoucherData = Awaited<ReturnType<typeof getCouponForVoucher>>;

const BRAND = '#0e7490';
const INK = '#0f172a';
const MUTED = '#64748b';

/** pdfkit's built-in fonts have no rupee glyph, so the PDF writes "Rs." where the screens show ₹. */
function valueText(type: VoucherData['offerType'], value: number): string {
  const amount = Number.isInteger(value) ? formatIndianNumber(value) : value.toFixed(2);
  return type === 'percentage' ? `${amount}% OFF` : `Rs. ${amount} OFF`;
}

/**
 * The offer's rules in the words every voucher uses (docs/PRODUCT.md "Offer rules", describeOfferRules), as one
 * paragraph: a long blackout list wraps instead of pushing the voucher onto a second page. Each rule's spaces are
 * no-break spaces, so a line breaks only between rules. "Rs." for ₹ (see valueText).
 */
export function rulesText(voucher: VoucherData): string {
  return describeOfferRules(presentOfferRules(voucher))
    .map((line) => line.replaceAll('₹', 'Rs. ').replaceAll(' ', '\u00a0'))
    .join('  ·  ');
}

/** The offer's hours, 'Open 10:00 - 22:00', or nothing when it has none. */
function hoursText(opening: string | null, closing: string | null): string {
  const [from, to] = [hhmm(opening), hhmm(closing)];
  return from && to ? `Open ${from} - ${to}` : '';
}

/**
 * The printable voucher: hotel, merchant, offer, value, valid-until and the offer's rules, the code large and as a QR
 * code, and the shop's address, number, hours and map link.
 */
export async function renderVoucherPdf(voucher: VoucherData): Promise<Uint8Array> {
  const qr = await QRCode.toBuffer(voucher.code, VOUCHER_QR_OPTIONS);
  const doc = new PDFDocument({
    size: 'A6',
    margin: 24,
    info: { Title: `StayPerks voucher ${voucher.code}`, Author: 'StayPerks' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 48;
  doc.rect(0, 0, doc.page.width, 54).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(16).text('StayPerks voucher', 24, 16, { width });
  doc.font('Helvetica').fontSize(8).text(`Guest of ${voucher.hotelName}`, 24, 36, { width });

  doc
    .moveDown(2.2)
    .fillColor(MUTED)
    .fontSize(8)
    .text(`${voucher.merchantName} · ${voucher.merchantTypeName}`.toUpperCase(), 24, 70, { width });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(valueText(voucher.offerType, Number(voucher.offerValue)), { width });
  doc.font('Helvetica').fontSize(11).text(voucher.offerName, { width });
  doc.moveDown(0.6).fillColor(MUTED).fontSize(8).text('YOUR CODE', { width, align: 'center' });
  doc
    .fillColor(INK)
    .font('Courier-Bold')
    .fontSize(30)
    .text(voucher.code, { width, align: 'center', characterSpacing: 2 });
  const qrSize = 96;
  doc.image(qr, (doc.page.width - qrSize) / 2, doc.y + 4, { width: qrSize });
  doc.y += qrSize + 10;
  doc
    .font('Helvetica')
    .fillColor(INK)
    .fontSize(9)
    .text(`Valid until ${formatDate(voucher.validityTo)}`, 24, doc.y, { width, align: 'center' });
  const rules = rulesText(voucher);
  if (rules) doc.moveDown(0.2).font('Helvetica-Bold').fontSize(8).text(rules, { width, align: 'center' }).moveDown(0.2);
  doc.font('Helvetica');
  // Where the shop is, its number and hours (docs/PRODUCT.md "API fields", Coupon): the map link is a link in the PDF.
  const place = presentMerchantPlace(voucher);
  const hours = hoursText(voucher.openingHours, voucher.closingHours);
  doc.fillColor(MUTED).fontSize(7).text(place.address, { width, align: 'center' });
  if (place.store_contact_number || hours)
    doc.text([place.store_contact_number && `Call ${place.store_contact_number}`, hours].filter(Boolean).join(' · '), {
      width,
      align: 'center',
    });
  doc.fillColor(BRAND).text('Open in Google Maps', { width, align: 'center', link: place.map_link, underline: true });
  if (voucher.termsConditions)
    doc.moveDown(0.4).fillColor(MUTED).fontSize(6.5).text(voucher.termsConditions, { width, align: 'center' });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
