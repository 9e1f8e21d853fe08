import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { AppError } from '../lib/errors';

/**
 * Counts events per key in a sliding window and answers 429 once a key has used them up (in memory: one server,
 * or per server behind a balancer). Login counts failed passwords; the guest's scan submission counts requests.
 */
export class WindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    /** The 429 detail, given the minutes until the key may try again. */
    private readonly message: (minutes: string) => string,
  ) {}

  /** Throws 429 when the key has used up its events. */
  check(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    if (recent.length >= this.max) {
      const minutes = Math.ceil((recent[0]! + this.windowMs - now) / 60_000);
      throw new AppError(429, this.message(`${minutes} minute${minutes === 1 ? '' : 's'}`));
    }
  }

  record(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.events.set(key, recent);
    if (this.events.size > 10_000) this.prune(now);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.events) {
      if (times.every((t) => now - t >= this.windowMs)) this.events.delete(key);
    }
  }
}

/** The caller's address ('local' under app.request() in tests, which has no socket). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}
