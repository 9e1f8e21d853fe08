import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useDeferredValue, useState } from 'react';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
} from '../../../shared/audit-actions';
import { formatDateTime } from '../../../shared/format';
import type { AuditEvent } from '../../../shared/api-types';
import { ClearFilters, DateRangeFields, FilterSelect, SearchField } from '../../components/filters/FilterFields';
import { useTypingPause } from '../../components/filters/use-typing-pause';
import { PageBoundary } from '../../components/layout/PageStatus';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { LoadMore, pagedRows } from '../../components/lists/PagedList';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Detail } from '../../components/ui/Detail';
import { ActivityIcon } from '../../components/ui/icons';
import { hiddenHeader, Table, TableHead, type Column } from '../../components/ui/Table';
import { auditEventsQuery, type ActivityFilters } from './api';

const ACTION_LABELS: Record<string, string> = AUDIT_ACTION_LABELS;
const ENTITY_LABELS: Record<string, string> = AUDIT_ENTITY_LABELS;
const ENTITY_OPTIONS = AUDIT_ENTITIES.map((entity) => ({ id: entity, name: AUDIT_ENTITY_LABELS[entity] }));
// An event stored under a name no longer listed still shows, under its raw name.
const entityLabel = (entity: string | null) => (entity ? (ENTITY_LABELS[entity] ?? entity) : '-');

function actionTone(action: string): BadgeTone {
  if (action === 'login.failure' || action === 'login.locked' || /\.(delete|archive|erase)$/.test(action)) return 'red';
  if (action.endsWith('.create')) return 'green';
  if (action === 'coupon.redeem') return 'blue';
  if (action === 'login.success' || action === 'logout') return 'grey';
  return 'orange';
}

type Values = Record<string, unknown>;
const asValues = (value: unknown): Values | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : null;

