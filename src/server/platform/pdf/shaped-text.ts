import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';
import type { GuestScript } from '../../../shared/guest-languages';
import { woffToSfnt } from './woff';

/**
 * Text in a pdfkit document, shaped by HarfBuzz and drawn as vector outlines (docs/DEVELOPING.md "Text in PDFs").
 * pdfkit's own font engine (fontkit) cannot shape the Indian scripts: it misplaces vowel signs and breaks conjuncts,
 * and with Noto Sans Tamil, Telugu, Kannada, Malayalam or Bengali it throws in its GPOS code. HarfBuzz is the shaper
 * Chromium uses, so with the same fonts a PDF shows what the guest's phone shows. The glyphs are filled paths (sharp
 * at any print size; not selectable as text), in Noto Sans of each script (@fontsource, OFL), 400 and 700, with the
 * Latin subset of the same family for Latin letters, digits and punctuation and its Latin Extended subset for ₹.
 */

export type ShapedWeight = 400 | 700;
type IndicScript = Exclude<GuestScript, 'latin'>;
type FontKey = 'latin' | 'latin-ext' | IndicScript;

/** Each script by its Unicode Script property: the dandas (U+0964-0965) are Common, so Bengali keeps its own. */
const SCRIPT_OF: readonly [IndicScript, RegExp][] = [
  ['devanagari', /\p{Script=Devanagari}/u],
  ['bengali', /\p{Script=Bengali}/u],
  ['tamil', /\p{Script=Tamil}/u],
  ['telugu', /\p{Script=Telugu}/u],
  ['kannada', /\p{Script=Kannada}/u],
  ['malayalam', /\p{Script=Malayalam}/u],
];
const LATIN = /\p{Script=Latin}/u;
/** Where a character no run's font has is looked for, in this order (a script font only when already opened). */
const FALLBACK: readonly FontKey[] = ['latin', 'latin-ext'];

const require = createRequire(import.meta.url);

/** The Latin subsets come with the Devanagari package; every Noto Sans package carries the same Latin glyphs. */
function fontFile(key: FontKey, weight: ShapedWeight): string {
  const pkg = key === 'latin' || key === 'latin-ext' ? 'devanagari' : key;
  return require.resolve(`@fontsource/noto-sans-${pkg}/files/noto-sans-${pkg}-${key}-${weight}-normal.woff`);
}

/** One outline command in font units: M, L and C (a quadratic is raised to a cubic: PDF has no quadratic), Z. */
type Command = { op: 'm' | 'l'; x: number; y: number } | { op: 'c'; v: readonly number[] } | { op: 'h' };

class ShapingFont {
  readonly hb: hb.Font;
  /** Font units to ems. */
  readonly unit: number;
  readonly ascender: number;
  readonly descender: number;
  private readonly covered: Set<number>;
  private readonly outlines = new Map<number, Command[]>();

  constructor(
    readonly key: FontKey,
    file: string,
  ) {
    const face = new hb.Face(new hb.Blob(woffToSfnt(readFileSync(file))));
    this.hb = new hb.Font(face);
    this.unit = 1 / face.upem;
    const extents = this.hb.hExtents();
    this.ascender = extents.ascender * this.unit;
    this.descender = -extents.descender * this.unit;
    this.covered = new Set(face.collectUnicodes());
  }

  covers(codePoint: number): boolean {
    return this.covered.has(codePoint);
  }

