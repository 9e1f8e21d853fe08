import { AppError } from '../lib/errors';

/**
 * Counts failures per key in a sliding window (in memory: one server, or per server behind a balancer).
 * Used to slow password guessing on login.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Throws 429 when the key has used up its failures. */
  check(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    if (recent.length >= this.maxFailures) {
      const retryMinutes = Math.ceil((recent[0]! + this.windowMs - now) / 60_000);
      throw new AppError(429, `Too many failed login attempts. Try again in ${retryMinutes} minute${retryMinutes === 1 ? '' : 's'}.`);
    }
  }

  fail(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (this.failures.size > 10_000) this.prune(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(key);
    }
  }
}
