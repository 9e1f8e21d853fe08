/**
 * The script fonts (scripts.css) a text needs, as @font-face rules with the files inlined. A card drawn as a PNG
 * (html-to-image: an SVG image, which sees none of the page's web fonts) would otherwise show Hindi as boxes on a
 * device without a Devanagari font. Loaded only with the PNG code.
 */
const FAMILY = 'StayPerks Scripts';

/** The code points of a unicode-range value as [first, last] pairs ("U+900-97F, U+20B9"; "U+4??" as U+400-4FF). */
export function parseUnicodeRange(value: string): [number, number][] {
  return value
    .split(',')
    .map((part) => /U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/i.exec(part.trim()))
    .filter((match) => match !== null)
    .map(([, first = '', last]) => [
      parseInt(first.replace(/\?/g, '0'), 16),
      parseInt(last ?? first.replace(/\?/g, 'f'), 16),
    ]);
}

function covers(ranges: [number, number][], text: string): boolean {
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (ranges.some(([first, last]) => point >= first && point <= last)) return true;
  }
  return false;
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the font'));
    reader.readAsDataURL(blob);
  });
}

async function inlined(rule: CSSFontFaceRule): Promise<string | undefined> {
  const style = rule.style;
  const url = /url\(["']?([^"')]+)["']?\)/.exec(style.getPropertyValue('src'))?.[1];
  if (!url) return undefined;
  // From the HTTP or service-worker cache when the page has drawn the script already, so this works offline.
  const response = await fetch(new URL(url, rule.parentStyleSheet?.href ?? location.href));
  if (!response.ok) return undefined;
  const src = await dataUrl(await response.blob());
  return `@font-face{font-family:'${FAMILY}';font-style:normal;font-weight:${style.getPropertyValue('font-weight')};src:url(${src}) format('woff2');unicode-range:${style.getPropertyValue('unicode-range')}}`;
}

/** The rules for the scripts in `text`, or '' (English: nothing fetched). A font that cannot be fetched is left out. */
export async function scriptFontCss(text: string): Promise<string> {
  const rules: CSSFontFaceRule[] = [];
  for (const sheet of Array.from(document.styleSheets))
    for (const rule of Array.from(sheet.cssRules))
      if (
        rule instanceof CSSFontFaceRule &&
        rule.style.getPropertyValue('font-family').replace(/["']/g, '') === FAMILY &&
        covers(parseUnicodeRange(rule.style.getPropertyValue('unicode-range')), text)
      )
        rules.push(rule);
  const css = await Promise.all(rules.map((rule) => inlined(rule).catch(() => undefined)));
  return css.filter(Boolean).join('\n');
}
