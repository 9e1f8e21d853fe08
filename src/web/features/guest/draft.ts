import type { GuestDetails } from './types';

/**
 * What the guest typed and picked, kept in sessionStorage so a reload (or a dropped connection) loses nothing.
 * The idempotency key lives here too: a retry after a lost answer reuses it and gets the same vouchers.
 */
export interface Draft {
  details: GuestDetails;
  selected: string[];
  idempotencyKey: string;
}

const key = (hotelId: string) => `stayperks-draft:${hotelId}`;

export function loadDraft(hotelId: string): Draft {
  try {
    const raw = sessionStorage.getItem(key(hotelId));
    if (raw) return JSON.parse(raw) as Draft;
  } catch {
    // unreadable: start fresh
  }
  return {
    details: { customer_name: '', mobile_number: '', checkout_date: '', consent: false, marketing_opt_in: false },
    selected: [],
    idempotencyKey: crypto.randomUUID(),
  };
}

export function saveDraft(hotelId: string, draft: Draft): void {
  try {
    sessionStorage.setItem(key(hotelId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: keep going in memory
  }
}

export function clearDraft(hotelId: string): void {
  sessionStorage.removeItem(key(hotelId));
}
