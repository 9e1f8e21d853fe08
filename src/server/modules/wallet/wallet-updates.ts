import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from '../coupons/table';
import { enqueueMessagesFrom } from '../messages/enqueue-from';
import { walletPasses } from './table';

/**
 * A Google Wallet pass follows its voucher (docs/PRODUCT.md "Google Wallet"): the redemption, its undo and the guest's
 * erasure queue a `wallet_update` in their own transaction, for vouchers with a pass only (one lookup by
 * wallet_passes' key), and the outbox sends the voucher's state as it is at send time (wallet.channel.ts), so the
 * counter never waits for Google and a late or repeated update still ends right. Each update is a message of its own
 * (key: a fresh uuid): redeem, undo and redeem again send three.
 */
const walletUpdate = (couponId: SQL) => ({
  subject: sql`${couponId}::text`,
  kind: 'wallet_update' as const,
  key: sql`gen_random_uuid()::text`,
  channel: 'wallet' as const,
  // Nobody's number: Google's object id is read from wallet_passes at send time.
  recipient: sql`''`,
});

/**
 * The redemption's part, a CTE of its one statement (coupons.service.ts): an update for each redeemed row of `from`
 * whose coupon (`couponId`, a column of `from`) has a pass. A voucher without one costs one index probe, nothing more.
 */
export const walletUpdatesFrom = (from: SQLWrapper, couponId: SQLWrapper): SQL =>
  enqueueMessagesFrom(
    sql`${from} join ${walletPasses} on ${walletPasses.couponId} = ${couponId}`,
    walletUpdate(sql`${walletPasses.couponId}`),
  );

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Queues an update for each of these coupons that has a pass (an undo), in the caller's transaction. */
export async function queueWalletUpdates(tx: Db, couponIds: readonly string[]): Promise<void> {
  if (couponIds.length === 0) return;
  await tx.execute(
    enqueueMessagesFrom(
      sql`${walletPasses} where ${walletPasses.couponId} in (${idList(couponIds)})`,
      walletUpdate(sql`${walletPasses.couponId}`),
    ),
  );
}

/** Queues an update for each voucher of these scans that has a pass (a guest's erasure), in the caller's transaction. */
export async function queueWalletUpdatesOfScans(tx: Db, scanIds: readonly string[]): Promise<void> {
  if (scanIds.length === 0) return;
  await tx.execute(
    enqueueMessagesFrom(
      sql`${coupons} join ${walletPasses} on ${walletPasses.couponId} = ${coupons.id}
        where ${coupons.scanId} in (${idList(scanIds)})`,
      walletUpdate(sql`${walletPasses.couponId}`),
    ),
  );
}
