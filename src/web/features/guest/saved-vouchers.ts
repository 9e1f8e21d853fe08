import { get, set } from 'idb-keyval';
import type { Coupon } from '../../../shared/api-types';

/**
 * Vouchers kept on the phone (IndexedDB) the moment they arrive, so they survive reloads and no signal (docs/PRODUCT.md
 * "Offline and install").
 */
export interface SavedVouchers {
  hotelId: string;
  hotelName: string;
  guestName: string;
  scanId: string;
  savedAt: string;
  coupons: Coupon[];
  /** The stay's signed vouchers link token (`guest_token`): "Remind me on this phone" subscribes with it. */
  guestToken?: string;
  /** The guest ticked the reminders box (docs/PRODUCT.md "Reminders"); unknown for vouchers brought back. */
  remindersOptIn?: boolean;
}

const key = (hotelId: string) => `stayperks-vouchers:${hotelId}`;

export async function saveVouchers(saved: SavedVouchers): Promise<void> {
  await set(key(saved.hotelId), saved);
}

export async function loadVouchers(hotelId: string): Promise<SavedVouchers | undefined> {
  try {
    return await get<SavedVouchers>(key(hotelId));
  } catch {
    return undefined; // private mode or storage disabled: the flow still works, just not offline
  }
}
