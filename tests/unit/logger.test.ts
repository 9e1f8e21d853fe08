import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/env';
import { createLogger, sanitizeLogText, serializeError, type LogLevel } from '../../src/server/platform/lib/logger';

function capture(level: LogLevel = 'info') {
  const chunks: string[] = [];
  const logger = createLogger({ level, destination: { write: (chunk: string) => void chunks.push(chunk) } });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line !== '');
  return { logger, lines, text: () => chunks.join('') };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$OPOPoGILTt/X0eTyAIo65A$G2M+OhRruJYtu8DjbvoW8+VvSGSEXjReJtkbQtOFcgw';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('sanitizeLogText', () => {
  it('drops the parameters Drizzle appends to a failed query and masks hashes, tokens and mobile numbers', () => {
    expect(sanitizeLogText(`Failed query: insert into "users" values ($1, $2)\nparams: alice,${HASH}`)).toBe(
      'Failed query: insert into "users" values ($1, $2)',
    );
    expect(sanitizeLogText(`hash ${HASH} here`)).toBe('hash [hash] here');
    expect(sanitizeLogText(`token ${JWT}`)).toBe('token [token]');
    expect(sanitizeLogText('Authorization: Bearer abc.def')).toBe('Authorization: Bearer [token]');
    expect(sanitizeLogText('guest 9876543210 and +91 98765 43210')).toBe('guest [number] and [number]');
  });

  it('leaves ids, dates and small numbers alone', () => {
    const text = 'hotel 550e8400-e29b-41d4-a716-446655440000 on 2026-11-22 took 1234 ms, code 23505';
    expect(sanitizeLogText(text)).toBe(text);
  });
});

describe('the logger', () => {
  it('redacts secret keys wherever they sit', () => {
    const { logger, text } = capture();
    logger.info(
      {
        password: 'pw-1',
        user: { passwordHash: HASH, mobile_number: '9876543210', customer_name: 'Asha' },
        headers: { authorization: `Bearer ${JWT}` },
        token: JWT,
      },
      'signed in',
    );
    const out = text();
    for (const secret of ['pw-1', HASH, '9876543210', 'Asha', JWT]) expect(out).not.toContain(secret);
    expect(JSON.parse(out)).toMatchObject({
      password: '[redacted]',
      user: { passwordHash: '[redacted]' },
      msg: 'signed in',
    });
  });

  it("writes an error as type, code and clean message, never a failed query's parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_username_unique"'), {
      code: '23505',
      detail: 'Key (username)=(alice) already exists.',
    });
    const { logger, text } = capture();
    logger.error(
      { err: new DrizzleQueryError('insert into "users" values ($1, $2)', ['alice', HASH], cause) },
      'unhandled error',
    );
    const line = JSON.parse(text());
    expect(line.err).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      message: 'Failed query: insert into "users" values ($1, $2)',
    });
    expect(line.err.cause).toMatchObject({ type: 'Error', code: '23505', message: cause.message });
    expect(text()).not.toContain('alice');
    expect(text()).not.toContain('argon2');
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain' });
  });

  it('keeps a newline in a value or message inside its one JSON line', () => {
    const { logger, lines } = capture();
    const forged = 'bob\n{"level":50,"msg":"forged"}\r\n';
    logger.warn({ username: forged }, `login failed for ${forged}`);
    expect(lines()).toHaveLength(1);
    const line = JSON.parse(lines()[0]!);
    expect(line.username).toBe(forged);
    expect(line.msg).toBe(`login failed for ${forged}`);
  });

  it('follows the level', () => {
    const { logger, lines } = capture('warn');
    logger.info('not written');
    logger.warn('written');
    expect(lines().map((line) => JSON.parse(line).msg)).toEqual(['written']);
  });
});

describe('LOG_LEVEL', () => {
  it('defaults to info (error under NODE_ENV=test) and accepts pino levels only', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('error');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  });

  it('writes request lines at debug in development, so a terminal shows them only with LOG_LEVEL=debug', () => {
    expect(loadConfig({}).requestLogLevel).toBe('debug');
    expect(loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info' }).requestLogLevel).toBe('debug');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://stayperks.example' }).requestLogLevel).toBe(
      'info',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).requestLogLevel).toBe('info');
  });
});
