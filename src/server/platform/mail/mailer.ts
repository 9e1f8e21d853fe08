import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lib/heavy-modules';
import type { MailConfig } from './mail-config';

/**
 * Sending an e-mail (docs/OPERATING.md "E-mail"): one interface, the `log` mailer for development, tests and the
 * demo, SMTP otherwise. Only back-office password resets use it (docs/SECURITY.md "Forgot password").
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly provider: MailConfig['provider'];
  /**
   * Whether codes may go by this mailer: not the log mailer in production, where a code in the logs is a code anyone
   * with log access can use (as the log message provider).
   */
  readonly canSendCodes: boolean;
  /** Sends; a failure is logged (without the message's text) and answers false. */
  send(mail: OutgoingMail): Promise<boolean>;
}

export interface MailerOptions {
  /** Where the log mailer writes its line (the server's logger at info). */
  log: (line: string) => void;
  /** Where a failed send is reported (the server's logger at warn). */
  warn: (line: string) => void;
  production: boolean;
}

/** An address as the logs may show it: its first letter and its domain. */
export const maskedAddress = (address: string) => address.replace(/^(.)[^@]*/, '$1***');

export function createMailer(config: MailConfig, options: MailerOptions): Mailer {
  if (config.provider === 'log') {
    return {
      provider: 'log',
      canSendCodes: !options.production,
      send(mail) {
        if (options.production) {
          options.warn(`E-mail to ${maskedAddress(mail.to)} not sent: the log mailer does not send in production`);
          return Promise.resolve(false);
        }
        // The only place a reset code is ever logged: development and tests read it here.
        options.log(`E-mail to ${maskedAddress(mail.to)}: ${mail.subject}: ${mail.text.replace(/\s+/g, ' ').trim()}`);
        return Promise.resolve(true);
      },
    };
  }
  const auth = config.user ? { user: config.user, pass: config.pass } : undefined;
  // A mail server that does not answer gives up within seconds, not nodemailer's minutes.
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  // Made on the first e-mail: nodemailer is loaded only then (platform/lib/heavy-modules.ts).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= loadNodemailer().then(({ createTransport }) =>
      config.url
        ? createTransport({ url: config.url, ...timeouts })
        : createTransport({ host: config.host, port: config.port, secure: config.secure, auth, ...timeouts }),
    ));
  return {
    provider: 'smtp',
    canSendCodes: true,
    async send(mail) {
      try {
        await (
          await transporter()
        ).sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
        return true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.warn(`E-mail to ${maskedAddress(mail.to)} not sent: ${reason.slice(0, 300)}`);
        return false;
      }
    },
  };
}