  /** The glyph's outline, read once: a sheet of four cards draws the same few dozen glyphs again and again. */
  outline(gid: number): Command[] {
    let commands = this.outlines.get(gid);
    if (commands) return commands;
    commands = [];
    let [x0, y0] = [0, 0];
    for (const { type, values: v } of this.hb.glyphToJson(gid)) {
      if (type === 'M' || type === 'L') {
        commands.push({ op: type === 'M' ? 'm' : 'l', x: v[0]!, y: v[1]! });
        [x0, y0] = [v[0]!, v[1]!];
      } else if (type === 'Q') {
        const [qx, qy, x, y] = v as [number, number, number, number];
        const two = 2 / 3;
        commands.push({
          op: 'c',
          v: [x0 + two * (qx - x0), y0 + two * (qy - y0), x + two * (qx - x), y + two * (qy - y), x, y],
        });
        [x0, y0] = [x, y];
      } else if (type === 'C') {
        commands.push({ op: 'c', v });
        [x0, y0] = [v[4]!, v[5]!];
      } else if (type === 'Z') commands.push({ op: 'h' });
    }
    this.outlines.set(gid, commands);
    return commands;
  }
}

/** Each font opened once per process (a few milliseconds each), only when a text needs it. */
const fonts = new Map<string, ShapingFont>();
function fontOf(key: FontKey, weight: ShapedWeight): ShapingFont {
  const id = `${key}-${weight}`;
  let font = fonts.get(id);
  if (!font) {
    font = new ShapingFont(key, fontFile(key, weight));
    fonts.set(id, font);
  }
  return font;
}

/** A glyph placed in its word: x and y in ems from the word's origin on the baseline, y up. */
interface PlacedGlyph {
  font: ShapingFont;
  gid: number;
  /** Where in the word (UTF-16 offset) the characters it draws begin: HarfBuzz's cluster. */
  cluster: number;
  x: number;
  y: number;
}

interface ShapedWord {
  glyphs: PlacedGlyph[];
  /** The word's width in ems. */
  advance: number;
  ascender: number;
  descender: number;
}

/**
 * The word's runs of one font each: a character of an Indian script takes its script's font, a Latin letter the
 * Latin subset; a digit, a sign or a joiner (ZWJ, ZWNJ) stays in the font before it when that font has it (a
 * conjunct's joiner must be shaped with its letters), else the next letter's font, else the Latin subsets.
 */
function fontRuns(word: string, weight: ShapedWeight): { font: ShapingFont; start: number; end: number }[] {
  const chars: { codePoint: number; start: number; end: number; font?: ShapingFont }[] = [];
  for (let i = 0; i < word.length;) {
    const codePoint = word.codePointAt(i)!;
    const end = i + (codePoint > 0xffff ? 2 : 1);
    const char = String.fromCodePoint(codePoint);
    const script = SCRIPT_OF.find(([, pattern]) => pattern.test(char))?.[0];
    let font: ShapingFont | undefined;
    if (script) font = fontOf(script, weight);
    else if (LATIN.test(char)) {
      const latin = fontOf('latin', weight);
      font = latin.covers(codePoint) ? latin : fontOf('latin-ext', weight);
    }
    chars.push({ codePoint, start: i, end, font });
    i = end;
  }
  chars.forEach((char, i) => {
    if (char.font) return;
    const before = chars[i - 1]?.font;
    const after = chars.slice(i + 1).find((next) => next.font)?.font;
    const opened = [...fonts.values()].filter((font) => font.key !== 'latin' && font.key !== 'latin-ext');
    const candidates = [before, after, ...FALLBACK.map((key) => fontOf(key, weight)), ...opened];
    char.font = candidates.find((font) => font?.covers(char.codePoint)) ?? fontOf('latin', weight);
  });
  const runs: { font: ShapingFont; start: number; end: number }[] = [];
  for (const char of chars) {
    const last = runs.at(-1);
    if (last && last.font === char.font) last.end = char.end;
    else runs.push({ font: char.font!, start: char.start, end: char.end });
  }
  return runs;
}

/** One buffer for every shaping call: the process shapes one word at a time. */
let buffer: hb.Buffer | undefined;

