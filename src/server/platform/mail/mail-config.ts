/**
 * E-mail settings (docs/OPERATING.md "E-mail"): SMTP_URL, or SMTP_HOST with SMTP_PORT, SMTP_USER and SMTP_PASS, and
 * MAIL_FROM. Without any of them the `log` mailer is used (development, tests, the demo), which sends nothing.
 */
export type MailConfig =
  | { provider: 'log' }
  | {
      provider: 'smtp';
      /** smtp://user:pass@host:port or smtps://… (nodemailer reads it whole). */
      url?: string;
      host?: string;
      port: number;
      /** TLS from the first byte (port 465, or smtps://); otherwise STARTTLS when the server offers it. */
      secure: boolean;
      user?: string;
      pass?: string;
      from: string;
    };

export interface MailEnv {
  SMTP_URL?: string;
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_USER?: string;
  SMTP_PASS?: string;
  MAIL_FROM?: string;
}

/** "Name <address>" or a bare address, as a From header takes it. */
const FROM = /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** The mailer's settings, or every problem with them, each naming the variable. */
export function mailConfig(e: MailEnv): MailConfig | string[] {
  const problems: string[] = [];
  if (e.SMTP_URL && e.SMTP_HOST) problems.push('Set SMTP_URL or SMTP_HOST, not both');
  if (e.SMTP_URL && !/^smtps?:\/\/[^\s/]+/.test(e.SMTP_URL))
    problems.push('SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps://…)');
  const port = e.SMTP_PORT ? Number(e.SMTP_PORT) : 587;
  if (e.SMTP_PORT && !(/^\d+$/.test(e.SMTP_PORT) && port >= 1 && port <= 65535))
    problems.push('SMTP_PORT must be a port number (1-65535), such as 587 or 465');
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASS)) problems.push('SMTP_USER and SMTP_PASS must be set together');
  const smtp = Boolean(e.SMTP_URL || e.SMTP_HOST);
  if (!smtp && (e.SMTP_PORT || e.SMTP_USER || e.SMTP_PASS))
    problems.push('SMTP_PORT, SMTP_USER and SMTP_PASS need SMTP_HOST (or use SMTP_URL)');
  if (smtp && !e.MAIL_FROM)
    problems.push('MAIL_FROM is required when SMTP_URL or SMTP_HOST is set (the address e-mails are sent from)');
  if (e.MAIL_FROM && !FROM.test(e.MAIL_FROM))
    problems.push('MAIL_FROM must be an e-mail address, such as StayPerks <no-reply@stayperks.in>');
  if (problems.length > 0) return problems;
  if (!smtp) return { provider: 'log' };
  return {
    provider: 'smtp',
    url: e.SMTP_URL,
    host: e.SMTP_HOST,
    port,
    secure: e.SMTP_URL ? e.SMTP_URL.startsWith('smtps:') : port === 465,
    user: e.SMTP_USER,
    pass: e.SMTP_PASS,
    from: e.MAIL_FROM!,
  };
}