/** The record's name as the back office knows it (hotel name, offer name, username, voucher code), else its id. */
function recordName(event: AuditEvent): string {
  const values = asValues(event.after) ?? asValues(event.before);
  const name = values?.name ?? values?.offer_name ?? values?.username ?? values?.code;
  if (typeof name === 'string' && name) return name;
  if (event.entity === 'user' && event.actor_username && !event.actor_id) return event.actor_username;
  if (event.entity === 'user' && event.entity_id === event.actor_id && event.actor_username)
    return event.actor_username;
  return event.entity_id ? `#${event.entity_id.length > 12 ? event.entity_id.slice(0, 8) : event.entity_id}` : '-';
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const fieldLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

const EMPTY_FILTERS: ActivityFilters = {};

const COLUMNS: Column[] = ['Time', 'User', 'Action', 'Record', 'Address', [hiddenHeader('Details'), 'actions-col']];

/**
 * Activity (docs/SECURITY.md "Audit trail"): who signed in, changed what and redeemed which voucher, newest first,
 * with the values before and after each change. Settings is role superadmin only, as is GET /audit-events.
 */
export function ActivitySection() {
  const [filters, setFilters] = useState<ActivityFilters>(EMPTY_FILTERS);
  const [userText, setUserText] = useState('');
  const change = (next: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...next }));
  // The list follows the filters once the new events are loaded; until then the old ones stay on screen.
  const shown = useDeferredValue(filters);

  // The user box filters once typing pauses.
  useTypingPause(userText, (user) => setFilters((c) => (c.user === user ? c : { ...c, user })));

  const anyFilter = Object.values(filters).some(Boolean) || userText.trim() !== '';

  return (
    <SettingsSection
      id="activity"
      icon={<ActivityIcon />}
      title="Activity"
      description="Sign-ins, changes and redemptions: who, what, when and from where, with the values before and after. Kept for at least a year."
    >
      <div className="activity-filters" role="search" aria-label="Filter activity">
        <SearchField label="User" placeholder="Username" value={userText} onChange={setUserText} icon={false} />
        <FilterSelect label="Action" all="All actions" value={filters.action} onChange={(action) => change({ action })}>
          {AUDIT_ACTION_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {Object.entries<string>(group.actions).map(([action, label]) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
            </optgroup>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Record"
          all="All records"
          value={filters.entity}
          options={ENTITY_OPTIONS}
          onChange={(entity) => change({ entity, entity_id: undefined })}
        />
        <DateRangeFields
          from={filters.date_from}
          to={filters.date_to}
          onFrom={(date_from) => change({ date_from })}
          onTo={(date_to) => change({ date_to })}
        />
        <div className="activity-filter-actions">
          <ClearFilters
            active={anyFilter}
            onClear={() => {
              setUserText('');
              setFilters(EMPTY_FILTERS);
            }}
          >
            Clear Filters
          </ClearFilters>
        </div>
      </div>
      {filters.entity_id && (
        <p className="activity-scope">
          Showing the history of one {entityLabel(filters.entity ?? null).toLowerCase()}.{' '}
          <Button variant="ghost" size="sm" onClick={() => change({ entity_id: undefined })}>
            Show all
          </Button>
        </p>
      )}

      <PageBoundary resetKey={shown} pending={<p className="muted">Loading activity...</p>}>
        <ActivityList filters={shown} onRecord={(entity, entity_id) => change({ entity, entity_id })} />
      </PageBoundary>
    </SettingsSection>
  );
}

/** The events for the filters, with Load more; a refused filter (422) says why in the list's place. */
function ActivityList({
  filters,
  onRecord,
}: {
  filters: ActivityFilters;
  onRecord: (entity: string, entityId: string) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const events = useSuspenseInfiniteQuery(auditEventsQuery(filters));
  const { rows, refused } = pagedRows(events.data.pages);

  return (
    <>
      {refused ? (
        <p className="status-text" role="alert">
          {refused}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">No activity found.</p>
      ) : (
        <Table caption="Activity events">
          <TableHead columns={COLUMNS} />
          <tbody>
            {rows.map((event) => {
              const expanded = open === event.id;
              const detailsId = `activity-details-${event.id}`;
              const { entity, entity_id: entityId } = event;
              return (
                <Fragment key={event.id}>
                  <tr className={expanded ? 'activity-open' : undefined}>
                    <td>{formatDateTime(event.at)}</td>
                    <td>{event.actor_username ?? <span className="muted">Nobody signed in</span>}</td>
                    <td>
                      <Badge tone={actionTone(event.action)}>{ACTION_LABELS[event.action] ?? event.action}</Badge>
                    </td>
                    <td className="activity-record">
                      <span className="activity-entity">{entityLabel(event.entity)}</span>
                      {entity && entityId && entityId !== filters.entity_id ? (
                        <button
                          type="button"
                          className="link-button"
                          title="Show this record's history"
                          onClick={() => onRecord(entity, entityId)}
                        >
                          {recordName(event)}
                        </button>
                      ) : (
                        <span>{recordName(event)}</span>
                      )}
                    </td>
                    <td>{event.address ?? '-'}</td>
                    <td className="actions-col">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-expanded={expanded}
                        aria-controls={detailsId}
                        onClick={() => setOpen(expanded ? null : event.id)}
                      >
                        {expanded ? 'Hide' : 'Details'}
                      </Button>
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={detailsId} className="activity-details">
                      <td colSpan={COLUMNS.length}>
                        <EventDetails event={event} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      )}
      {!refused && <LoadMore list={events} />}
    </>
  );
}

/** The values before and after one change; on an edit the unchanged fields are folded away. */
function EventDetails({ event }: { event: AuditEvent }) {
  const [everything, setEverything] = useState(false);
  const before = asValues(event.before);
  const after = asValues(event.after);
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const changed = (key: string) =>
    Boolean(before && after) && JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]);
  const edit = Boolean(before && after) && keys.some(changed);
  const shown = edit && !everything ? keys.filter(changed) : keys;

  return (
    <div className="activity-detail">
      <dl className="activity-facts">
        <Detail label="Time">
          {new Date(event.at).toLocaleString('en-IN', {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          })}
        </Detail>
        <Detail label="User id">{event.actor_id}</Detail>
        <Detail label="Record id">{event.entity_id}</Detail>
      </dl>
      {keys.length === 0 ? (
        <p className="muted">No values recorded for this action.</p>
      ) : (
        <table className="activity-changes">
          <thead>
            <tr>
              <th scope="col">Field</th>
              {before && <th scope="col">Before</th>}
              {after && <th scope="col">After</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((key) => (
              <tr key={key} className={changed(key) ? 'changed' : undefined}>
                <th scope="row">{fieldLabel(key)}</th>
                {before && <td>{show(before[key])}</td>}
                {after && <td>{show(after[key])}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {edit && keys.length > shown.length && (
        <Button variant="ghost" size="sm" onClick={() => setEverything(true)}>
          Show unchanged fields ({keys.length - shown.length})
        </Button>
      )}
    </div>
  );
}
