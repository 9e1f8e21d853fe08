import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_SERVER_BUNDLE } from './build-server-bundle';
import { codeAt } from './second-factor';

/**
 * The real server in a child process, as `npm start` runs it (its bundle, made by build-server-bundle.ts): for tests of what
 * only a process shows (signals, exit codes, files on disk, a database going away). Production mode, so its output is
 * JSON lines; PORT 0, the port is read from its "StayPerks is running" line.
 */
export const SERVER_ADMIN = { username: 'owner', password: 'Server-start-pass-123' };
export const SERVER_JWT_SECRET = 'server-process-test-secret-0123456789abcdef';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type LogRecord = Record<string, unknown> & { msg?: string };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Every stdout line so far, parsed (non-JSON lines as { text }). */
  records(): LogRecord[];
  /** stdout and stderr so far, for failure messages. */
  output(): string;
  /** Resolves with the first record (already written or still to come) that matches. */
  waitFor(match: (record: LogRecord) => boolean, what: string, timeoutMs?: number): Promise<LogRecord>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (unless already gone) and waits for the exit code. */
  stop(): Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', TEST_SERVER_BUNDLE], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      // Production requires it; PORT 0 has no origin known in advance and these tests build no links.
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ADMIN_USERNAME: SERVER_ADMIN.username,
      ADMIN_PASSWORD: SERVER_ADMIN.password,
      JWT_SECRET: SERVER_JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const records: LogRecord[] = [];
  let text = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      try {
        records.push(JSON.parse(line) as LogRecord);
      } catch {
        records.push({ text: line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => waiters.forEach((wake) => wake()));

  const waitFor = (match: (record: LogRecord) => boolean, what: string, timeoutMs = 60_000) =>
    new Promise<LogRecord>((resolve, reject) => {
      const check = () => {
        const found = records.find(match);
        if (found) return done(() => resolve(found));
        if (child.exitCode !== null || child.signalCode !== null)
          done(() => reject(new Error(`Server ended before ${what}:\n${text}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`No ${what} within ${timeoutMs} ms:\n${text}`))),
        timeoutMs,
      );
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      check();
    });

  try {
    const running = await waitFor((r) => r.msg === 'StayPerks is running', 'start');
    const port = Number(running.port);
    return {
      child,
      port,
      url: `http://127.0.0.1:${port}`,
      records: () => [...records],
      output: () => text,
      waitFor,
      exited,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        return exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Whether a brand-new TCP connection to the port is accepted (false on ECONNREFUSED). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(false) : reject(error),
    );
  });
}

/** Polls `check` until it returns true (for waiting on another process, never for measuring time). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The recovery codes left of SERVER_ADMIN's two-step sign-in, by server URL (set up by serverAdminToken). */
const recoveryCodesLeft = new Map<string, string[]>();

/**
 * SERVER_ADMIN's token on a server started here: production requires two-step sign-in of the super admin
 * (docs/SECURITY.md "Second factor"), so the first call sets it up with a code computed here; each sign-in is
 * completed with one of its recovery codes (the code just used is not accepted twice).
 */
export async function serverAdminToken(url: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  let first = await post('/api/auth/login', SERVER_ADMIN);
  if (first.mfa_required !== true) {
    const setupOnly = first.access_token as string;
    const { secret } = (await post(
      '/api/auth/second-factor/setup',
      { current_password: SERVER_ADMIN.password },
      setupOnly,
    )) as { secret: string };
    const confirmed = await post('/api/auth/second-factor/confirm', { code: codeAt(secret, Date.now()) }, setupOnly);
    recoveryCodesLeft.set(url, confirmed.recovery_codes as string[]);
    first = await post('/api/auth/login', SERVER_ADMIN);
  }
  const recovery = recoveryCodesLeft.get(url)?.shift();
  if (!recovery) throw new Error('SERVER_ADMIN has two-step sign-in set up elsewhere: start from a fresh database');
  const done = await post('/api/auth/login/mfa', { mfa_token: first.mfa_token, recovery_code: recovery });
  return done.access_token as string;
}
