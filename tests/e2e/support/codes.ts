import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Verification codes in the end-to-end tests (docs/PRODUCT.md "Guest trust"): the e2e server runs the `log` provider,
 * whose one line per code ("Verification code for ******1234: 123456") server.ts copies into this file, and a spec
 * reads the code a guest would get by text the way a developer reads it in the log. Nothing in the app serves codes.
 */
export const codesFile = () => join(tmpdir(), `stayperks-e2e-codes-${process.env.E2E_PORT ?? '4310'}.log`);

const CODE_LINE = /Verification code for \*+(\d{4}): (\d{6})/;

/** server.ts: keeps a log line that carries a code. */
export function keepCodeLine(line: string): boolean {
  if (!CODE_LINE.test(line)) return false;
  appendFileSync(codesFile(), `${line}\n`);
  return true;
}

/** The latest code sent to `mobile` after `after` codes of it were already read (polls: the outbox sends at once). */
export async function codeSentTo(mobile: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = existsSync(codesFile()) ? readFileSync(codesFile(), 'utf8').split('\n') : [];
      const codes = lines.flatMap((line) => {
        const match = CODE_LINE.exec(line);
        return match && match[1] === mobile.slice(-4) ? [match[2]!] : [];
      });
      code = codes.length > after ? codes.at(-1) : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}
