import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../shared/format';
import type { RedemptionResult } from '../../../shared/api-types';
import { api } from '../../lib/api';
import { merchantKeys } from './api';
import { useRefreshCounter } from './counter-api';
import {
  forgetOfflineCode,
  queuedItems,
  redeemOffline,
  refreshOfflineCodes,
  syncOfflineQueue,
} from './offline-counter';
import type { CounterResult } from './RedemptionPanel';

/**
 * The counter without a network (docs/COUNTER.md "Without a network"): the queue's count, its sync (on reconnect,
 * on return to the app and every 30 seconds) and "Needs attention".
 */

/** The queue is sent this often while the counter is open (Safari has no Background Sync). */
export const SYNC_EVERY_MS = 30_000;

export const needsAttentionQuery = queryOptions({
  queryKey: [...merchantKeys.all, 'offline-redemptions'],
  queryFn: () => api.get('/merchant/offline-redemptions'),
  meta: { persist: true, logMessage: 'Failed to load offline redemptions that need attention' },
});

const offlineResult = (
  status: 'offline_accepted' | 'offline_unknown',
  code: string,
  message: string,
  name: string | null = null,
): CounterResult => ({ status, message, coupon_code: code, customer_name: name, redeemed_at: null, offer_rules: null });

/** The offline answer in the counter's terms: the phone's own verdict, or the offer's rule as online. */
async function answerOffline(code: string, billAmount: number | undefined): Promise<CounterResult> {
  const verdict = await redeemOffline(code, billAmount);
  if (verdict.kind === 'unknown')
    return offlineResult('offline_unknown', code, 'This phone has no record of this code. Try again when back online.');
  if (verdict.kind === 'queued')
    return offlineResult('offline_accepted', code, 'Already accepted on this phone: it will be sent when back online.');
  const name = verdict.code.first_name;
  if (verdict.kind === 'accepted')
    return offlineResult(
      'offline_accepted',
      code,
      `${verdict.code.offer_name}. The redemption is sent when the phone is back online.`,
      name,
    );
  const { refusal } = verdict;
  const base = { coupon_code: code, customer_name: name, redeemed_at: null, offer_rules: null };
  const answer: RedemptionResult =
    refusal.reason === 'bill_required'
      ? { ...base, status: 'bill_required', message: refusal.message, min_bill: refusal.min_bill }
      : refusal.reason === 'not_valid_now'
        ? { ...base, status: 'not_valid_now', message: refusal.message, rule: refusal.rule }
        : { ...base, status: 'invalid', message: refusal.message };
  return answer;
}

/**
 * The counter's offline side: how many redemptions wait, `redeem` for a code while offline, and the sync. Mounted
 * with the Redeem Voucher box: on each visit online it reads the codes again and sends what waits.
 */
export function useOfflineCounter() {
  const queryClient = useQueryClient();
  const refreshCounter = useRefreshCounter();
  const [pending, setPending] = useState(0);
  const count = useCallback(() => queuedItems().then((items) => setPending(items.length)), []);

  /**
   * Sends the queue; reads all the codes again when `refresh` (a visit, a return to the app, a reconnect) or when
   * something was sent. The 30-second timer sends only: a busy merchant's codes are many pages.
   */
  const sync = useCallback(
    async (refresh: boolean) => {
      if (!navigator.onLine) return;
      try {
        const results = await syncOfflineQueue();
        if (results.length > 0) {
          const attention = results.filter((result) => result.status === 'needs_attention').length;
          const synced = results.length - attention;
          toast.message(
            attention > 0
              ? `${synced} offline redemption${synced === 1 ? '' : 's'} synced, ${attention} need${attention === 1 ? 's' : ''} attention`
              : `${synced} offline redemption${synced === 1 ? '' : 's'} synced`,
          );
          void refreshCounter();
          void queryClient.invalidateQueries({ queryKey: needsAttentionQuery.queryKey });
        }
        if (refresh || results.length > 0) await refreshOfflineCodes();
      } catch (error) {
        console.warn('Offline redemptions not synced yet', error);
      } finally {
        void count();
      }
    },
    [count, queryClient, refreshCounter],
  );

  useEffect(() => {
    void count();
    void sync(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sync(true);
    };
    const onOnline = () => void sync(true);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => void sync(false), SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [count, sync]);

  const redeem = useCallback(
    async (code: string, billAmount?: number) => {
      const answer = await answerOffline(code, billAmount);
      void count();
      return answer;
    },
    [count],
  );
  /** After a redemption online: the phone drops that code, and sends anything queued now the network is there. */
  const afterRedemption = useCallback(
    async (code: string) => {
      await forgetOfflineCode(code);
      await sync(false);
    },
    [sync],
  );
  return { pending, redeem, afterRedemption };
}

/** "3 redemptions waiting to sync". */
export function PendingCount({ pending }: { pending: number }) {
  if (pending === 0) return null;
  return (
    <p className="ma-offline-pending" role="status" data-testid="offline-pending">
      {pending} {pending === 1 ? 'redemption' : 'redemptions'} accepted offline, waiting to sync
    </p>
  );
}

/** "Needs attention": queued redemptions the server could not apply, with the reason; shown only when there are. */
export function NeedsAttention() {
  const { data } = useQuery(needsAttentionQuery);
  if (!data || data.length === 0) return null;
  return (
    <section className="card ma-today" aria-labelledby="ma-attention-title">
      <h2 id="ma-attention-title" className="ma-today-title">
        Needs attention
        <span className="ma-today-count">{data.length}</span>
      </h2>
      <p className="field-hint">
        Accepted offline, but not redeemed when they reached StayPerks. Check with the guest or contact StayPerks.
      </p>
      <ul className="ma-attention-list">
        {data.map((row) => (
          <li key={row.nonce}>
            <strong className="ma-mono">{row.code}</strong>: {row.message}
            <p>
              Accepted {formatDateTime(row.device_time)}
              {row.accepted_by ? ` by ${row.accepted_by}` : ''}, synced {formatDateTime(row.received_at)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
