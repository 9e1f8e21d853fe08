import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds used so far by the app's server process and by the PostgreSQL backends connected to the bench's
 * database (from /proc, Linux, PostgreSQL on this machine), so a scenario can say what one request cost each side:
 * shares of health swing with the machine's load, CPU per request much less. Null where /proc is not readable.
 */
export interface CpuSnapshot {
  server: number;
  postgres: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuSecondsOf(pid: string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** `database`: the bench database's name (its backends' titles name it); undefined with PGlite (in the server). */
export function cpuSnapshot(serverPid: number | undefined, database: string | undefined): CpuSnapshot | null {
  if (serverPid === undefined) return null;
  try {
    const snapshot = { server: cpuSecondsOf(String(serverPid)), postgres: 0 };
    if (!database) return snapshot;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (title.startsWith('postgres:') && title.includes(` ${database} `)) snapshot.postgres += cpuSecondsOf(pid);
      } catch {
        // gone meanwhile
      }
    }
    return snapshot;
  } catch {
    return null;
  }
}

/** "CPU per request: server 0.61 ms, PostgreSQL 0.83 ms" between two snapshots; undefined without them. */
export function cpuPerRequest(before: CpuSnapshot | null, after: CpuSnapshot | null, requests: number) {
  if (!before || !after || requests === 0) return undefined;
  const ms = (seconds: number) => ((1000 * seconds) / requests).toFixed(2);
  const postgres = after.postgres - before.postgres;
  return (
    `CPU per request: server ${ms(after.server - before.server)} ms` +
    (postgres > 0 ? `, PostgreSQL ${ms(postgres)} ms` : '')
  );
}