function shapeWord(word: string, weight: ShapedWeight, lang: string | undefined): ShapedWord {
  const shaped: ShapedWord = { glyphs: [], advance: 0, ascender: 0, descender: 0 };
  for (const run of fontRuns(word, weight)) {
    buffer ??= new hb.Buffer();
    buffer.reset();
    // The language picks a script's local forms: Marathi's ल and श differ from Hindi's (as Chromium's lang does).
    if (lang) buffer.setLanguage(lang);
    // The whole word goes in and the run is the item: HarfBuzz sees the letters around it.
    buffer.addText(word, run.start, run.end - run.start);
    buffer.guessSegmentProperties();
    hb.shape(run.font.hb, buffer);
    const positions = buffer.getGlyphPositions();
    const { unit } = run.font;
    buffer.getGlyphInfos().forEach((info, i) => {
      const position = positions[i]!;
      shaped.glyphs.push({
        font: run.font,
        gid: info.codepoint,
        cluster: info.cluster,
        x: shaped.advance + position.xOffset * unit,
        y: position.yOffset * unit,
      });
      shaped.advance += position.xAdvance * unit;
    });
    shaped.ascender = Math.max(shaped.ascender, run.font.ascender);
    shaped.descender = Math.max(shaped.descender, run.font.descender);
  }
  return shaped;
}

/** Shaped words by weight, language and text; emptied when large, so odd texts do not pile up in a long-lived server. */
const words = new Map<string, ShapedWord>();
const WORD_CACHE_LIMIT = 5000;
function cachedWord(word: string, weight: ShapedWeight, lang: string | undefined): ShapedWord {
  const key = `${weight}|${lang ?? ''}|${word}`;
  let shaped = words.get(key);
  if (!shaped) {
    if (words.size >= WORD_CACHE_LIMIT) words.clear();
    shaped = shapeWord(word, weight, lang);
    words.set(key, shaped);
  }
  return shaped;
}

export interface ShapeOptions {
  weight?: ShapedWeight;
  /** The text's language (BCP 47, 'mr'): HarfBuzz applies the language's forms where the font has them. */
  lang?: string;
}

/** The glyphs HarfBuzz gives for a text (words shaped apart, at their places): what the tests check. */
export function shapeText(
  text: string,
  { weight = 400, lang }: ShapeOptions = {},
): { gid: number; cluster: number; font: FontKey }[] {
  const glyphs: { gid: number; cluster: number; font: FontKey }[] = [];
  let offset = 0;
  for (const word of text.split(' ')) {
    for (const glyph of cachedWord(word, weight, lang).glyphs)
      glyphs.push({ gid: glyph.gid, cluster: offset + glyph.cluster, font: glyph.font.key });
    offset += word.length + 1;
  }
  return glyphs;
}

export interface ShapedLayoutOptions extends ShapeOptions {
  /** The width lines wrap at, in points; a word longer than a line overflows it. */
  width: number;
  /** The font size in points. */
  size: number;
  /** Extra space between lines, in points. */
  lineGap?: number;
  /** The most height the text may take: the lines past it are left out and the last one kept ends in "…". */
  maxHeight?: number;
}

