import { codeOf, type ProviderMessenger, type MessengerOptions } from './messenger';
import { isTemplateKind } from './templates';

/**
 * The `log` provider (development, tests, the demo): prints what would be sent, the code included, as one log line;
 * the only place a code is ever logged (docs/SECURITY.md). A guest message's line holds its whole text (`params.text`,
 * links included), so a demo shows what a guest would read. The number shows its last 4 digits only. In production it
 * sends nothing and says so: a code in the logs is a code anyone with log access can use.
 */
export function logMessenger(options: MessengerOptions): ProviderMessenger {
  let sequence = 0;
  return {
    channel: 'log',
    canSendCodes: !options.production,
    send(message) {
      if (options.production)
        return Promise.resolve({ ok: false, retryable: false, error: 'the log provider does not send in production' });
      const code = codeOf(message);
      const to = `******${message.recipient.slice(-4)}`;
      const text = message.params.text?.replace(/\s+/g, ' ').trim();
      options.log(
        code !== undefined
          ? `Verification code for ${to}: ${code} (log provider: nothing was sent)`
          : text && isTemplateKind(message.kind)
            ? `Message ${message.kind} for ${to}: ${text}`
            : `Message ${message.kind} for ${to}`,
      );
      sequence += 1;
      return Promise.resolve({ ok: true, providerMessageId: `log-${Date.now()}-${sequence}` });
    },
  };
}
