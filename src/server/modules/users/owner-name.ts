import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';

/** A hotel or merchant login's owner and its name, for the password rule on it (docs/SECURITY.md "Passwords"). */
export interface OwnerName {
  kind: 'hotel' | 'merchant';
  name?: string;
}

/**
 * The name of the hotel or merchant a login belongs to (a merchant's staff: their merchant's), read in `db` (a
 * transaction that just made the hotel sees it). Undefined for a back-office user.
 */
export async function ownerNameOf(
  db: Db,
  login: { hotelId?: string | null; merchantId?: string | null },
): Promise<OwnerName | undefined> {
  if (login.hotelId) {
    const [row] = await db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, login.hotelId)).limit(1);
    return { kind: 'hotel', name: row?.name };
  }
  if (login.merchantId) {
    const [row] = await db
      .select({ name: merchants.name })
      .from(merchants)
      .where(eq(merchants.id, login.merchantId))
      .limit(1);
    return { kind: 'merchant', name: row?.name };
  }
  return undefined;
}
