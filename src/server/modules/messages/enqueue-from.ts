import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { MessageChannel, MessageKind } from '../../platform/messaging/messenger';
import { messages } from './table';

/**
 * Queues one outbox message per row of `from` (docs/OPERATING.md "Messages"), as SQL for the caller's statement: an
 * INSERT ... SELECT that can stand in a CTE of a larger one (the redemption's, which thus queues a Google Wallet
 * update without a round trip of its own), or run alone. The columns are SQL over `from`'s rows; a second message
 * with the same (subject, kind, key) is ignored, as enqueueMessage does.
 */
export function enqueueMessagesFrom(
  from: SQLWrapper,
  message: { subject: SQL; kind: MessageKind; key: SQL; channel: MessageChannel; recipient: SQL },
): SQL {
  return sql`insert into ${messages} (subject, kind, key, channel, recipient)
    select ${message.subject}, ${message.kind}, ${message.key}, ${message.channel}, ${message.recipient}
    from ${from}
    on conflict (subject, kind, key) do nothing`;
}
