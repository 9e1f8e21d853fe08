import type { GuestDetails } from './types';

/**
 * What the guest typed and picked, kept in sessionStorage so a reload (or a dropped connection) loses nothing.
 * The idempotency key lives here too: a retry after a lost answer reuses it and gets the same vouchers.
 */
export interface Draft {
  details: GuestDetails;
  selected: string[];
  idempotencyKey: string;
  /** The picking step the guest was on (and its category), so a reload opens it again. */
  at?: { step: 'categories' | 'offers'; categoryId: number | null };
  /** The number proven by a code for this claim (docs/PRODUCT.md "Guest trust"), good for 30 minutes. */
  verification?: { mobile: string; token: string };
}

/** The sessionStorage key of a hotel's draft (also written by scripts/bench-lighthouse.ts to open the offers step). */
export const draftKey = (hotelId: string) => `stayperks-draft:${hotelId}`;

/** Nothing typed or ticked yet: every box unticked for the guest (docs/PRIVACY.md). */
export const NO_DETAILS: GuestDetails = {
  customer_name: '',
  mobile_number: '',
  checkout_date: '',
  consent: false,
  reminders_opt_in: false,
  marketing_opt_in: false,
};

export function loadDraft(hotelId: string): Draft {
  try {
    const raw = sessionStorage.getItem(draftKey(hotelId));
    if (raw) return JSON.parse(raw) as Draft;
  } catch {
    // unreadable: start fresh
  }
  return {
    details: { ...NO_DETAILS },
    selected: [],
    idempotencyKey: crypto.randomUUID(),
  };
}

export function saveDraft(hotelId: string, draft: Draft): void {
  try {
    sessionStorage.setItem(draftKey(hotelId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: keep going in memory
  }
}

export function clearDraft(hotelId: string): void {
  sessionStorage.removeItem(draftKey(hotelId));
}
