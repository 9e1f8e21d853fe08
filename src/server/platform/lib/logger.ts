import pino, { type DestinationStream, type Logger } from 'pino';
import { pgErrorCode } from './errors';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Keys whose values never reach a log line, wherever they sit (docs/OPERATING.md, "Logs"). Redaction is by name;
 * free text goes through sanitizeLogText, errors through serializeError.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'new_password',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'access_token',
  'accessToken',
  'jwtSecret',
  'dataEncryptionKey',
  'secret',
  'authorization',
  'cookie',
  'mobile',
  'mobileNumber',
  'mobile_number',
  'customerName',
  'customer_name',
  'params',
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
];

const MAX_TEXT = 500;

/**
 * Takes what must not be logged out of free text: the parameters Drizzle appends to a failed query's message
 * ("\nparams: ..."), argon2 hashes, JWTs and bearer tokens, and runs of 10 or more digits (mobile numbers).
 */
export function sanitizeLogText(text: string): string {
  let out = text;
  const params = out.search(/\n\s*params:/);
  if (params >= 0) out = out.slice(0, params);
  out = out
    .replace(/\$argon2(id|i|d)\$[\w$=,.+/-]+/g, '[hash]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]')
    .replace(/\b(Bearer)\s+\S+/gi, '$1 [token]')
    .replace(/(?<![\w-])\+?\d[\d ]{8,}\d(?![\w-])/g, '[number]');
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…` : out;
}

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as a log sees it: type, code, cleaned message and the stack's frames (never its first line, which
 * repeats the message). Own properties such as a failed query's `params` are left out on purpose.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: sanitizeLogText(String(error)) };
  const code = (error as { code?: unknown }).code;
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join('\n');
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: sanitizeLogText(error.message),
    ...(typeof code === 'string' ? { code } : pgErrorCode(error) ? { code: pgErrorCode(error) } : {}),
    ...(frames ? { stack: frames } : {}),
  };
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** The server's one logger: JSON lines on stdout (or `destination` in tests), secrets redacted. */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // Messages are free text: clean them like error messages.
        logMethod(args, method) {
          const cleaned = args.map((arg) => (typeof arg === 'string' ? sanitizeLogText(arg) : arg)) as typeof args;
          return method.apply(this, cleaned);
        },
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
