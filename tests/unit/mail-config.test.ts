import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/env';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { mobileOf } from '../../src/server/modules/password-reset/password-reset.service';

/** E-mail settings (docs/OPERATING.md "E-mail") as loadConfig reads them, and the log mailer. */
const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
const problemsOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe('SMTP settings', () => {
  it('uses the log mailer when nothing is set', () => {
    expect(load({}).mail).toEqual({ provider: 'log' });
  });

  it('reads SMTP_HOST with its port, user and password, or SMTP_URL, with MAIL_FROM', () => {
    expect(
      load({
        SMTP_HOST: 'mail.example.com',
        SMTP_PORT: '465',
        SMTP_USER: 'relay',
        SMTP_PASS: 'secret',
        MAIL_FROM: 'StayPerks <no-reply@stayperks.in>',
      }).mail,
    ).toEqual({
      provider: 'smtp',
      url: undefined,
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'relay',
      pass: 'secret',
      from: 'StayPerks <no-reply@stayperks.in>',
    });
    const byUrl = load({ SMTP_URL: 'smtp://relay:secret@mail.example.com:587', MAIL_FROM: 'no-reply@stayperks.in' });
    expect(byUrl.mail).toMatchObject({
      provider: 'smtp',
      url: 'smtp://relay:secret@mail.example.com:587',
      secure: false,
    });
  });

  it('says what is wrong, naming the variable', () => {
    expect(problemsOf({ SMTP_HOST: 'mail.example.com' })).toContain('MAIL_FROM is required when SMTP_URL or SMTP_HOST');
    expect(problemsOf({ SMTP_HOST: 'a.example', SMTP_URL: 'smtp://b.example', MAIL_FROM: 'x@y.in' })).toContain(
      'Set SMTP_URL or SMTP_HOST, not both',
    );
    expect(problemsOf({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'x@y.in' })).toContain(
      'SMTP_URL must look like smtp://',
    );
    expect(problemsOf({ SMTP_HOST: 'a.example', SMTP_PORT: '99999', MAIL_FROM: 'x@y.in' })).toContain(
      'SMTP_PORT must be a port number',
    );
    expect(problemsOf({ SMTP_HOST: 'a.example', SMTP_USER: 'relay', MAIL_FROM: 'x@y.in' })).toContain(
      'SMTP_USER and SMTP_PASS must be set together',
    );
    expect(problemsOf({ SMTP_USER: 'relay', SMTP_PASS: 'secret' })).toContain('need SMTP_HOST');
    expect(problemsOf({ SMTP_HOST: 'a.example', MAIL_FROM: 'not an address' })).toContain(
      'MAIL_FROM must be an e-mail address',
    );
  });
});

describe('the log mailer', () => {
  const mail = { to: 'asha.rao@example.test', subject: 'Code', text: 'Your code: 123456' };

  it('prints the message with the address masked, outside production', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ provider: 'log' }, { log: (l) => lines.push(l), warn: () => {}, production: false });
    expect(mailer.canSendCodes).toBe(true);
    expect(await mailer.send(mail)).toBe(true);
    expect(lines).toEqual(['E-mail to a***@example.test: Code: Your code: 123456']);
  });

  it('sends and prints nothing in production, and says so', async () => {
    const lines: string[] = [];
    const warnings: string[] = [];
    const mailer = createMailer(
      { provider: 'log' },
      { log: (l) => lines.push(l), warn: (l) => warnings.push(l), production: true },
    );
    expect(mailer.canSendCodes).toBe(false);
    expect(await mailer.send(mail)).toBe(false);
    expect(lines).toEqual([]);
    expect(warnings.join()).not.toContain('123456');
  });
});

describe("a login's registered mobile", () => {
  it('reads a 10-digit Indian mobile however it was typed, and nothing else', () => {
    expect(mobileOf('+91 98450 12345')).toBe('9845012345');
    expect(mobileOf('098450-12345')).toBe('9845012345');
    expect(mobileOf('9845012345')).toBe('9845012345');
    expect(mobileOf('022 2345 6789')).toBeUndefined();
    expect(mobileOf('12345')).toBeUndefined();
    expect(mobileOf(null)).toBeUndefined();
  });
});
