import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { GUEST_TEXTS } from '../../src/server/platform/guest-texts';
import { drawShapedText, measureShapedText, shapeText } from '../../src/server/platform/pdf/shaped-text';
import { GUEST_LANGUAGES, type GuestLanguage } from '../../src/shared/guest-languages';
import { RULE_TEXTS } from '../../src/shared/rule-texts';
import { pdfContents } from '../support/pdf-text';

/**
 * The PDFs' shaped text (src/server/platform/pdf/shaped-text.ts, docs/DEVELOPING.md "Text in PDFs"): every word a
 * room card or a voucher prints in any guest language has a glyph in the fonts (none is .notdef, glyph 0, the box a
 * reader would see), and HarfBuzz shapes: conjuncts become one glyph, a vowel sign goes before its consonant.
 */

/**
 * Every text of a catalogue part: strings as they are, functions called with the values a PDF gives them (a hotel's
 * name, a date, an amount, a phone number, a count of one and of more: plural forms differ).
 */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === 'function') {
    const call = value as (...args: unknown[]) => unknown;
    const args = [
      Array.from({ length: call.length }, () => 1),
      Array.from({ length: call.length }, () => 2),
      Array.from({ length: call.length }, (_, i) => ['Hotel Sagar Residency', '10:00', '22:30'][i]),
      Array.from({ length: call.length }, () => '+91 98765 43210'),
    ];
    return args.flatMap((list) => textsOf(call(...list)));
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** What the PDFs print in a language: the room card, the voucher's words, the message pages' and the rules. */
function printedTexts(lang: GuestLanguage): string[] {
  const { roomCard, voucher, pages, reminders } = GUEST_TEXTS[lang];
  const months = Array.from({ length: 12 }, (_, i) => reminders.date(`2026-${String(i + 1).padStart(2, '0')}-28`));
  return [...textsOf(roomCard), ...textsOf(voucher), ...textsOf(pages), ...textsOf(RULE_TEXTS[lang]), ...months];
}

describe('shaped text', () => {
  for (const lang of GUEST_LANGUAGES)
    it(`${lang}: every printed text has a glyph for each character, in 400 and 700`, () => {
      const texts = printedTexts(lang);
      expect(texts.length).toBeGreaterThan(60);
      const missing: string[] = [];
      for (const weight of [400, 700] as const)
        for (const text of texts)
          for (const glyph of shapeText(text, { weight, lang }))
            if (glyph.gid === 0)
              missing.push(`${weight} "${text}": "${String.fromCodePoint(text.codePointAt(glyph.cluster)!)}"`);
      expect(missing).toEqual([]);
    });

  it('shapes as HarfBuzz does: conjuncts, the short i before its consonant, split vowels', () => {
    // क्ष (ka, virama, ssa): three code points, one glyph.
    expect(shapeText('क्ष', { lang: 'hi' })).toHaveLength(1);
    // हिन्दी: ि is drawn before ह, in ह's cluster; न्द is half na and da, each in its own cluster.
    expect(shapeText('हिन्दी', { lang: 'hi' }).map((glyph) => glyph.cluster)).toEqual([0, 0, 2, 4, 4]);
    expect(shapeText('स्त्री', { lang: 'hi' }).map((glyph) => glyph.cluster)).toEqual([0, 2, 2]);
    // Tamil கொ: ொ splits around its consonant, three glyphs in one cluster, the first before க.
    const ko = shapeText('கொ', { lang: 'ta' });
    expect(ko.map((glyph) => glyph.cluster)).toEqual([0, 0, 0]);
    expect(ko[1]!.gid).toBe(shapeText('க', { lang: 'ta' })[0]!.gid);
    for (const [conjunct, lang] of [
      ['க்ஷ', 'ta'],
      ['క్ష', 'te'],
      ['ക്ക', 'ml'],
      ['ক্ষ', 'bn'],
    ] as const)
      expect(shapeText(conjunct, { lang }).length, conjunct).toBeLessThan([...conjunct].length);
    // Kannada's second consonant of ಕ್ಕ becomes its subscript form: two glyphs for three code points.
    expect(shapeText('ಕ್ಕ', { lang: 'kn' })).toHaveLength(2);
  });

  it("takes the language's own forms (Marathi's ल), Latin from the Latin subset and ₹ where the script has none", () => {
    expect(shapeText('ल', { lang: 'mr' })[0]!.gid).not.toBe(shapeText('ल', { lang: 'hi' })[0]!.gid);
    expect(shapeText('Hi ₹500', { lang: 'te' }).map((glyph) => glyph.font)).toEqual([
      'latin',
      'latin',
      'latin-ext',
      'latin',
      'latin',
      'latin',
    ]);
    expect(shapeText('₹500 தள்ளுபடி', { lang: 'ta' }).every((glyph) => glyph.gid !== 0)).toBe(true);
    // A danda in Bengali stays with the Bengali letters before it.
    expect(shapeText('ভাষা।', { lang: 'bn' }).every((glyph) => glyph.font === 'bengali')).toBe(true);
  });

  it('wraps at spaces within the width, and a word longer than a line overflows it alone', () => {
    const text = 'हमारे मेहमानों के लिए ख़ास ऑफ़र हमारे मेहमानों के लिए ख़ास ऑफ़र';
    const wide = measureShapedText(text, { width: 1000, size: 10, lang: 'hi' });
    expect(wide.lines).toBe(1);
    const narrow = measureShapedText(text, { width: wide.width / 3, size: 10, lang: 'hi' });
    expect(narrow.lines).toBeGreaterThanOrEqual(3);
    expect(narrow.width).toBeLessThanOrEqual(wide.width / 3);
    expect(narrow.height).toBeCloseTo(narrow.lines * (wide.height / wide.lines), 5);
    const word = measureShapedText('മലയാളം', { width: 5, size: 10, lang: 'ml' });
    expect(word.lines).toBe(1);
    expect(word.width).toBeGreaterThan(5);
    // A line break in the text starts a line; a height too small keeps the lines that fit.
    expect(measureShapedText('ஒன்று\nஇரண்டு', { width: 1000, size: 10, lang: 'ta' }).lines).toBe(2);
    expect(measureShapedText(text, { width: wide.width / 3, size: 10, lang: 'hi', maxHeight: 30 }).lines).toBe(2);
  });

  it('draws into a PDF as filled outlines, and answers the height it measured', async () => {
    const doc = new PDFDocument({ size: 'A6', margin: 0, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const options = { x: 20, y: 20, width: 250, size: 12, lang: 'kn', align: 'center' as const };
    const height = drawShapedText(doc, 'ನಮ್ಮ ಅತಿಥಿಗಳಿಗಾಗಿ ಆಫರ್‌ಗಳು', options);
    expect(height).toBe(measureShapedText('ನಮ್ಮ ಅತಿಥಿಗಳಿಗಾಗಿ ಆಫರ್‌ಗಳು', options).height);
    expect(height).toBeGreaterThan(12);
    doc.end();
    await ended;
    const pdf = Buffer.concat(chunks);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).not.toContain('/Font');
    const content = pdfContents(pdf).join('\n');
    // Moves, curves and lines in page coordinates, closed, then one fill for the text.
    expect(content).toMatch(/^[\d.-]+ [\d.-]+ m$/m);
    expect(content).toMatch(/^([\d.-]+ ){6}c$/m);
    expect(content).toMatch(/^h$/m);
    expect(content.match(/^f$/gm)).toHaveLength(1);
  });
});
