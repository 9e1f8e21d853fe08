import type { Config, MessagingConfig } from '../env';

/**
 * Sending a message to a guest (docs/OPERATING.md "Messages"): one interface, a provider per channel chosen by
 * MESSAGE_PROVIDER. The outbox (modules/messages) decides what is sent when; a provider only sends one message and says
 * how it went. Nothing here writes the database.
 */
export type MessageChannel = MessagingConfig['provider'] | 'push' | 'wallet' | 'email';
/** A provider MESSAGE_PROVIDER can name: the one that sends verification codes. */
export type ProviderChannel = MessagingConfig['provider'];

/** What a message is (messages.kind; modules/messages/table.ts lists them). */
export type MessageKind =
  | 'verification_code'
  | 'checkout_reminder'
  | 'expiry_reminder'
  | 'review_request'
  | 'wallet_update'
  | 'renewal_reminder';

/**
 * One message as the outbox hands it over: the recipient is a 10-digit Indian mobile number (none for a Wallet
 * update). `params` are the template's variables: a code, or what a reminder's composer wrote just before the send
 * (first name, counts, links, `language`). `subject`, `key` and `scanId` say what it is about (push finds the scan's
 * subscriptions by it, a Wallet update its coupon).
 */
export interface OutgoingMessage {
  id: string;
  kind: MessageKind;
  recipient: string;
  params: Record<string, string>;
  subject?: string;
  key?: string;
  scanId?: string | null;
}

/** A provider's answer: its message id, or why not and whether trying again may help (a network fault, 429, 5xx). */
export type SendResult = { ok: true; providerMessageId: string } | { ok: false; retryable: boolean; error: string };

export interface Messenger {
  readonly channel: MessageChannel;
  /**
   * Whether codes may go through this provider: the log provider prints them, which production must never do while
   * guests rely on them (docs/SECURITY.md); there it refuses.
   */
  readonly canSendCodes: boolean;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** The configured provider: sends verification codes, and guest messages after push. */
export interface ProviderMessenger extends Messenger {
  readonly channel: ProviderChannel;
}

export interface MessengerOptions {
  /** Where the log provider writes its line (the server's logger at info). */
  log: (line: string) => void;
  production: boolean;
  /** Tests pass a fetch of their own; defaults to the global one. */
  fetch?: typeof fetch;
  /** A provider call gives up after this long (a retryable failure). */
  timeoutMs?: number;
}

/**
 * Whether the configured provider may send codes: not the log provider in production (docs/SECURITY.md: a code in
 * the logs is a code anyone with log access can use).
 */
export const providerSendsCodes = (config: Pick<Config, 'messaging' | 'production'>) =>
  config.messaging.provider !== 'log' || !config.production;

/** India's country code before the 10-digit number, as both providers want it (no +). */
export const internationalNumber = (mobile: string) => `91${mobile}`;

/** The code of a verification message: the one template variable it has. */
export function codeOf(message: OutgoingMessage): string | undefined {
  return message.kind === 'verification_code' ? message.params.code : undefined;
}

/**
 * A provider's error text fit for messages.last_error and the logs: without the code, the number or long digit runs,
 * at most 300 characters.
 */
export function providerError(text: string, message: OutgoingMessage): string {
  let out = text;
  for (const secret of [message.params.code, message.recipient]) if (secret) out = out.split(secret).join('…');
  return out.replace(/\d{7,}/g, '…').slice(0, 300);
}

/** POSTs with a timeout; a network failure or a timeout is a retryable failure, as is 429 or 5xx. */
export async function postToProvider(
  options: MessengerOptions,
  url: string,
  init: { headers: Record<string, string>; body: string },
  message: OutgoingMessage,
): Promise<{ status: number; body: unknown } | Extract<SendResult, { ok: false }>> {
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the error.
    }
    return { status: res.status, body };
  } catch (error) {
    return {
      ok: false,
      retryable: true,
      error: providerError(`request failed: ${error instanceof Error ? error.message : String(error)}`, message),
    };
  }
}

/** A failed HTTP answer: 408, 429 and 5xx may pass later, any other 4xx will not. */
export function httpFailure(status: number, detail: string, message: OutgoingMessage): SendResult {
  return {
    ok: false,
    retryable: status === 408 || status === 429 || status >= 500,
    error: providerError(`HTTP ${status}: ${detail}`, message),
  };
}
