import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/server/modules/reminders/guest-pages.html';
import { GUEST_PAGE_TEXTS } from '../../src/server/modules/reminders/guest-pages.texts';
import { startOfDayIn, vouchersTokenLastDay } from '../../src/server/modules/reminders/vouchers-token';
import { GUEST_LANGUAGES } from '../../src/shared/guest-languages';

/** The pages a guest's message links to (docs/PRODUCT.md "Reminders"): their words and the vouchers token's life. */
describe('guest link pages', () => {
  it('have every text in every language, of the same kind (a function takes the same arguments)', () => {
    const english = GUEST_PAGE_TEXTS.en;
    for (const lang of GUEST_LANGUAGES) {
      const texts = GUEST_PAGE_TEXTS[lang];
      expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(texts)) {
        const en = english[key as keyof typeof english];
        expect(typeof value, `${lang}.${key}`).toBe(typeof en);
        if (typeof value === 'function' && typeof en === 'function')
          expect(value.length, `${lang}.${key}`).toBe(en.length);
        else if (key !== 'lang' && lang !== 'en') expect(value, `${lang}.${key} is translated`).not.toBe(en);
      }
      expect(texts.lang).toBe(lang);
    }
  });

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
