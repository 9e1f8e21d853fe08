import type { Db } from '../../db/client';
import { STORED_NAME, type FileStorage } from '../../platform/storage/storage';
import { hotelDocumentLinks, moveHotelDocumentLinks } from './hotels.service';
import { movePeriodDocumentLinks, periodDocumentLinks } from '../subscriptions/subscriptions.service';

const OLD_PREFIX = '/uploads/hotels/';
const NEW_PREFIX = '/uploads/private/hotels/';

/**
 * Contracts and payment proofs uploaded before the private area sit in the public "hotels" folder. At every
 * start this moves each one a hotel or a subscription period refers to into "private/hotels" and has the hotels
 * and subscriptions services rewrite the links, so an old link never serves a document to anyone
 * (docs/SECURITY.md, Headers and files). It does nothing once every link is new.
 * Safe when servers start together: a file moves once (the other server's move finds nothing), links are rewritten
 * by prefix.
 */
export async function makeOldDocumentsPrivate(db: Db, storage: FileStorage): Promise<number> {
  const links = await Promise.all([hotelDocumentLinks(db, OLD_PREFIX), periodDocumentLinks(db, OLD_PREFIX)]);
  const names = new Set(
    links
      .flat()
      .map((url) => url.slice(OLD_PREFIX.length))
      .filter((name) => STORED_NAME.test(name)),
  );
  if (names.size === 0) return 0;

  // Files first: a stop half-way leaves old links whose files are private already; the next start rewrites them.
  for (const name of names) await storage.move('hotels', 'private/hotels', name);
  await db.transaction(async (tx) => {
    await moveHotelDocumentLinks(tx, OLD_PREFIX, NEW_PREFIX);
    await movePeriodDocumentLinks(tx, OLD_PREFIX, NEW_PREFIX);
  });
  return names.size;
}
