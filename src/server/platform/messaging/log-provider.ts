import { codeOf, type ProviderMessenger, type MessengerOptions } from './messenger';

/**
 * The `log` provider (development, tests, the demo): prints what would be sent, the code included, as one log line;
 * the only place a code is ever logged (docs/SECURITY.md). The number shows its last 4 digits only. In production it
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
      options.log(
        code === undefined
          ? `Message ${message.kind} for ${to}`
          : `Verification code for ${to}: ${code} (log provider: nothing was sent)`,
      );
      sequence += 1;
      return Promise.resolve({ ok: true, providerMessageId: `log-${Date.now()}-${sequence}` });
    },
  };
}
