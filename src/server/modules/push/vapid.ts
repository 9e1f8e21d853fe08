import * as v from 'valibot';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { keepSealedSetting } from '../../platform/lib/secrets';

/**
 * The server's VAPID key pair (RFC 8292; docs/PRODUCT.md "Reminders"): it signs every push, and browsers subscribe
 * with its public key. Made once and kept in app_settings ('vapid_keys'), like the signing secret
 * (platform/lib/secrets.ts), so every server on the database pushes with the same keys and a subscription outlives a
 * restart. A new pair would orphan every subscription: never replace it. Sealed with DATA_ENCRYPTION_KEY when it is
 * set (docs/SECURITY.md "Signing keys"): the private key signs pushes to every subscribed guest's browser.
 */
export const VAPID_KEYS_SETTING = 'vapid_keys';

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point: what `applicationServerKey` takes. */
  publicKey: string;
  privateKey: string;
}

const StoredKeys = v.object({ publicKey: v.string(), privateKey: v.string() });

const loaded = new WeakMap<Db, Promise<VapidKeys>>();

/** The keys, made and stored on first use; read once per database handle. */
export function vapidKeys(db: Db, dataKey: Buffer | undefined): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = keepSealedSetting(db, VAPID_KEYS_SETTING, JSON.stringify(webpush.generateVAPIDKeys()), dataKey).then(
      (text) => v.parse(StoredKeys, JSON.parse(text)),
    );
    // A failure (the database away) is not kept: the next call tries again.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}
