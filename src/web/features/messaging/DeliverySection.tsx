import { useSuspenseQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { formatDate, formatRupees } from '../../../shared/format';
import {
  CHANNEL_NAMES,
  MESSAGE_KIND_NAMES,
  PAID_CHANNELS,
  SWITCHABLE_KINDS,
  type SwitchableKind,
} from '../../../shared/schemas/messaging';
import { PageBoundary } from '../../components/layout/PageStatus';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { DateTimeStack } from '../../components/ui/DateTimeStack';
import { ListTable } from '../../components/ui/Table';
import { ActivityIcon, EditIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { messagingSettingsQuery, useSaveMessagingSettings, type MessagingSettings } from './api';
import { messagingDeliveryQuery, type MessagingDelivery } from './delivery-api';
import { LimitsDialog } from './LimitsDialog';

/**
 * Settings › Message delivery (docs/OPERATING.md "Messages"): today's spend on each paid channel against its daily
 * limit (red once reached: guest messages on it stop), a switch per message kind, messages per day by kind, channel
 * and status, and the latest failures with their reason.
 */
export function DeliverySection() {
  const { data: settings } = useSuspenseQuery(messagingSettingsQuery);
  const [editing, setEditing] = useState(false);
  return (
    <SettingsSection
      id="message-delivery"
      icon={<ActivityIcon />}
      title="Message delivery"
      description="Reminders, review requests and Wallet updates: what they cost today, which go out, and how they fared."
      action={
        <Button onClick={() => setEditing(true)}>
          <EditIcon /> Edit limits
        </Button>
      }
    >
      <SpendToday settings={settings} />
      <KindSwitches settings={settings} />
      <PageBoundary>
        <DeliveryFigures />
      </PageBoundary>
      <LimitsDialog open={editing} record={settings} onClose={() => setEditing(false)} />
    </SettingsSection>
  );
}

const paise = (n: number) => `${n.toLocaleString('en-IN')} paise`;

function SpendToday({ settings }: { settings: MessagingSettings }) {
  return (
    <section className="messaging-block" aria-labelledby="spend-today-title">
      <h3 id="spend-today-title">Spend today</h3>
      <ul className="messaging-spend">
        {PAID_CHANNELS.map((channel) => {
          const today = settings.today[channel];
          const price = settings.prices_paise[channel];
          return (
            <li key={channel} className={today.limit_reached ? 'messaging-spend-reached' : undefined}>
              <span className="messaging-spend-channel">{CHANNEL_NAMES[channel]}</span>
              <span className="messaging-spend-figure">
                {formatRupees(today.spend_rupees, 2)} <small>of {formatRupees(today.limit_rupees)} a day</small>
              </span>
              <span className="muted">
                {today.sends.toLocaleString('en-IN')} {today.sends === 1 ? 'message' : 'messages'} at {paise(price)}
              </span>
              {today.limit_reached && (
                <span className="messaging-limit-reached" role="alert">
                  Limit reached, sending stopped
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {settings.held_by_limit > 0 && (
        <p className="messaging-warning">
          {settings.held_by_limit.toLocaleString('en-IN')}{' '}
          {settings.held_by_limit === 1 ? 'message waits' : 'messages wait'} for tomorrow&apos;s budget or a raised
          limit.
        </p>
      )}
    </section>
  );
}

function KindSwitches({ settings }: { settings: MessagingSettings }) {
  const save = useSaveMessagingSettings();
  const toggle = async (kind: SwitchableKind) => {
    const off = settings.disabled_kinds.includes(kind);
    const disabled_kinds = off
      ? settings.disabled_kinds.filter((other) => other !== kind)
      : [...settings.disabled_kinds, kind];
    try {
      await save.mutateAsync({
        codes_per_hotel_day: settings.codes_per_hotel_day,
        codes_per_day: settings.codes_per_day,
        disabled_kinds,
      });
      toast.success(`${MESSAGE_KIND_NAMES[kind]} switched ${off ? 'on' : 'off'}`);
    } catch (error) {
      toast.error(errorText(error, 'Failed to save messaging settings'));
    }
  };
  return (
    <section className="messaging-block" aria-labelledby="kinds-title">
      <h3 id="kinds-title">Messages sent</h3>
      <ul className="messaging-kinds">
        {SWITCHABLE_KINDS.map((kind) => {
          const on = !settings.disabled_kinds.includes(kind);
          return (
            <li key={kind}>
              {/* The offers' switch look (back-office.css .mo-switch), as a labelled switch. */}
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={`kind-${kind}`}
                className={`mo-switch ${on ? 'mo-switch-on' : ''}`}
                disabled={save.isPending}
                onClick={() => void toggle(kind)}
              >
                <span className="mo-switch-thumb" aria-hidden="true" />
              </button>
              <span id={`kind-${kind}`}>{MESSAGE_KIND_NAMES[kind]}</span>
              {!on && <Badge tone="grey">Off</Badge>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Count = MessagingDelivery['counts'][number];
/** The statuses in a cell, in this order; queued and sending are "waiting". */
const STATUS_ORDER: [Count['status'][], string][] = [
  [['sent'], 'sent'],
  [['failed'], 'failed'],
  [['cancelled'], 'cancelled'],
  [['queued', 'sending'], 'waiting'],
];
const CHANNEL_ORDER: Count['channel'][] = ['push', 'whatsapp', 'sms', 'wallet', 'log'];

interface DayRow {
  key: string;
  day: string;
  /** The day's first row spans its others (the day is written once): how many; 0 on the others. */
  daySpan: number;
  kind: Count['kind'];
  /** channel → status → count */
  cells: Map<Count['channel'], Map<Count['status'], number>>;
}

/** One row per day and kind, newest day first, the kinds in the switches' order. */
function dayRows(counts: Count[]): DayRow[] {
  const rows = new Map<string, DayRow>();
  for (const count of counts) {
    const key = `${count.day} ${count.kind}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, day: count.day, daySpan: 0, kind: count.kind, cells: new Map() }));
    let cell = row.cells.get(count.channel);
    if (!cell) row.cells.set(count.channel, (cell = new Map<Count['status'], number>()));
    cell.set(count.status, count.count);
  }
  const kindOrder = Object.keys(MESSAGE_KIND_NAMES);
  const sorted = [...rows.values()].sort(
    (a, b) => b.day.localeCompare(a.day) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind),
  );
  for (const [i, row] of sorted.entries())
    if (sorted[i - 1]?.day !== row.day) row.daySpan = sorted.filter((other) => other.day === row.day).length;
  return sorted;
}

function Cell({ statuses }: { statuses: Map<Count['status'], number> | undefined }) {
  if (!statuses) return <span className="muted">—</span>;
  const parts = STATUS_ORDER.flatMap(([of, label]) => {
    const n = of.reduce((sum, status) => sum + (statuses.get(status) ?? 0), 0);
    return n > 0 ? [{ label, n }] : [];
  });
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={part.label}>
          {i > 0 && ' · '}
          <span className={part.label === 'failed' ? 'messaging-failed' : undefined}>
            {part.label} {part.n.toLocaleString('en-IN')}
          </span>
        </Fragment>
      ))}
    </>
  );
}

function DeliveryFigures() {
  const { data } = useSuspenseQuery(messagingDeliveryQuery);
  const rows = dayRows(data.counts);
  const channels = CHANNEL_ORDER.filter((channel) => data.counts.some((count) => count.channel === channel));
  const range = `${formatDate(data.from)} to ${formatDate(data.to)}`;
  return (
    <>
      <section className="messaging-block" aria-labelledby="delivery-title">
        <h3 id="delivery-title">
          Messages by day <small className="muted">{range}</small>
        </h3>
        <ListTable
          rows={rows}
          empty="No messages in these days."
          caption="Messages by day, kind and channel"
          className="messaging-delivery"
          columns={[['Day', 'table-key'], 'Message', ...channels.map((channel) => CHANNEL_NAMES[channel])]}
        >
          {(row) => (
            <tr key={row.key} className={row.daySpan > 0 ? 'messaging-day-first' : undefined}>
              {row.daySpan > 0 && (
                <th scope="rowgroup" rowSpan={row.daySpan} className="messaging-day table-key">
                  {formatDate(row.day)}
                </th>
              )}
              <td>{MESSAGE_KIND_NAMES[row.kind]}</td>
              {channels.map((channel) => (
                <td key={channel}>
                  <Cell statuses={row.cells.get(channel)} />
                </td>
              ))}
            </tr>
          )}
        </ListTable>
      </section>
      <section className="messaging-block" aria-labelledby="failures-title">
        <h3 id="failures-title">Latest failures</h3>
        <ListTable
          rows={data.failures}
          empty="No failed or cancelled messages in these days."
          caption="Latest failed and cancelled messages"
          className="messaging-failures"
          columns={['Time', 'Message', 'Channel', 'Status', 'Reason']}
        >
          {(failure) => (
            <tr key={failure.id}>
              <td className="table-key">
                <DateTimeStack value={failure.created_at} />
              </td>
              <td>{MESSAGE_KIND_NAMES[failure.kind]}</td>
              <td>{CHANNEL_NAMES[failure.channel]}</td>
              <td>
                <Badge tone={failure.status === 'failed' ? 'red' : 'grey'}>
                  {failure.status === 'failed' ? 'Failed' : 'Cancelled'}
                </Badge>
              </td>
              <td className="messaging-reason">{failure.last_error ?? '—'}</td>
            </tr>
          )}
        </ListTable>
      </section>
    </>
  );
}
