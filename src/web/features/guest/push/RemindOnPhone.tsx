import { useState } from 'react';
import { api } from '../../../lib/api';
import { useGuestI18n } from '../i18n/i18n';
import { PUSH_EN } from './texts';
import './push.css';

/**
 * "Remind me on this phone" (docs/PRODUCT.md "Reminders"): for a guest who asked for reminders, on a browser that can
 * take pushes, the stay's reminders come as notifications instead of messages. A tap asks the browser's permission,
 * subscribes with the server's VAPID key, and gives the subscription to the server with the stay's guest_token.
 * Loaded only when it can show (VouchersStep.tsx), with its texts: the first screen does not carry them.
 */

/** Remembered per stay, so the vouchers screen says it is on after a reload. */
const doneKey = (scanId: string) => `stayperks-push:${scanId}`;

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function subscribeThisPhone(token: string): Promise<'done' | 'blocked'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes((await api.guest.get('/push/key')).public_key),
    }));
  const { keys } = subscription.toJSON();
  if (!keys?.p256dh || !keys.auth) throw new Error('The subscription has no keys');
  await api.guest.post('/push/subscriptions', {
    json: { token, subscription: { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } },
  });
  return 'done';
}

export default function RemindOnPhone({ scanId, token }: { scanId: string; token: string }) {
  const { catalogue } = useGuestI18n();
  const t = catalogue?.push ?? PUSH_EN;
  const [state, setState] = useState<'ask' | 'asking' | 'done' | 'blocked' | 'failed'>(() =>
    localStorage.getItem(doneKey(scanId)) ? 'done' : 'ask',
  );
  const turnOn = async () => {
    setState('asking');
    try {
      const result = await subscribeThisPhone(token);
      if (result === 'done') localStorage.setItem(doneKey(scanId), '1');
      setState(result);
    } catch {
      setState('failed');
    }
  };
  if (state === 'ask' || state === 'asking')
    return (
      <button
        type="button"
        className="btn btn-secondary btn-block remind-phone"
        disabled={state === 'asking'}
        onClick={() => void turnOn()}
      >
        {state === 'asking' ? t.asking : t.ask}
      </button>
    );
  return (
    <p className="remind-phone-note" role="status">
      {state === 'done' ? t.done : state === 'blocked' ? t.blocked : t.failed}
    </p>
  );
}
