import type { Db } from '../db/client';
import type { OutboxOptions } from '../modules/messages/messages.job';
import { walletChannel } from '../modules/wallet/wallet.channel';
import { pushChannel } from '../modules/push/push.channel';
import { reminderComposers } from '../modules/reminders/reminders.compose';
import { renewalReminderComposers } from '../modules/renewal-reminders/renewal-reminders.compose';
import type { Config } from './env';
import { createMailer, type Mailer } from './mail/mailer';
import { createMessenger } from './messaging/create-messenger';
import { mailMessenger } from './messaging/mail-provider';
import type { ProviderMessenger } from './messaging/messenger';

/**
 * Everything the outbox worker sends through (docs/OPERATING.md "Messages"), in one place for index.ts and createApp:
 * the provider MESSAGE_PROVIDER names (verification codes), its fallbacks, Web Push, Google Wallet, e-mail (hotels'
 * renewal reminders), and the composers that write each message's text just before it goes.
 */
export interface OutboxWiring {
  db: Db;
  config: Config;
  log: (line: string) => void;
  /** A provider made elsewhere (tests pass their own); made from MESSAGE_PROVIDER when omitted. */
  messenger?: ProviderMessenger;
  /** Tests pass a fetch of their own; defaults to the global one. */
  fetch?: typeof fetch;
  /** The mailer of the 'email' channel (tests pass their own); made from SMTP_* when omitted. */
  mailer?: Mailer;
  /** The signing secret of the guest links in messages, read at each send (index.ts loads it after start-up). */
  secret: () => string;
}

export function outboxChannels(
  wiring: OutboxWiring,
): Omit<OutboxOptions, 'db' | 'timeZone' | 'messenger'> & { messenger: ProviderMessenger } {
  const messenger =
    wiring.messenger ??
    createMessenger(wiring.config.messaging, {
      log: wiring.log,
      production: wiring.config.production,
      fetch: wiring.fetch,
    });
  // MESSAGE_FALLBACK: takes over a message the provider failed for good (docs/OPERATING.md "Messages").
  const fallback = wiring.config.messagingFallback;
  const fallbacks = fallback
    ? [createMessenger(fallback, { log: wiring.log, production: wiring.config.production, fetch: wiring.fetch })]
    : [];
  // Guest messages' words and links, written just before each send (docs/PRODUCT.md "Reminders"), on PUBLIC_URL,
  // which production requires; localhost only in development and tests (docs/SECURITY.md "Public links").
  const origin = wiring.config.publicUrl ?? `http://localhost:${wiring.config.port}`;
  const composers = {
    ...reminderComposers({ secret: wiring.secret, origin, timeZone: wiring.config.timeZone }),
    // Hotels' renewal reminders (docs/PRODUCT.md "Renewal reminders"), on the provider and by e-mail.
    ...renewalReminderComposers({ origin, timeZone: wiring.config.timeZone }),
  };
  const mailer =
    wiring.mailer ??
    createMailer(wiring.config.mail, { log: wiring.log, warn: wiring.log, production: wiring.config.production });
  const mail = mailMessenger(mailer, wiring.config.production);
  // Google Wallet passes' states (docs/OPERATING.md "Google Wallet"), when GOOGLE_WALLET_* is set.
  const { googleWallet } = wiring.config;
  const wallet = googleWallet && walletChannel({ db: wiring.db, wallet: googleWallet, fetch: wiring.fetch });
  // Web Push, first for a guest who subscribed on the page (docs/PRODUCT.md "Reminders").
  const push = pushChannel({
    db: wiring.db,
    subject: wiring.config.vapidSubject,
    dataKey: wiring.config.dataEncryptionKey,
    fetch: wiring.fetch,
  });
  return { messenger, fallbacks, composers, wallet, push, mail };
}
