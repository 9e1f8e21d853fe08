import { todayIn } from '../../../shared/dates';
import { OFFLINE_BATCH_MAX, offlineRefusal, type OfflineRefusal } from '../../../shared/offline-redemption';
import { api } from '../../lib/api';
import { onSignOut, readSession } from '../../lib/session';

/**
 * The counter without a network (docs/COUNTER.md "Without a network"): the merchant's pending codes kept in
 * IndexedDB, a code judged against them by the same rules as the server (shared/offline-redemption.ts), and the
 * queue of redemptions accepted offline, sent when the network is back.
 */

/**
 * The counter's own IndexedDB store: the codes (`codes`) and the queue (`queue`), which survive closing the app.
 * Plain IndexedDB: idb-keyval sits in the guest's first load, where more of it would grow that page.
 */
const COUNTER_CODES_KEY = 'codes';
const COUNTER_QUEUE_KEY = 'queue';
let opened: Promise<IDBDatabase> | undefined;
const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
function database(): Promise<IDBDatabase> {
  opened ??= (() => {
    const open = indexedDB.open('stayperks-counter', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('counter');
    return request(open);
  })();
  return opened;
}
/** One read-write transaction on a key: `change` gets the stored value and answers the new one (undefined deletes). */
async function change<T>(key: string, next: (value: T | undefined) => T | undefined): Promise<void> {
  const tx = (await database()).transaction('counter', 'readwrite');
  const store = tx.objectStore('counter');
  const value = next((await request(store.get(key))) as T | undefined);
  if (value === undefined) store.delete(key);
  else store.put(value, key);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}
const read = async <T>(key: string): Promise<T | undefined> =>
  (await request((await database()).transaction('counter').objectStore('counter').get(key))) as T | undefined;

/**
 * Signing out (Logout, a refused session) forgets the codes: they name guests (docs/PRIVACY.md "Offline
 * redemptions"). The codes are also kept with their login, and read only by that login, should the device sign out
 * before this module was loaded. The queue stays: it names no guest and is sent by the next login of the merchant.
 */
export const forgetOfflineCodes = () => change(COUNTER_CODES_KEY, () => undefined).catch(() => undefined);
onSignOut(() => void forgetOfflineCodes());

const fetchCodesPage = (cursor?: string) =>
  api.get('/merchant/offline-codes', { query: cursor ? { cursor } : {}, timeout: 20_000 });
type CodesPage = Awaited<ReturnType<typeof fetchCodesPage>>;
export type OfflineCode = CodesPage['codes'][number];
const sendBatch = (json: {
  synced_at: string;
  sync_proof: string | null;
  accepted_by: string;
  items: QueueItem['item'][];
}) => api.post('/merchant/offline-redemptions', { json });
export type OfflineResult = Awaited<ReturnType<typeof sendBatch>>[number];

/** The codes as last read: whose, when (the server's time) and the business time zone. */
interface KeptCodes {
  merchantId: string;
  userId: string;
  syncedAt: string;
  /** The server's proof of `syncedAt`, sent back with the queue (docs/COUNTER.md "Without a network"). */
  syncProof: string;
  timeZone: string;
  codes: Record<string, OfflineCode>;
}

/** A redemption accepted offline, waiting to be sent. */
export interface QueueItem {
  merchantId: string;
  /** The login that accepted it on this phone. */
  userId: string;
  /** The codes' sync it was judged against: the earliest its time can be, and the server's proof of it. */
  syncedAt: string;
  syncProof?: string;
  offerName: string;
  item: { nonce: string; code: string; device_time: string; bill_amount?: number };
}

const session = () => {
  const current = readSession();
  return current?.merchantId ? { merchantId: current.merchantId, userId: current.userId } : undefined;
};

/** Reads every page of the merchant's pending codes and keeps them (each visit, after each redemption). */
export async function refreshOfflineCodes(): Promise<void> {
  const who = session();
  if (!who) return;
  const codes: Record<string, OfflineCode> = {};
  let page = await fetchCodesPage();
  const first = page;
  for (;;) {
    for (const code of page.codes) codes[code.code] = code;
    if (!page.next_cursor) break;
    page = await fetchCodesPage(page.next_cursor);
  }
  const kept: KeptCodes = {
    merchantId: who.merchantId,
    userId: who.userId,
    syncedAt: first.synced_at,
    syncProof: first.sync_proof,
    timeZone: first.time_zone,
    codes,
  };
  // The session may have ended meanwhile (signing out forgets the codes): keep nothing then.
  if (session()?.userId === who.userId) await change(COUNTER_CODES_KEY, () => kept);
}

/** A code redeemed online leaves the kept codes (the next visit reads them all again). */
export const forgetOfflineCode = (code: string) =>
  change<KeptCodes>(COUNTER_CODES_KEY, (kept) => {
    if (!kept) return kept;
    const { [code]: _redeemed, ...codes } = kept.codes;
    return { ...kept, codes };
  }).catch(() => undefined);

export const queuedItems = async (): Promise<QueueItem[]> => {
  const who = session();
  const queue = (await read<QueueItem[]>(COUNTER_QUEUE_KEY).catch(() => undefined)) ?? [];
  return who ? queue.filter((queued) => queued.merchantId === who.merchantId) : [];
};

/** What the phone says about a code offline. */
export type OfflineVerdict =
  | { kind: 'accepted'; code: OfflineCode; pending: number }
  | { kind: 'unknown' }
  | { kind: 'queued' }
  | { kind: 'refused'; code: OfflineCode; refusal: OfflineRefusal };

/**
 * Judges a code offline and, when the offer's rules allow it, queues its redemption with a fresh nonce: a code this
 * phone does not hold is unknown ("Can't check this code offline"), one already queued is not queued twice, and an
 * offer with a minimum bill asks for the bill first (as online).
 */
export async function redeemOffline(code: string, billAmount?: number): Promise<OfflineVerdict> {
  const who = session();
  const kept = await read<KeptCodes>(COUNTER_CODES_KEY).catch(() => undefined);
  const entry = who && kept?.userId === who.userId ? kept.codes[code] : undefined;
  if (!who || !kept || !entry) return { kind: 'unknown' };
  const now = new Date();
  const refusal = offlineRefusal(entry, todayIn(kept.timeZone, now), billAmount ?? null);
  if (refusal) return { kind: 'refused', code: entry, refusal };
  let pending = 0;
  let already = false;
  await change<QueueItem[]>(COUNTER_QUEUE_KEY, (queue = []) => {
    already = queue.some((queued) => queued.merchantId === who.merchantId && queued.item.code === code);
    const next = already
      ? queue
      : [
          ...queue,
          {
            merchantId: who.merchantId,
            userId: who.userId,
            syncedAt: kept.syncedAt,
            syncProof: kept.syncProof,
            offerName: entry.offer_name,
            item: {
              nonce: crypto.randomUUID(),
              code,
              device_time: now.toISOString(),
              ...(billAmount === undefined ? {} : { bill_amount: billAmount }),
            },
          },
        ];
    pending = next.filter((queued) => queued.merchantId === who.merchantId).length;
    return next;
  });
  return already ? { kind: 'queued' } : { kind: 'accepted', code: entry, pending };
}

let syncing: Promise<OfflineResult[]> | undefined;

/**
 * Sends this merchant's queue, OFFLINE_BATCH_MAX at a time, oldest first; each answered item leaves the queue
 * (ok or needs attention: the server keeps the result, so a lost answer is sent again and answered the same). One
 * sync at a time; a failure (offline again) leaves the rest for the next.
 */
export function syncOfflineQueue(): Promise<OfflineResult[]> {
  syncing ??= (async () => {
    const results: OfflineResult[] = [];
    try {
      for (;;) {
        const queue = await queuedItems();
        if (queue.length === 0 || !navigator.onLine) break;
        // One login's redemptions a batch (the oldest's first), sent as accepted by it: the next shift's login
        // sends them, and its proof (the codes it read) records who accepted them.
        const acceptor = queue[0]!.userId;
        const batch = queue.filter((queued) => queued.userId === acceptor).slice(0, OFFLINE_BATCH_MAX);
        // The batch's earliest sync bounds all of its redemptions: sent with its proof.
        const earliest = batch.reduce((min, queued) => (queued.syncedAt < min.syncedAt ? queued : min), batch[0]!);
        const answered = await sendBatch({
          synced_at: earliest.syncedAt,
          sync_proof: earliest.syncProof ?? null,
          accepted_by: acceptor,
          items: batch.map((queued) => queued.item),
        });
        const done = new Set(answered.map((result) => result.nonce));
        await change<QueueItem[]>(COUNTER_QUEUE_KEY, (queue = []) =>
          queue.filter((queued) => !done.has(queued.item.nonce)),
        );
        results.push(...answered);
      }
    } finally {
      syncing = undefined;
    }
    return results;
  })();
  return syncing;
}
