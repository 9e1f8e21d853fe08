import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from './errors';

/** At most this many attempts in one statement: its time grows with them. */
const MAX_BATCH = 100;
/** A batch running this long no longer holds the next back (a row lock held elsewhere, say), up to MAX_RUNNING. */
const STALLED_MS = 100;
const MAX_RUNNING = 4;
/** An attempt waiting this long is answered 503, as the pool answers a request waiting for a connection (client.ts). */
const MAX_WAIT_MS = 5_000;

export interface BatchedStatement<A, R> {
  /** Runs the attempts as one statement (one transaction): each one's result, in their order. */
  run(attempts: readonly A[]): Promise<R[]>;
  /**
   * Attempts sharing a key never share a batch nor run in two at once (a voucher code; a guest's number, a hotel whose
   * counters a submission moves: a row updated twice in one transaction keeps both versions until it commits).
   */
  keysOf(attempt: A): readonly string[];
}

export interface StatementBatches<A, R> {
  /** The attempt's result, from the batch it ran in (or alone, after its batch failed). */
  submit(attempt: A): Promise<R>;
}

const perDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * The batches of one hot write on `db`, made once per database and name as db/prepared.ts makes a statement (`build`
 * must always make the same write for `name`).
 *
 * One statement for many requests (docs/DATA.md "Writes in batches"): one batch runs at a time on each server, so two
 * batches of one server never wait for each other's locks; attempts arriving meanwhile wait for the next, so a quiet
 * time's attempt runs at once, alone, and a busy time's share a round trip, a plan and a commit. A batch held up for
 * STALLED_MS lets others start (up to MAX_RUNNING). A batch that fails whole (a deadlock with another server's batch,
 * one attempt's error) is run again one attempt at a time, so only an attempt that fails alone fails; with the
 * database gone every attempt waiting fails at once (503).
 */
export function statementBatches<A, R>(
  db: Db,
  name: string,
  build: () => BatchedStatement<A, R>,
): StatementBatches<A, R> {
  let byName = perDatabase.get(db);
  if (!byName) perDatabase.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, createBatches(build()));
  return byName.get(name) as StatementBatches<A, R>;
}

interface Pending<A, R> {
  attempt: A;
  /** When it was queued (Date.now()): the queue is in this order. */
  since: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

function createBatches<A, R>(statement: BatchedStatement<A, R>): StatementBatches<A, R> {
  const queue: Pending<A, R>[] = [];
  /** When each batch running started, and the keys in them. */
  const running = new Set<{ at: number }>();
  const keysRunning = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  /**
   * Runs `batch` and answers its attempts; `done` (the next batch's start) is called as soon as the database has
   * answered, before the answers are handed out, so the next statement runs while this batch's responses are made.
   */
  async function runBatch(batch: readonly Pending<A, R>[], done: () => void): Promise<void> {
    let results: R[];
    try {
      results = await statement.run(batch.map((pending) => pending.attempt));
    } catch (error) {
      const unavailable = isDatabaseUnavailable(error);
      if (batch.length === 1 || unavailable)
        for (const pending of [...batch, ...(unavailable ? queue.splice(0) : [])]) pending.reject(error);
      else await Promise.all(batch.map((pending) => runBatch([pending], () => undefined)));
      done();
      return;
    }
    done();
    batch.forEach((pending, i) => pending.resolve(results[i]!));
  }

  /**
   * Starts the next batch when none is running, or when the newest running one has been held up for STALLED_MS and
   * fewer than MAX_RUNNING are: the attempts waiting, at most one per key and none of a key in a running batch.
   * Attempts that waited MAX_WAIT_MS are answered 503.
   */
  function dispatch() {
    const now = Date.now();
    while (queue.length && now - queue[0]!.since >= MAX_WAIT_MS) queue.shift()!.reject(waitedTooLong());
    if (queue.length === 0) return;
    const newest = Math.max(...[...running].map((batch) => batch.at));
    if (running.size >= MAX_RUNNING || (running.size > 0 && now - newest < STALLED_MS)) {
      // Looked at again when the newest batch counts as held up (or when a batch ends, whichever is first).
      timer ??= setTimeout(
        () => {
          timer = undefined;
          dispatch();
        },
        running.size >= MAX_RUNNING ? STALLED_MS : STALLED_MS - (now - newest),
      ).unref();
      return;
    }
    const batch: Pending<A, R>[] = [];
    const later: Pending<A, R>[] = [];
    const keys: string[] = [];
    for (const pending of queue) {
      const own = statement.keysOf(pending.attempt);
      // The same key twice waits for the next batch, where it finds the first one's effect as if alone.
      if (batch.length === MAX_BATCH || own.some((key) => keysRunning.has(key))) later.push(pending);
      else {
        for (const key of own) keysRunning.add(key);
        keys.push(...own);
        batch.push(pending);
      }
    }
    queue.splice(0, queue.length, ...later);
    if (batch.length === 0) return;
    const started = { at: now };
    running.add(started);
    void runBatch(batch, () => {
      running.delete(started);
      for (const key of keys) keysRunning.delete(key);
      dispatch();
    });
  }

  return {
    submit(attempt: A): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ attempt, resolve, reject, since: Date.now() });
        dispatch();
      });
    },
  };
}

/** An attempt that waited MAX_WAIT_MS for its batch: 503 with the plain message, as for too many connections. */
const waitedTooLong = () => Object.assign(new Error('The request waited too long for the database'), { code: '53300' });
