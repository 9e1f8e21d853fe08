import { loadPdfKit, loadQrCode } from '../../platform/lib/heavy-modules';
import { formatIndianNumber } from '../../../shared/format';
import { LANGUAGE_LOCALES, type GuestLanguage } from '../../../shared/guest-languages';
import { ruleLines } from '../../../shared/offer-rule-lines';
import { describeOfferRules } from '../../../shared/offer-rules';
import { RULE_TEXTS } from '../../../shared/rule-texts';
import { VOUCHER_QR_OPTIONS } from '../../../shared/voucher-qr';
import { GUEST_TEXTS } from '../../platform/guest-texts';
import { drawShapedText, measureShapedText } from '../../platform/pdf/shaped-text';
import { presentMerchantPlace } from '../offers/merchant-place';
import { hhmm, presentOfferRules } from '../offers/offers.presenter';
import type { getCouponForVoucher } from './coupons.service';

type VoucherData = Awaited<ReturnType<typeof getCouponForVoucher>>;

const BRAND = '#0e7490';
const INK = '#0f172a';
const MUTED = '#64748b';
/** A6 in points (105 × 148 mm), its margin and the text column's width. */
const PAGE = { width: 297.64, height: 419.53 };
const MARGIN = 24;
const WIDTH = PAGE.width - 2 * MARGIN;

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

/** Amounts as the guest page writes them in the language (Latin digits, Indian grouping): "1,500", "499.50". */
const amountFormats = new Map<string, Intl.NumberFormat>();
function amountIn(lang: GuestLanguage, value: number): string {
  const key = `${lang}:${Number.isInteger(value) ? 0 : 2}`;
  let format = amountFormats.get(key);
  if (!format) {
    const decimals = Number.isInteger(value) ? 0 : 2;
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    amountFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * The rules in the guest's language (src/shared/offer-rule-lines.ts, the guest page's words) as one paragraph. A
 * rule may wrap inside (a Tamil rule can be longer than the line); the dot between two rules stays with the first.
 */
function languageRulesText(voucher: VoucherData, lang: GuestLanguage): string {
  const lines = ruleLines(presentOfferRules(voucher), {
    rules: RULE_TEXTS[lang],
    date: GUEST_TEXTS[lang].reminders.date,
    amount: (value) => amountIn(lang, value),
  });
  return lines.join('\u00a0· ');
}

/** What pdfkit's standard fonts can write (WinAnsi): such a text stays Helvetica, which a reader can select. */
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center';
  /** Courier for the code; Helvetica otherwise. */
  courier?: boolean;
  characterSpacing?: number;
  link?: string;
  underline?: boolean;
}

/**
 * The voucher's column of text, top to bottom. A text pdfkit's Helvetica can write is Helvetica; any other (the
 * guest's language, a shop name in Hindi) is shaped (platform/pdf/shaped-text.ts). A dry run measures without
 * drawing, so the layout can shrink until it fits one page; the bottom margin clips whatever still would not.
 */
class Column {
  y: number;
  readonly bottom = PAGE.height - MARGIN;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly lang: GuestLanguage,
    private readonly draw: boolean,
    top: number,
  ) {
    this.y = top;
  }

  text(text: string, style: Style): void {
    // Measuring, a text takes all the room it needs (so the layout knows it overflows); drawing, what is left.
    const room = this.draw ? this.bottom - this.y : Infinity;
    if (!text || room <= 0) return;
    const { doc } = this;
    const color = style.color ?? INK;
    const align = style.align ?? 'center';
    if (WIN_ANSI.test(text)) {
      doc.font(style.courier ? 'Courier-Bold' : style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size);
      const options: PDFKit.Mixins.TextOptions = {
        width: WIDTH,
        align,
        characterSpacing: style.characterSpacing,
        link: style.link,
        underline: style.underline,
      };
      const height = Math.min(doc.heightOfString(text, options), room);
      if (this.draw) doc.fillColor(color).text(text, MARGIN, this.y, { ...options, height: room, ellipsis: true });
      this.y += height;
    } else {
      const options = {
        x: MARGIN,
        y: this.y,
        width: WIDTH,
        size: style.size,
        weight: style.bold ? (700 as const) : (400 as const),
        lang: this.lang,
        maxHeight: this.draw ? room : undefined,
        color,
        align,
        link: style.link,
        underline: style.underline,
      };
      this.y += this.draw ? drawShapedText(this.doc, text, options) : measureShapedText(text, options).height;
    }
  }

  gap(points: number): void {
    this.y += points;
  }
}

/** The voucher's words in its language, worked out once for the measuring run and the drawing one. */
interface VoucherTexts {
  title: string;
  guestOf: string;
  shop: string;
  value: string;
  offer: string;
  yourCode: string;
  code: string;
  validUntil: string;
  rules: string;
  /** A non-English voucher's English lines for the merchant: the heading in the language, value and rules. */
  forTheShop?: { heading: string; value: string; rules: string };
  address: string;
  contact: string;
  map: string;
  mapLink: string;
  terms: string;
}

