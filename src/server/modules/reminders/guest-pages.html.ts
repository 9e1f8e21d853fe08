import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDate } from '../../../shared/format';
import { LANGUAGE_LOCALES, pickGuestLanguage, type GuestLanguage } from '../../../shared/guest-languages';
import { voucherState } from '../../../shared/voucher-state';
import type { CouponView } from '../coupons/coupons.presenter';
import { GUEST_TEXTS, type GuestTexts } from '../../platform/guest-texts';

type GuestPageTexts = GuestTexts['pages'];

/**
 * The HTML of the pages a guest's message links to (docs/PRODUCT.md "Reminders"): written by the server, without
 * JavaScript, so they open on any phone, however old its browser, and at once on a slow network. Every value is
 * escaped; the one stylesheet is inline and allowed by its hash, so the policy allows nothing else
 * (docs/SECURITY.md "Content-Security-Policy").
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const STYLE = `
:root{--brand:#0e7490;--brand-dark:#155e75;--ink:#0f172a;--muted:#64748b;--line:#e2e8f0}
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:var(--ink);font:16px/1.5 'StayPerks Scripts',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
header{background:linear-gradient(135deg,var(--brand-dark),var(--brand) 60%,#0891b2);color:#fff;padding:1.25rem 1rem 1.5rem}
header>*{max-width:528px;margin:0 auto}
.brand{font-size:.8rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;opacity:.85}
header h1{font-size:1.6rem;line-height:1.25;margin-top:.35rem}
.intro{margin-top:.35rem;opacity:.95}
main{max-width:560px;margin:0 auto;padding:1rem}
ul{list-style:none;margin:0;padding:0}
.voucher{background:#fff;border:1px solid var(--line);border-radius:16px;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.merchant{font-weight:700;font-size:1.1rem;margin:0}
.type{display:block;color:var(--muted);font-size:.85rem;font-weight:400}
.value{color:var(--brand-dark);font-size:1.5rem;font-weight:800;margin:.35rem 0 0}
.shop{color:var(--muted);font-size:.8rem;margin:.1rem 0 0}
.offer{margin:0 0 .6rem}
.codebox{background:#f0f9ff;border-radius:12px;padding:.6rem;text-align:center}
.label{display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
.code{display:block;font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;font-size:2.1rem;font-weight:800;letter-spacing:.18em;word-break:break-all}
.valid{margin:.6rem 0 0;color:var(--muted);font-size:.95rem}
.state{display:inline-block;margin:.4rem 0 0;padding:.1rem .6rem;border-radius:999px;font-size:.85rem;font-weight:700;background:#dcfce7;color:#166534}
.used .state{background:#e2e8f0;color:#334155}
.expired .state{background:#fee2e2;color:#991b1b}
.used .code,.expired .code{color:var(--muted);text-decoration:line-through}
.place{margin-top:.6rem;font-size:.95rem;color:#334155}
.place li{padding:.15rem 0}
a{color:var(--brand-dark)}
.card{background:#fff;border:1px solid var(--line);border-radius:16px;padding:1.25rem;margin:0 0 1rem}
.card h2{font-size:1.25rem;margin:0 0 .5rem}
.card p{margin:.5rem 0}
.btn{display:block;width:100%;min-height:48px;margin-top:1rem;padding:.75rem 1rem;border:0;border-radius:12px;background:var(--brand);color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
.btn:focus-visible{outline:3px solid #67e8f9;outline-offset:2px}
.foot{text-align:center;font-size:.9rem;color:var(--muted);margin:1.5rem 0}
`;

/**
 * The app's own script faces (docs/DEVELOPING.md "Fonts for other scripts"), when the server has the built web app:
 * the @font-face rules of src/web/fonts/scripts.css as the build wrote them (hashed /assets files, each script's
 * unicode-range, local() first), so a phone downloads a script's file only when that script is on screen. None
 * without a built app (API tests): the system's fonts then.
 */
export function scriptFontCss(webDir: string | undefined): string {
  if (!webDir) return '';
  const faces = new Set<string>();
  try {
    for (const name of readdirSync(join(webDir, 'assets')).filter((file) => file.endsWith('.css')))
      for (const [face] of readFileSync(join(webDir, 'assets', name), 'utf8').matchAll(/@font-face\s*\{[^}]*\}/g))
        if (/font-family:\s*['"]?StayPerks Scripts/.test(face)) faces.add(face);
  } catch {
    return '';
  }
  return [...faces].join('\n');
}

const styleHashes = new Map<string, string>();
const hashOf = (css: string) => {
  let hash = styleHashes.get(css);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    styleHashes.set(css, hash);
  }
  return hash;
};

