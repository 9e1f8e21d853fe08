import type { GuestDetails } from './types';

/**
 * The guest page's first screen, sent in the HTML of /scan/<hotelId> before the app's script has run
 * (first-screen-markup.tsx, docs/DEVELOPING.md "Guest page first load"). The app's first render takes over from it:
 * what the guest already typed or ticked goes into the draft, and a tap on Continue there is made again
 * (`typedOnFirstScreen`, read while rendering), then the
 * markup is removed before the app's screen is painted and the focus moves to the same field (`replaceFirstScreen`,
 * in a layout effect), so the swap shows nothing but the hotel's details arriving.
 */
export const FIRST_SCREEN_ID = 'guest-first-screen';

const FIELDS = {
  customer_name: 'input[autocomplete="name"]',
  mobile_number: 'input[type="tel"]',
  checkout_date: 'input[type="date"]',
  consent: '#guest-consent',
  reminders_opt_in: '#guest-reminders',
  marketing_opt_in: '#guest-marketing',
} as const satisfies Record<keyof GuestDetails, string>;

const firstScreen = () => document.getElementById(FIRST_SCREEN_ID);

/**
 * What the guest entered on the first screen before the app ran (nothing when there is no first screen), and whether
 * they tapped Continue (its inline script notes it).
 */
export function typedOnFirstScreen(): { details: Partial<GuestDetails>; submitted: boolean } {
  const screen = firstScreen();
  const typed: Partial<GuestDetails> = {};
  if (!screen) return { details: typed, submitted: false };
  for (const [field, selector] of Object.entries(FIELDS) as [keyof GuestDetails, string][]) {
    const input = screen.querySelector<HTMLInputElement>(selector);
    if (!input) continue;
    if (input.type === 'checkbox') {
      if (input.checked) Object.assign(typed, { [field]: true });
    } else if (input.value) {
      Object.assign(typed, {
        [field]: field === 'mobile_number' ? input.value.replace(/\D/g, '').slice(0, 10) : input.value,
      });
    }
  }
  return { details: typed, submitted: screen.dataset.submitted === '1' };
}

/** Removes the first screen; a field that had the focus there gives it to the app's same field. */
export function replaceFirstScreen(): void {
  const screen = firstScreen();
  if (!screen) return;
  const focused = document.activeElement;
  const field = focused && screen.contains(focused) ? Object.values(FIELDS).find((s) => focused.matches(s)) : undefined;
  screen.remove();
  if (field) document.querySelector<HTMLInputElement>(`#root ${field}`)?.focus();
}