function voucherTexts(voucher: VoucherData, lang: GuestLanguage): VoucherTexts {
  const { voucher: words, pages, reminders } = GUEST_TEXTS[lang];
  const value = Number(voucher.offerValue);
  const english = valueText(voucher.offerType, value);
  // Where the shop is, its number and hours (docs/PRODUCT.md "API fields", Coupon): the map link is a link in the PDF.
  const place = presentMerchantPlace(voucher);
  const [from, to] = [hhmm(voucher.openingHours), hhmm(voucher.closingHours)];
  const contact = [
    place.store_contact_number && pages.call(place.store_contact_number),
    from && to && pages.hours(from, to),
  ];
  return {
    title: words.title,
    guestOf: words.guestOf(voucher.hotelName),
    shop: `${voucher.merchantName} · ${voucher.merchantTypeName}`.toUpperCase(),
    value:
      lang === 'en'
        ? english
        : voucher.offerType === 'percentage'
          ? pages.percentOff(amountIn(lang, value))
          : pages.rupeesOff(amountIn(lang, value)),
    offer: voucher.offerName,
    yourCode: words.yourCode,
    code: voucher.code,
    validUntil: pages.validUntil(reminders.date(voucher.validityTo)),
    rules: lang === 'en' ? rulesText(voucher) : languageRulesText(voucher, lang),
    // The merchant reads English: the offer name, terms and code are as entered; value and rules are said again.
    forTheShop: lang === 'en' ? undefined : { heading: words.forTheShop, value: english, rules: rulesText(voucher) },
    address: place.address,
    contact: contact.filter(Boolean).join(' · '),
    map: pages.map,
    mapLink: place.map_link,
    terms: voucher.termsConditions ?? '',
  };
}

/**
 * How small the parts that grow may get: the QR code and the small print shrink together, step by step, until the
 * voucher fits one page (a long blackout list, said in two languages).
 */
const SCALES = [1, 0.92, 0.84, 0.76, 0.68, 0.6];

/** The page below the header band, at scale `s`; answers where the text ended. */
function layout(doc: PDFKit.PDFDocument, texts: VoucherTexts, qr: Buffer, lang: GuestLanguage, draw: boolean, s = 1) {
  const column = new Column(doc, lang, draw, 68);
  const small = (size: number) => Math.max(4.5, size * s);
  column.text(texts.shop, { size: 8, color: MUTED });
  column.gap(2);
  column.text(texts.value, { size: 20, bold: true });
  column.text(texts.offer, { size: 11 });
  column.gap(7);
  column.text(texts.yourCode, { size: 8, color: MUTED });
  // Room for a script's letters below the line (Malayalam's, Bengali's) above the code's capitals.
  column.gap(2);
  column.text(texts.code, { size: 30, courier: true, characterSpacing: 2 });
  const qrSize = Math.round(96 * Math.max(s, 0.7));
  if (draw) doc.image(qr, (PAGE.width - qrSize) / 2, column.y + 4, { width: qrSize });
  column.gap(qrSize + 10);
  column.text(texts.validUntil, { size: 9 });
  if (texts.rules) {
    column.gap(2);
    column.text(texts.rules, { size: small(8), bold: true });
  }
  if (texts.forTheShop) {
    const { heading, value, rules } = texts.forTheShop;
    column.gap(4);
    if (draw)
      doc
        .save()
        .moveTo(MARGIN + WIDTH / 4, column.y)
        .lineTo(MARGIN + (3 * WIDTH) / 4, column.y)
        .lineWidth(0.5)
        .strokeColor('#cbd5e1')
        .stroke()
        .restore();
    column.gap(3);
    column.text(heading, { size: small(7), bold: true, color: MUTED });
    column.text([value, rules].filter(Boolean).join('  ·  '), { size: small(7) });
  }
  column.gap(3);
  column.text(texts.address, { size: small(7), color: MUTED });
  column.text(texts.contact, { size: small(7), color: MUTED });
  column.text(texts.map, { size: small(7), color: BRAND, link: texts.mapLink, underline: true });
  if (texts.terms) {
    column.gap(5);
    column.text(texts.terms, { size: small(6.5), color: MUTED });
  }
  return column.y;
}

/**
 * The printable voucher (docs/PRODUCT.md "Vouchers"): hotel, merchant, offer, value, valid-until and the offer's
 * rules, the code large and as a QR code, and the shop's address, number, hours and map link, in the guest's
 * language; a non-English voucher adds the value and rules in English for the merchant. One A6 page.
 */
export async function renderVoucherPdf(voucher: VoucherData, lang: GuestLanguage = 'en'): Promise<Uint8Array> {
  const [PDFDocument, QRCode] = await Promise.all([loadPdfKit(), loadQrCode()]);
  const qr = await QRCode.toBuffer(voucher.code, VOUCHER_QR_OPTIONS);
  const doc = new PDFDocument({
    size: 'A6',
    margin: MARGIN,
    info: { Title: `StayPerks voucher ${voucher.code}`, Author: 'StayPerks' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const texts = voucherTexts(voucher, lang);
  doc.rect(0, 0, PAGE.width, 54).fill(BRAND);
  // Shaped text's line starts higher above its letters than Helvetica's (Noto's taller ascender): up 3 points.
  const band = new Column(doc, lang, true, WIN_ANSI.test(texts.title) ? 16 : 13);
  band.text(texts.title, { size: 16, bold: true, color: '#ffffff', align: 'left' });
  band.y = 36;
  band.text(texts.guestOf, { size: 8, color: '#ffffff', align: 'left' });

  const bottom = PAGE.height - MARGIN;
  const scale = SCALES.find((s) => layout(doc, texts, qr, lang, false, s) <= bottom) ?? SCALES.at(-1)!;
  layout(doc, texts, qr, lang, true, scale);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
