import { like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { hotels, subscriptionPeriods } from '../../db/schema';
import { STORED_NAME, type FileStorage } from '../../storage/storage';

const OLD_PREFIX = '/uploads/hotels/';
const NEW_PREFIX = '/uploads/private/hotels/';

/**
 * Contracts and payment proofs uploaded before the private area sit in the public "hotels" folder. At every
 * start this moves each one a hotel or a subscription period refers to into "private/hotels" and rewrites the
 * links, so an old link never serves a document to anyone (docs/SECURITY.md, Headers and files). A one-off data
 * change that reads the hotels tables directly, like a migration; it does nothing once every link is new.
 * Safe when servers start together: a file moves once (the other server's move finds nothing), links are rewritten
 * by prefix.
 */
export async function makeOldDocumentsPrivate(db: Db, storage: FileStorage): Promise<number> {
  const old = `${OLD_PREFIX}%`;
  const [fromHotels, fromPeriods] = await Promise.all([
    db
      .select({ a: hotels.contractUrl, b: hotels.paymentScreenshotUrl })
      .from(hotels)
      .where(or(like(hotels.contractUrl, old), like(hotels.paymentScreenshotUrl, old))),
    db
      .select({ a: subscriptionPeriods.contractUrl, b: subscriptionPeriods.paymentScreenshotUrl })
      .from(subscriptionPeriods)
      .where(or(like(subscriptionPeriods.contractUrl, old), like(subscriptionPeriods.paymentScreenshotUrl, old))),
  ]);
  const names = new Set(
    [...fromHotels, ...fromPeriods]
      .flatMap((row) => [row.a, row.b])
      .filter((url): url is string => url?.startsWith(OLD_PREFIX) ?? false)
      .map((url) => url.slice(OLD_PREFIX.length))
      .filter((name) => STORED_NAME.test(name)),
  );
  if (names.size === 0) return 0;

  // Files first: a stop half-way leaves old links whose files are private already; the next start rewrites them.
  for (const name of names) await storage.move('hotels', 'private/hotels', name);
  const rewrite = (column: AnyPgColumn) =>
    sql`case when ${column} like ${old} then ${NEW_PREFIX} || substr(${column}, ${OLD_PREFIX.length + 1}) else ${column} end`;
  await db.transaction(async (tx) => {
    await tx
      .update(hotels)
      .set({ contractUrl: rewrite(hotels.contractUrl), paymentScreenshotUrl: rewrite(hotels.paymentScreenshotUrl) })
      .where(or(like(hotels.contractUrl, old), like(hotels.paymentScreenshotUrl, old)));
    await tx
      .update(subscriptionPeriods)
      .set({
        contractUrl: rewrite(subscriptionPeriods.contractUrl),
        paymentScreenshotUrl: rewrite(subscriptionPeriods.paymentScreenshotUrl),
      })
      .where(or(like(subscriptionPeriods.contractUrl, old), like(subscriptionPeriods.paymentScreenshotUrl, old)));
  });
  return names.size;
}
