/** A background job's handle: one check now (tests drive it with an injected clock), and stop. */
export interface PeriodicJob<R> {
  tick(): Promise<R | undefined>;
  /** Stops the timer, aborts the check's signal and waits for a running check to end. */
  stop(): Promise<void>;
}

/**
 * A job's check "at start" runs this long after the server starts: first the server answers (on the embedded
 * database, whose one connection a backlog's long statements would hold, its health check within 3 s of start:
 * README "Performance"), then the background catches up.
 */
export const START_CHECK_DELAY_MS = 10_000;

/**
 * Runs `check` every `intervalMs` (no timer when `timer` is false; also once START_CHECK_DELAY_MS after start with
 * `atStart`), one at a time: a tick while a check runs waits for it and answers undefined. A failed check is logged as
 * "<failure>: <message>" unless the job was stopped meanwhile.
 */
export function startPeriodicJob<R>(options: {
  check: (signal: AbortSignal) => Promise<R | undefined>;
  intervalMs: number;
  timer?: boolean;
  atStart?: boolean;
  log: (message: string) => void;
  failure: string;
}): PeriodicJob<R> {
  const abort = new AbortController();
  let running: Promise<R | undefined> | undefined;

  const tick = () => {
    if (running) return running.then(() => undefined);
    running = options
      .check(abort.signal)
      .catch((error) => {
        if (!abort.signal.aborted)
          options.log(`${options.failure}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = options.timer === false ? undefined : setInterval(() => void tick(), options.intervalMs);
  timer?.unref();
  const first =
    options.timer !== false && options.atStart ? setTimeout(() => void tick(), START_CHECK_DELAY_MS) : undefined;
  first?.unref();

  return {
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      abort.abort();
      await running;
    },
  };
}
