import type { Mailer } from '../mail/mailer';
import type { Messenger } from './messenger';

/**
 * The outbox's 'email' channel (docs/OPERATING.md "E-mail"): a message whose recipient is an address, sent by the
 * mailer (SMTP, or the log mailer) with the composer's `email_subject` and `text`. The mailer only says whether it
 * went: a failure is tried again as any message's is; the log mailer in production never sends, so it fails for good.
 */
export function mailMessenger(mailer: Mailer, production: boolean): Messenger {
  let sequence = 0;
  return {
    channel: 'email',
    canSendCodes: false,
    async send(message) {
      if (mailer.provider === 'log' && production)
        return { ok: false, retryable: false, error: 'the log mailer does not send in production' };
      const subject = message.params.email_subject;
      const text = message.params.text;
      if (!subject || !text) return { ok: false, retryable: false, error: `${message.kind} without its e-mail text` };
      if (!(await mailer.send({ to: message.recipient, subject, text })))
        return { ok: false, retryable: true, error: 'the mail server did not take it' };
      sequence += 1;
      return { ok: true, providerMessageId: `mail-${Date.now()}-${sequence}` };
    },
  };
}
