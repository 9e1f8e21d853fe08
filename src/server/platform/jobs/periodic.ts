/** A background job's handle: one check now (tests drive it with an injected clock), and stop. */
export interface PeriodicJob<R> {
  tick(): Promise<R | undefined>;
  /** Stops the timer, aborts the check's signal and waits for a running check to end. */
  stop(): Promise<void>;
}

/**
 * Runs `check` every `intervalMs` (no timer when `timer` is false; also once at start with `atStart`), one at a
 * time: a tick while a check runs waits for it and answers undefined. A failed check is logged as
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
  if (options.timer !== false && options.atStart) void tick();

  return {
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
