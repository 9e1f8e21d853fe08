import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeHtml, scriptFontCss } from '../../src/server/modules/reminders/guest-pages.html';
import { startOfDayIn, vouchersTokenLastDay } from '../../src/server/modules/reminders/vouchers-token';

/** The pages a guest's message links to (docs/PRODUCT.md "Reminders"): their words and the vouchers token's life. */
describe('guest link pages', () => {
  it('escape what they show', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe("the vouchers link's life (guest_token)", () => {
  it('runs to the end of the day after the latest voucher expiry, at most check-out + 30 days, at least tomorrow', () => {
    const today = '2026-11-26';
    expect(vouchersTokenLastDay('2026-11-28', ['2026-12-05', '2026-12-10'], today)).toBe('2026-12-11');
    expect(vouchersTokenLastDay('2026-11-28', ['2027-06-30'], today)).toBe('2026-12-28');
    expect(vouchersTokenLastDay('2026-11-26', ['2026-11-20'], today)).toBe('2026-11-27');
    expect(vouchersTokenLastDay('2026-11-28', [], today)).toBe('2026-11-29');
  });

  it('ends at midnight business time', () => {
    expect(startOfDayIn('2026-12-12', 'Asia/Kolkata').toISOString()).toBe('2026-12-11T18:30:00.000Z');
    expect(startOfDayIn('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDayIn('2026-01-15', 'UTC').toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });
});

describe("the link pages' script fonts", () => {
  it("are the built app's StayPerks Scripts faces, found in its CSS, and none without a built app", () => {
    const webDir = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(webDir, 'assets'));
    const tamil =
      '@font-face{font-family:StayPerks Scripts;font-weight:400;src:url(/assets/noto-sans-tamil-tamil-400-normal-x.woff2)format("woff2");unicode-range:U+B82-BFA}';
    const other = '@font-face{font-family:Other;src:url(/assets/o.woff2)}';
    writeFileSync(join(webDir, 'assets', 'index-abc.css'), `body{margin:0}${tamil}${other}`);
    writeFileSync(join(webDir, 'assets', 'index-abc.js'), tamil);
    expect(scriptFontCss(webDir)).toBe(tamil);
    expect(scriptFontCss(undefined)).toBe('');
    expect(scriptFontCss(join(webDir, 'missing'))).toBe('');
  });
});
