import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { LINK_GUEST_ACTOR } from '../../../shared/audit-actions';
import { todayIn } from '../../../shared/dates';
import { isGuestLanguage } from '../../../shared/guest-languages';
import { GuestLinkParams } from '../../../shared/schemas/guest-links';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../platform/context';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { answersFile, describeHandler } from '../../platform/openapi/describe';
import { presentCoupon } from '../coupons/coupons.presenter';
import { listScanCoupons } from '../coupons/coupons.service';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';
import { guestLinkUrl, readGuestLink, signGuestLink, type GuestLinkPurpose } from './guest-links';
import { expiredPage, notValidPage, optOutPage, scriptFontCss, vouchersPage, type GuestPage } from './guest-pages.html';
import { optOutOfMessages } from './opt-out.service';

/** The opt-out link on the vouchers view outlives the view's own link by this long (as the messages' links do). */
const OPT_OUT_EXTRA_MS = 30 * 86_400_000;

/** The stay a link names, with what its pages show: never the number. */
async function stayOf(db: Db, scanId: string) {
  const [scan] = await db
    .select({
      name: customerScans.customerName,
      language: customerScans.language,
      optIn: customerScans.remindersOptIn,
      optedOutAt: customerScans.remindersOptedOutAt,
      anonymisedAt: customerScans.anonymisedAt,
      hotelId: hotels.id,
      hotelName: hotels.name,
    })
    .from(customerScans)
    .innerJoin(hotels, eq(hotels.id, customerScans.hotelId))
    .where(eq(customerScans.id, scanId));
  return scan && { ...scan, language: isGuestLanguage(scan.language) ? scan.language : 'en' };
}

/**
 * The pages a guest's message links to (docs/PRODUCT.md "Reminders"), outside /api and before the web app
 * (platform/app.ts): `GET /v/<token>`, the stay's vouchers; `GET /o/<token>`, the Stop messages button, and
 * `POST /o/<token>`, which stops them. Server-written HTML without script, in the language the guest claimed in. A
 * link is its own proof (modules/reminders/guest-links.ts): altered or cut, 404; past its expiry, 410 with the way
 * back to the vouchers (the hotel's page, "Show my vouchers"). A GET never changes anything: WhatsApp and other link
 * previewers fetch links as they are sent. Each answer is `no-store`, sends no Referer (the token is in the address)
 * and asks search engines to keep out. No rate limit: a forged token is refused by its signature before any read.
 */
export function guestPageRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const fontCss = scriptFontCss(deps.webDir);
  const send = (c: Context<AppEnv>, status: 200 | 404 | 410, page: GuestPage) => {
    c.header('Content-Security-Policy', page.csp);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return c.html(page.html, status);
  };
  // The token's shape, by the shared schema: anything else is a link that was cut or altered.
  const linkParam = describeHandler(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!v.is(GuestLinkParams, c.req.param()))
        return send(c, 404, notValidPage(fontCss, c.req.header('Accept-Language')));
      await next();
    }),
    { kind: 'validate', target: 'param', schema: GuestLinkParams },
  );
  /** The link's stay, or the page that says why not (404 altered, 410 expired or erased). */
  const open = async (c: Context<AppEnv>, purpose: GuestLinkPurpose) => {
    const link = readGuestLink(deps.jwtSecret, purpose, c.req.param('token') ?? '');
    if (!link.ok && link.reason === 'invalid')
      return { page: send(c, 404, notValidPage(fontCss, c.req.header('Accept-Language'))) };
    const stay = await stayOf(db, link.scanId);
    if (!stay) return { page: send(c, 404, notValidPage(fontCss, c.req.header('Accept-Language'))) };
    if (!link.ok) return { page: send(c, 410, expiredPage(stay.language, hotelOf(stay), fontCss)) };
    return { link, stay };
  };
  const hotelOf = (stay: { hotelId: string; hotelName: string }) => ({ id: stay.hotelId, name: stay.hotelName });
  const html = (description: string, status = 200) => answersFile('text/html', { status, description });

  return new Hono<AppEnv>()
    .get('/v/:token', html("The stay's vouchers"), linkParam, async (c) => {
      const opened = await open(c, 'vouchers');
      if ('page' in opened) return opened.page;
      const { link, stay } = opened;
      // An erased stay has nothing left to show: as if the link had run out.
      if (stay.anonymisedAt) return send(c, 410, expiredPage(stay.language, hotelOf(stay), fontCss));
      const coupons = await listScanCoupons(db, link.scanId);
      const optOut =
        stay.optIn && !stay.optedOutAt
          ? guestLinkUrl(
              '',
              'opt_out',
              signGuestLink(
                deps.jwtSecret,
                'opt_out',
                link.scanId,
                new Date(link.expiresAt.getTime() + OPT_OUT_EXTRA_MS),
              ),
            )
          : undefined;
      return send(
        c,
        200,
        vouchersPage({
          language: stay.language,
          firstName: stay.name.trim().split(/\s+/)[0] ?? '',
          hotelName: stay.hotelName,
          coupons: coupons.map(presentCoupon),
          today: todayIn(config.timeZone),
          timeZone: config.timeZone,
          optOutPath: optOut,
          fontCss,
        }),
      );
    })
    .get('/o/:token', html('The Stop messages button, or that they are stopped'), linkParam, async (c) => {
      const opened = await open(c, 'opt_out');
      if ('page' in opened) return opened.page;
      const { stay } = opened;
      const state = stay.optedOutAt || stay.anonymisedAt ? 'done' : 'ask';
      return send(c, 200, optOutPage({ language: stay.language, hotelName: stay.hotelName, state, fontCss }));
    })
    .post('/o/:token', html('Messages about the stay stopped'), linkParam, async (c) => {
      const opened = await open(c, 'opt_out');
      if ('page' in opened) return opened.page;
      const { link, stay } = opened;
      await optOutOfMessages(db, link.scanId, {
        actor: { id: null, username: LINK_GUEST_ACTOR },
        address: clientAddress(c, config.trustProxy),
      });
      return send(c, 200, optOutPage({ language: stay.language, hotelName: stay.hotelName, state: 'done', fontCss }));
    });
}