export interface ShapedTextOptions extends ShapedLayoutOptions {
  /** The top left of the text box, in points. */
  x: number;
  y: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** A link over each line (pdfkit's link annotation), as doc.text's `link`. */
  link?: string;
  underline?: boolean;
}

interface Line {
  width: number;
  words: { word: ShapedWord; x: number }[];
}

interface Layout {
  lines: Line[];
  ascender: number;
  lineHeight: number;
  height: number;
}

/**
 * The text's lines: broken at spaces where the next word would pass `width` (a line break in the text starts a new
 * line). The line height is the fonts' own (ascender and descender of every font the text uses, as a browser's
 * `line-height: normal`), plus `lineGap`.
 */
function layoutText(text: string, options: ShapedLayoutOptions): Layout {
  const { width, size, lineGap = 0, weight = 400, lang } = options;
  const space = cachedWord(' ', weight, lang).advance * size;
  const lines: Line[] = [];
  let [ascender, descender] = [0, 0];
  for (const paragraph of text.split('\n')) {
    let line: Line = { width: 0, words: [] };
    let pending = 0; // the spaces before the next word
    for (const part of paragraph.split(' ')) {
      if (part === '') {
        pending += space;
        continue;
      }
      const word = cachedWord(part, weight, lang);
      ascender = Math.max(ascender, word.ascender);
      descender = Math.max(descender, word.descender);
      const wordWidth = word.advance * size;
      if (line.words.length > 0 && line.width + pending + space + wordWidth > width + 0.01) {
        lines.push(line);
        line = { width: 0, words: [] };
        pending = 0;
      } else if (line.words.length > 0) pending += space;
      line.words.push({ word, x: line.width + pending });
      line.width += pending + wordWidth;
      pending = 0;
    }
    lines.push(line);
  }
  if (ascender === 0) ({ ascender, descender } = cachedWord('x', weight, lang));
  const lineHeight = (ascender + descender) * size;
  const fitting =
    options.maxHeight === undefined ? lines.length : Math.floor((options.maxHeight + lineGap) / (lineHeight + lineGap));
  if (fitting < lines.length) {
    lines.length = Math.max(0, fitting);
    const last = lines.at(-1);
    if (last) {
      const ellipsis = cachedWord('…', weight, lang);
      last.words.push({ word: ellipsis, x: last.width + space });
      last.width += space + ellipsis.advance * size;
    }
  }
  const height = lines.length === 0 ? 0 : lines.length * lineHeight + (lines.length - 1) * lineGap;
  return { lines, ascender: ascender * size, lineHeight, height };
}

/** How much room a text takes: its widest line and its height, in points, and its number of lines. */
export function measureShapedText(
  text: string,
  options: ShapedLayoutOptions,
): { width: number; height: number; lines: number } {
  const layout = layoutText(text, options);
  return {
    width: Math.max(0, ...layout.lines.map((line) => line.width)),
    height: layout.height,
    lines: layout.lines.length,
  };
}

/** A coordinate in a content stream: a hundredth of a point is finer than any printer. */
const n = (value: number) => String(Math.round(value * 100) / 100);

/**
 * Draws the text at (x, y), its top left, wrapped at `width`, as filled outlines in `color` (one path for the whole
 * text), and answers the height it used.
 */
export function drawShapedText(doc: PDFKit.PDFDocument, text: string, options: ShapedTextOptions): number {
  const { x, y, size, lineGap = 0, color = '#000000', align = 'left', width } = options;
  const layout = layoutText(text, options);
  const ops: string[] = [];
  layout.lines.forEach((line, i) => {
    const top = y + i * (layout.lineHeight + lineGap);
    const baseline = top + layout.ascender;
    const left = x + (align === 'center' ? (width - line.width) / 2 : align === 'right' ? width - line.width : 0);
    if (options.link) doc.link(left, top, line.width, layout.lineHeight, options.link);
    if (options.underline) {
      // Where a font's underline sits: a tenth of the size under the baseline, a twentieth thick.
      const thickness = size / 20;
      ops.push(`${n(left)} ${n(baseline + size / 10)} ${n(line.width)} ${n(thickness)} re`);
    }
    for (const { word, x: wordX } of line.words)
      for (const glyph of word.glyphs) {
        const ox = left + wordX + glyph.x * size;
        const oy = baseline - glyph.y * size;
        const k = glyph.font.unit * size;
        for (const command of glyph.font.outline(glyph.gid)) {
          if (command.op === 'h') ops.push('h');
          else if (command.op === 'c') {
            const v = command.v;
            ops.push(
              `${n(ox + v[0]! * k)} ${n(oy - v[1]! * k)} ${n(ox + v[2]! * k)} ${n(oy - v[3]! * k)} ${n(ox + v[4]! * k)} ${n(oy - v[5]! * k)} c`,
            );
          } else ops.push(`${n(ox + command.x * k)} ${n(oy - command.y * k)} ${command.op}`);
        }
      }
  });
  if (ops.length > 0) {
    doc.save().fillColor(color);
    doc.addContent(ops.join('\n'));
    doc.fill().restore();
  }
  return layout.height;
}
