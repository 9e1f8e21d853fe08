/**
 * The guest page's first screen as HTML, written into the build's scan.html (vite.config.ts `guestFirstScreen`) and
 * sent for /scan/<hotelId> (src/server/platform/static.ts): a phone on a slow network shows "Enter Your Details"
 * once the HTML and the stylesheet have arrived, instead of after the app's script has downloaded and run
 * (docs/DEVELOPING.md "Guest page first load"). Rendered at build time from the same components as the app's details
 * step, in English, with no hotel yet ("Your hotel"), as the app's own first render on a first visit shows it; the
 * app takes over in first-screen.ts. Never part of the browser bundle (react-dom/server).
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { DetailsStep } from './components/DetailsStep';
import { HotelHeader } from './components/HotelHeader';
import { draftKey, NO_DETAILS } from './draft';
import { FIRST_SCREEN_ID } from './first-screen';

const noop = () => {};

/**
 * The first screen's markup, then a one-line script: a reload of a page this tab already has a draft of (typed
 * details, a picking step: draft.ts) drops it, so the app's own screen, not an empty form, is the first one shown;
 * otherwise a tap on Continue is noted, and the app goes on with it when it takes over (first-screen.ts). Its hash is
 * allowed by the page's Content-Security-Policy (static.ts, docs/SECURITY.md "Content-Security-Policy").
 */
export function renderFirstScreen(): string {
  // DetailsStep's privacy link needs a router to draw its href; no route is loaded.
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });
  const markup = renderToStaticMarkup(
    <RouterContextProvider router={router}>
      <div className="guest">
        <HotelHeader hotel={undefined} />
        <main className="guest-main">
          {/* No date bounds: the day it is built is not the guest's today; the app sets them. */}
          <DetailsStep details={NO_DETAILS} busy={false} topCategories={[]} onChange={noop} onSubmit={noop} />
        </main>
      </div>
    </RouterContextProvider>,
  );
  // A tap on Continue before the app runs submits nothing: a form of method "dialog" outside a dialog does not
  // navigate (the default GET would reload the page, losing what was typed, on the slowest network).
  const form = '<form class="guest-card form"';
  if (markup.split(form).length !== 2) throw new Error('The details step no longer has one guest-card form');
  const screen = markup.replace(form, `${form} method="dialog"`);
  const key = JSON.stringify(draftKey(''));
  const script =
    `try{var s=document.getElementById("${FIRST_SCREEN_ID}");` +
    `if(sessionStorage.getItem(${key}+location.pathname.split("/")[2]))s.remove();` +
    `else s.querySelector("form").addEventListener("submit",function(){s.dataset.submitted="1"})}catch(e){}`;
  return `<div id="${FIRST_SCREEN_ID}">${screen}</div><script>${script}</script>`;
}

/** Where the page's HTML names its hotel: the server puts the hotel id of the address in (static.ts). */
export const HOTEL_ID_SLOT = '%HOTEL_ID%';

/**
 * Preloads of the four reads the guest page makes first (features/guest/api.ts: the hotel, its offers, the merchant
 * types, the config), at the same addresses, so they arrive while the app's script is still downloading instead of
 * a round trip after it has run. `crossorigin`: a preload matches a fetch() only in the same credentials mode.
 */
export function renderFirstReads(): string {
  return [`/api/hotels/${HOTEL_ID_SLOT}`, `/api/offers?hotel_id=${HOTEL_ID_SLOT}`, '/api/merchant-types', '/api/config']
    .map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`)
    .join('');
}
