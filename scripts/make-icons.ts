/**
 * Renders manifest/icon.svg to the PNG icons the manifest lists, in Debian's Chromium.
 * Run once after changing the icon: npx tsx scripts/make-icons.ts (the PNGs are committed).
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync(new URL('../manifest/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();

async function render(size: number, file: string, maskable: boolean) {
  await page.setViewportSize({ width: size, height: size });
  // Maskable icons keep the mark inside the central 80 % safe zone on a full-bleed background.
  const inner = maskable ? Math.round(size * 0.7) : size;
  await page.setContent(
    `<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#0e7490' : 'transparent'}">
      <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
  );
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: !maskable });
}

await render(192, 'icon-192.png', false);
await render(512, 'icon-512.png', false);
await render(512, 'maskable-512.png', true);
await browser.close();
console.log('icons written to public/icons');
