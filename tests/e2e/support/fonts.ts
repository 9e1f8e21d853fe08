import type { Locator, Page, Response } from '@playwright/test';

/** The script font files (src/web/fonts/scripts.css) a page fetches, as they arrive. */
export function scriptFontResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.woff2')) responses.push(response);
  });
  return responses;
}

/** A font file's name without its hash: 'noto-sans-devanagari-devanagari-700-normal'. */
export const fontName = (response: Response) =>
  new URL(response.url()).pathname
    .split('/')
    .pop()!
    .replace(/-[\w-]{8}\.woff2$/, '');

/**
 * The glyphs of an element's text (its own and its descendants') by the font that drew them, as Chromium reports
 * them (DevTools protocol): a web font's glyphs under its own name with `custom` set; a character no font has is
 * drawn as a box by a system font.
 */
export async function fontsDrawing(page: Page, element: Locator) {
  await element.evaluate((root) => {
    for (const node of [root, ...root.querySelectorAll('*')])
      if ([...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim()))
        node.setAttribute('data-font-probe', '');
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    await cdp.send('CSS.enable');
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-font-probe]' });
    const found = new Map<string, { family: string; custom: boolean; glyphs: number }>();
    for (const nodeId of nodeIds)
      for (const font of (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts) {
        const key = `${font.familyName}:${font.isCustomFont}`;
        const seen = found.get(key) ?? { family: font.familyName, custom: font.isCustomFont, glyphs: 0 };
        found.set(key, { ...seen, glyphs: seen.glyphs + font.glyphCount });
      }
    return [...found.values()];
  } finally {
    await cdp.detach();
    await page.evaluate(() => {
      for (const node of document.querySelectorAll('[data-font-probe]')) node.removeAttribute('data-font-probe');
    });
  }
}

/**
 * Whether every Devanagari glyph of the element is drawn by the shipped Noto Sans Devanagari: the system fonts draw
 * only its other characters (spaces, Latin, digits), so none is a box.
 */
export async function devanagariDrawnByWebFont(page: Page, element: Locator): Promise<boolean> {
  const text = await element.innerText();
  const others = [...text].filter((char) => !/[\u0900-\u097F]/.test(char)).length;
  const fonts = await fontsDrawing(page, element);
  const web = fonts.filter((font) => font.custom && font.family === 'Noto Sans Devanagari');
  const system = fonts.filter((font) => !font.custom).reduce((sum, font) => sum + font.glyphs, 0);
  return web.length > 0 && system <= others;
}
