import { eq } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import type { Db } from '../../db/client';
import { getContactInfo } from '../contact-us/contact-us.service';
import { hotels } from '../hotels/table';
import type { Composed, ComposedMessage, Composer } from '../messages/messages.job';
import { daysBetween, parseRenewalKey } from './renewal-keys';

/**
 * The words of a hotel's renewal reminder (docs/PRODUCT.md "Renewal reminders"), written just before the outbox sends
 * it: the hotel is read again, so a reminder queued for an end date that has since moved (a renewal, a cancelled
 * one) or a hotel archived or switched off meanwhile is cancelled with the reason. The params every channel reads:
 * `hotel`, `ends_on` (an Indian date, "27 Dec 2026"), `days_left` ("in 7 days", "tomorrow", "today"), `contact` (the
 * operator's Contact Us phone and e-mail), `sign_in_url` (the hotel area), `text` (the whole message) and
 * `email_subject`. English only: the hotel's owner reads the back office in English too.
 */
export interface RenewalReminderWiring {
  /** The public origin of the sign-in link (PUBLIC_URL, else the server's own address). */
  origin: string;
  timeZone: string;
  /** Tests pin "today". */
  now?: () => Date;
}

const clip = (text: string, max: number) => {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= max ? single : `${single.slice(0, max - 1).trimEnd()}…`;
};

export const daysLeftPhrase = (days: number) => (days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

export function renewalReminderComposers(
  wiring: RenewalReminderWiring,
): Partial<Record<ComposedMessage['kind'], Composer>> {
  return { renewal_reminder: (db, message) => composeRenewalReminder(db, message, wiring) };
}

async function composeRenewalReminder(
  db: Db,
  message: ComposedMessage,
  wiring: RenewalReminderWiring,
): Promise<Composed> {
  const reminder = parseRenewalKey(message.key);
  if (!reminder || !message.hotelId) return { cancel: 'not a renewal reminder' };
  const [hotel] = await db
    .select({
      name: hotels.name,
      end: hotels.subscriptionEnd,
      isActive: hotels.isActive,
      archivedAt: hotels.archivedAt,
    })
    .from(hotels)
    .where(eq(hotels.id, message.hotelId));
  if (!hotel || hotel.archivedAt) return { cancel: 'hotel archived' };
  if (!hotel.isActive) return { cancel: 'hotel switched off' };
  if (hotel.end !== reminder.end)
    return { cancel: `the subscription now ends on ${hotel.end ? formatDate(hotel.end) : 'no date'}` };
  const today = todayIn(wiring.timeZone, (wiring.now ?? (() => new Date()))());
  const daysLeft = daysBetween(today, reminder.end);
  if (daysLeft < 0) return { cancel: 'the subscription has ended' };

  const contactRow = await getContactInfo(db);
  const contact = contactRow
    ? [contactRow.mobileNumber, contactRow.mailSupport].filter((part) => part && part.trim() !== '').join(' or ')
    : '';
  const name = clip(hotel.name, 60);
  const endsOn = formatDate(reminder.end);
  const when = daysLeftPhrase(daysLeft);
  const signIn = `${wiring.origin}/login/hotel`;
  const reach = contact ? `contact StayPerks on ${contact}` : 'contact StayPerks (Contact Us in your hotel area)';
  const text = [
    `StayPerks: the subscription of ${name} ends on ${endsOn} (${when}).`,
    `After that day guests can no longer collect vouchers with your QR code. To renew, ${reach}.`,
    `Your hotel area: ${signIn}`,
  ].join('\n');
  return {
    params: {
      language: 'en',
      hotel: name,
      ends_on: endsOn,
      days_left: when,
      contact: contact || 'Contact Us in your hotel area',
      sign_in_url: signIn,
      title: `Your subscription ends ${when}`,
      text,
      email_subject: `${name}: your StayPerks subscription ends on ${endsOn}`,
    },
  };
}
