import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CODES_PER_DAY, DEFAULT_CODES_PER_HOTEL_DAY } from '../../../shared/schemas/verification';
import type { MessagingSettingsInput } from '../../../shared/schemas/messaging';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { MessageChannel } from '../../platform/messaging/messenger';
import { asAuditRecord, recordAudit, type AuditContext } from '../audit/audit.service';
import { verificationDaySends } from '../verification/table';
import { messages, messagingSettings } from './table';

/** One message to put in the outbox (docs/PRODUCT.md "Guest trust", "Messages"). */
export interface NewMessage {
  subject: string;
  kind: (typeof messages.$inferInsert)['kind'];
  key?: string;
  channel: MessageChannel;
  recipient: string;
  params: Record<string, string>;
  hotelId?: string | null;
  scanId?: string | null;
}

/**
 * Queues a message in the caller's transaction, once: a second message with the same (subject, kind, key) is
 * ignored, whoever writes it. Answers whether this call queued it. The worker (messages.job.ts) sends it.
 */
export async function enqueueMessage(tx: Db, message: NewMessage): Promise<boolean> {
  const inserted = await tx
    .insert(messages)
    .values({
      subject: message.subject,
      kind: message.kind,
      key: message.key ?? '',
      channel: message.channel,
      recipient: message.recipient,
      params: message.params,
      hotelId: message.hotelId ?? null,
      scanId: message.scanId ?? null,
    })
    .onConflictDoNothing({ target: [messages.subject, messages.kind, messages.key] })
    .returning({ id: messages.id });
  return inserted.length === 1;
}

/**
 * Queues every message a select answers, in one statement, each once: a row whose (subject, kind, key) is there
 * already is skipped, whoever wrote it. The reminders job's way (modules/reminders/reminders.job.ts): a season's scans
 * are never loaded into the server. The select answers, in this order: subject, kind, key, channel, recipient,
 * hotel_id, scan_id, next_attempt_at, expires_at (params start empty: a composer writes them at send time). Answers
 * how many it queued.
 */
export async function enqueueSelected(db: Db, select: SQL): Promise<number> {
  const [row] = rowsOf<{ queued: number }>(
    await db.execute(sql`
      with queued as (
        insert into ${messages} (subject, kind, key, channel, recipient, hotel_id, scan_id, next_attempt_at, expires_at)
        ${select}
        on conflict (subject, kind, key) do nothing
        returning 1
      )
      select count(*)::int as queued from queued`),
  );
  return row?.queued ?? 0;
}

export interface MessagingBudgets {
  codesPerHotelDay: number;
  codesPerDay: number;
}

/** The daily budgets of verification codes: the saved row, or the defaults until the super admin saves one. */
export async function getMessagingBudgets(db: Db): Promise<MessagingBudgets> {
  const [row] = await db
    .select({ codesPerHotelDay: messagingSettings.codesPerHotelDay, codesPerDay: messagingSettings.codesPerDay })
    .from(messagingSettings)
    .where(eq(messagingSettings.id, 1));
  return row ?? { codesPerHotelDay: DEFAULT_CODES_PER_HOTEL_DAY, codesPerDay: DEFAULT_CODES_PER_DAY };
}

export interface MessagingSettings extends MessagingBudgets {
  /** Rupees a day per paid channel. */
  spendLimits: Partial<Record<MessageChannel, number>>;
  /** Paise per message per paid channel. */
  pricesPaise: Partial<Record<MessageChannel, number>>;
  disabledKinds: string[];
}

const DEFAULT_SETTINGS: MessagingSettings = {
  codesPerHotelDay: DEFAULT_CODES_PER_HOTEL_DAY,
  codesPerDay: DEFAULT_CODES_PER_DAY,
  spendLimits: { whatsapp: 500, sms: 500 },
  pricesPaise: { whatsapp: 13, sms: 25 },
  disabledKinds: [],
};

/** Every messaging setting: the saved row, or the defaults until the super admin saves one. */
export async function getMessagingSettings(db: Db): Promise<MessagingSettings> {
  const [row] = await db
    .select({
      codesPerHotelDay: messagingSettings.codesPerHotelDay,
      codesPerDay: messagingSettings.codesPerDay,
      spendLimits: messagingSettings.spendLimits,
      pricesPaise: messagingSettings.pricesPaise,
      disabledKinds: messagingSettings.disabledKinds,
    })
    .from(messagingSettings)
    .where(eq(messagingSettings.id, 1));
  return row ?? DEFAULT_SETTINGS;
}

/**
 * Saves the messaging settings (one upsert; the audit trail keeps before and after). The code budgets are always
 * given; the spend limits, prices and switched-off kinds keep their saved values when absent.
 */
export async function saveMessagingSettings(
  db: Db,
  input: MessagingSettingsInput,
  audit: AuditContext,
): Promise<MessagingSettings> {
  return db.transaction(async (tx) => {
    const before = await getMessagingSettings(tx);
    const after: MessagingSettings = {
      codesPerHotelDay: input.codes_per_hotel_day,
      codesPerDay: input.codes_per_day,
      spendLimits: input.spend_limits ?? before.spendLimits,
      pricesPaise: input.prices_paise ?? before.pricesPaise,
      disabledKinds: input.disabled_kinds ?? before.disabledKinds,
    };
    await tx
      .insert(messagingSettings)
      .values({ id: 1, ...after })
      .onConflictDoUpdate({ target: messagingSettings.id, set: { ...after, updatedAt: new Date() } });
    await recordAudit(tx, audit, {
      action: 'messaging_settings.update',
      entity: 'messaging_settings',
      entityId: 1,
      before: asAuditRecord(before),
      after: asAuditRecord(after),
    });
    return after;
  });
}

/** Codes sent (queued) on a business day for the whole programme: the budget's own counter. */
export async function codesSentOn(db: Db, day: string): Promise<number> {
  const [row] = await db
    .select({ sends: verificationDaySends.sends })
    .from(verificationDaySends)
    .where(and(eq(verificationDaySends.scope, 'programme'), eq(verificationDaySends.day, day)));
  return row?.sends ?? 0;
}

/** Messages by status (the Settings section's figures and the tests). */
export async function countMessagesByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: messages.status, n: sql<number>`count(*)::int` })
    .from(messages)
    .groupBy(messages.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}
