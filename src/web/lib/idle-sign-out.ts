import { useEffect } from 'react';
import { BACK_OFFICE_IDLE_SECONDS, SIGNED_OUT_IDLE } from '../../shared/session-lifetime';
import { api } from './api';
import { getToken, signOutHere } from './session';

/** When this browser's user last did something in any of its back-office tabs (ms since the epoch). */
const ACTIVITY_KEY = 'backOfficeActivity';
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** Activity is written at most this often (every key press need not touch storage). */
const NOTE_EVERY_MS = 10_000;
/** While the user works without calling the server (a long form), the session is kept alive this often. */
const KEEP_ALIVE_EVERY_MS = 5 * 60_000;

/**
 * The back office's 30 minutes without activity (docs/SECURITY.md "Sessions"), in the browser: the server ends the
 * session then whatever the web does; this clears the screen of a tab left open (guests' names and numbers) and signs
 * out with "Signed out after inactivity". Activity is the user's (a click, a key, a scroll) in any tab of this browser,
 * which share the session; while there is some, a request at most every 5 minutes keeps the server's count in step
 * with it, so a long form typed without a request is not refused on saving.
 */
export function useIdleSignOut(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const limitMs = BACK_OFFICE_IDLE_SECONDS * 1000;
    const lastActivity = () => Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
    let lastKeepAlive = Date.now();
    const note = () => {
      const now = Date.now();
      if (now - lastActivity() >= NOTE_EVERY_MS) localStorage.setItem(ACTIVITY_KEY, String(now));
      if (now - lastKeepAlive >= KEEP_ALIVE_EVERY_MS) {
        lastKeepAlive = now;
        void api.get('/auth/me').catch(() => undefined);
      }
    };
    let timer: number | undefined;
    const check = async () => {
      const left = lastActivity() + limitMs - Date.now();
      if (left > 0) {
        timer = window.setTimeout(() => void check(), left + 1000);
        return;
      }
      // Ends the session on the server too; a session it already ended answers 401, which signs out with its reason.
      await api.post('/auth/logout').catch(() => undefined);
      if (getToken()) signOutHere(SIGNED_OUT_IDLE);
    };
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()));
    void check();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, note, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, note);
    };
  }, [active]);
}