export interface GuestPage {
  html: string;
  /** The page's own policy: its stylesheet by hash, the app's fonts, its form posting to itself; nothing else. */
  csp: string;
}

/** A page; `lang` is its language, or the first of several (each card says its own). */
function page(lang: string, title: string, body: string, fontCss: string): GuestPage {
  const css = `${fontCss}${STYLE}`;
  return {
    html:
      `<!doctype html><html lang="${lang.split(' ')[0]}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">` +
      `<title>${escapeHtml(title)} · StayPerks</title><style>${css}</style></head><body>${body}</body></html>`,
    csp: [
      "default-src 'none'",
      `style-src ${hashOf(css)}`,
      "font-src 'self'",
      "img-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

const header = (title: string, intro?: string) =>
  `<header><p class="brand">StayPerks</p><h1>${escapeHtml(title)}</h1>` +
  (intro ? `<p class="intro">${escapeHtml(intro)}</p>` : '') +
  `</header>`;

/** A calendar date ('2026-11-30') or an instant, as the guest page shows dates: "30 Nov 2026", or the language's. */
function shownDate(lang: GuestLanguage, value: string, timeZone: string): string {
  if (lang === 'en') return formatDate(value, timeZone);
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: calendar ? 'UTC' : timeZone,
  }).format(new Date(calendar ? `${value}T00:00:00Z` : value));
}

function offerValue(t: GuestPageTexts, lang: GuestLanguage, coupon: CouponView): string {
  const value = coupon.offer.offer_value;
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
  return coupon.offer.offer_type === 'percentage' ? t.percentOff(number) : t.rupeesOff(number);
}

/** In any language but English, the value in English too, for the merchant (docs/PRODUCT.md "Languages"). */
function valueForTheShop(lang: GuestLanguage, coupon: CouponView): string {
  if (lang === 'en') return '';
  const label = GUEST_TEXTS[lang].voucher.forTheShop;
  const english = offerValue(GUEST_TEXTS.en.pages, 'en', coupon);
  return `<p class="shop">${escapeHtml(label)}: <span lang="en">${escapeHtml(english)}</span></p>`;
}

function voucherItem(t: GuestPageTexts, lang: GuestLanguage, coupon: CouponView, today: string, timeZone: string) {
  // Cancelled vouchers are not listed (their guest was erased): the page shows the other three states.
  const shown = voucherState(
    { isRedeemed: coupon.is_redeemed, cancelled: false, validityTo: coupon.offer.validity_to },
    today,
  );
  const state =
    shown === 'redeemed'
      ? { css: 'used', text: t.redeemed(coupon.redeemed_at ? shownDate(lang, coupon.redeemed_at, timeZone) : '') }
      : shown === 'expired'
        ? { css: 'expired', text: t.expired }
        : { css: 'usable', text: t.usable };
  const place = coupon.merchant;
  const phone = place.store_contact_number;
  const hours =
    coupon.offer.opening_hours && coupon.offer.closing_hours
      ? `<li>${escapeHtml(t.hours(coupon.offer.opening_hours, coupon.offer.closing_hours))}</li>`
      : '';
  return (
    `<li class="voucher ${state.css}">` +
    `<p class="merchant">${escapeHtml(place.name)}<span class="type">${escapeHtml(place.merchant_type)}</span></p>` +
    `<p class="value">${escapeHtml(offerValue(t, lang, coupon))}</p>` +
    valueForTheShop(lang, coupon) +
    `<p class="offer">${escapeHtml(coupon.offer.offer_name)}</p>` +
    `<div class="codebox"><span class="label">${escapeHtml(t.code)}</span>` +
    `<span class="code">${escapeHtml(coupon.coupon_code)}</span></div>` +
    `<p class="valid">${escapeHtml(t.validUntil(shownDate(lang, coupon.offer.validity_to, timeZone)))}</p>` +
    `<p class="state">${escapeHtml(state.text)}</p>` +
    `<ul class="place"><li>${escapeHtml(place.address)}</li>` +
    `<li><a href="${escapeHtml(place.map_link)}" rel="noopener noreferrer">${escapeHtml(t.map)}</a></li>` +
    (phone
      ? `<li><a href="tel:${escapeHtml(phone.replace(/[^\d+]/g, ''))}">${escapeHtml(t.call(phone))}</a></li>`
      : '') +
    hours +
    `</ul></li>`
  );
}

export interface VouchersPageData {
  language: GuestLanguage;
  firstName: string;
  hotelName: string;
  /** The stay's vouchers, cancelled ones left out. */
  coupons: CouponView[];
  today: string;
  timeZone: string;
  /** The stay's opt-out link, while messages may still come (reminders asked for and not stopped). */
  optOutPath?: string;
  fontCss: string;
}

/** `/v/<token>`: the stay's vouchers; never the number. */
export function vouchersPage(data: VouchersPageData): GuestPage {
  const t = GUEST_TEXTS[data.language].pages;
  const list = data.coupons.length
    ? `<ul>${data.coupons.map((coupon) => voucherItem(t, data.language, coupon, data.today, data.timeZone)).join('')}` +
      `</ul>`
    : `<div class="card"><p>${escapeHtml(t.noVouchers)}</p></div>`;
  const stop = data.optOutPath
    ? `<p class="foot"><a href="${escapeHtml(data.optOutPath)}">${escapeHtml(t.stopLink)}</a></p>`
    : '';
  return page(
    data.language,
    t.vouchersTitle,
    `${header(t.greeting(data.firstName), t.fromStay(data.hotelName))}<main>${list}${stop}</main>`,
    data.fontCss,
  );
}

/** 410: the link has run out; the hotel's page brings the vouchers back ("Show my vouchers"). */
export function expiredPage(language: GuestLanguage, hotel: { id: string; name: string } | undefined, fontCss: string) {
  const t = GUEST_TEXTS[language].pages;
  const open = hotel
    ? `<a class="btn" href="/scan/${escapeHtml(hotel.id)}">${escapeHtml(t.openHotelPage(hotel.name))}</a>`
    : '';
  return page(
    language,
    t.expiredTitle,
    `${header(t.expiredTitle)}<main><div class="card"><p>${escapeHtml(t.expiredText)}</p>${open}</div></main>`,
    fontCss,
  );
}

/**
 * 404: an altered or cut link names no stay, so no language either: English, and the phone's first language we have
 * (Accept-Language) or else Hindi.
 */
export function notValidPage(fontCss: string, acceptLanguage = ''): GuestPage {
  const phone = pickGuestLanguage(
    null,
    acceptLanguage.split(',').map((part) => part.split(';')[0]!.trim()),
    'hi',
  );
  const languages: GuestLanguage[] = ['en', phone === 'en' ? 'hi' : phone];
  const cards = languages
    .map((lang) => {
      const t = GUEST_TEXTS[lang].pages;
      const title = `<h2>${escapeHtml(t.notValidTitle)}</h2>`;
      return `<div class="card" lang="${lang}">${title}<p>${escapeHtml(t.notValidText)}</p></div>`;
    })
    .join('');
  return page(
    languages.join(' '),
    GUEST_TEXTS.en.pages.notValidTitle,
    `${header(GUEST_TEXTS.en.pages.notValidTitle)}<main>${cards}</main>`,
    fontCss,
  );
}

export interface OptOutPageData {
  language: GuestLanguage;
  hotelName: string;
  /** `ask`: the button (a GET changes nothing: link previewers fetch it); `done`: stopped. */
  state: 'ask' | 'done';
  fontCss: string;
}

/** `/o/<token>`: one button, a form POST to the same address; then the words that it is done. */
export function optOutPage(data: OptOutPageData): GuestPage {
  const t = GUEST_TEXTS[data.language].pages;
  const card =
    data.state === 'ask'
      ? `<div class="card"><p>${escapeHtml(t.stopText(data.hotelName))}</p>` +
        `<form method="post"><button class="btn" type="submit">${escapeHtml(t.stopButton)}</button></form></div>`
      : `<div class="card" role="status"><h2>${escapeHtml(t.stopped)}</h2><p>${escapeHtml(t.stoppedText)}</p></div>`;
  const title = data.state === 'ask' ? t.stopTitle : t.stoppedTitle;
  return page(data.language, title, `${header(title)}<main>${card}</main>`, data.fontCss);
}
