import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { formatDate } from '../../../shared/format';
import type { Hotel } from '../../../shared/types';
import { Badge } from '../../components/ui/Badge';
import { Button, IconButton } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { HotelLogo } from '../../components/HotelLogo';
import { EditButton, LoginRowButtons } from '../../components/lists/RowButtons';
import { EyeIcon, HistoryIcon, PlusIcon, QrIcon, RenewIcon } from '../../components/ui/icons';
import { ListTable, type Column } from '../../components/ui/Table';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { LocationSelect } from '../locations';
import type { ResetTarget } from '../passwords';
import { ResetPasswordDialog } from '../passwords';
import { hotelsQuery, useDeleteHotel } from './api';
import { HotelDetailsDialog } from './HotelDetailsDialog';
import { HotelFormDialog } from './HotelFormDialog';
import { QrDialog } from './QrDialog';
import { RenewalHistoryDialog } from './RenewalHistoryDialog';
import { RenewDialog } from './RenewDialog';

type Viewing = { kind: 'details' | 'history' | 'qr'; id: string } | null;

const COLUMNS: Column[] = [
  'Hotel Name',
  'Location',
  'Status',
  'First Created',
  'Renewals',
  'Subscription End',
  'Renewal History',
  'QR Code',
  'Actions',
];

/** Manage Hotels (docs/PRODUCT.md "Screens"): location filter, the hotels table and its dialogs. */
export function HotelsPage() {
  const [locationId, setLocationId] = useState<number | undefined>(undefined);
  // The list follows the filter once the new list is loaded; until then the old one stays on screen.
  const listed = useDeferredValue(locationId);
  const { data: hotels } = useSuspenseQuery(hotelsQuery(listed));
  const remove = useDeleteHotel();
  const [resetting, setResetting] = useState<ResetTarget | null>(null);

  // The form and renew dialogs keep the hotel as it was when opened, so a background refetch never resets typing.
  const form = useEditDialog<Hotel>();
  const [renewing, setRenewing] = useState<Hotel | null>(null);
  // The read-only dialogs follow the list, so they show a renewal at once.
  const [viewing, setViewing] = useState<Viewing>(null);
  const viewed = (kind: NonNullable<Viewing>['kind']) =>
    viewing?.kind === kind ? (hotels.find((h) => h.id === viewing.id) ?? null) : null;

  return (
    <section className="stack">
      <div className="toolbar hotels-toolbar">
        <div className="hotels-filter">
          <LocationSelect label="Filter by location" hiddenLabel value={locationId} onChange={setLocationId} />
          <Button variant="secondary" onClick={() => setLocationId(undefined)} disabled={locationId === undefined}>
            Clear Filter
          </Button>
        </div>
        <div className="hotels-toolbar-actions">
          <ExportButton path="hotels/export" params={{ location_id: listed }} fileName="hotels.csv" />
          <Button onClick={form.add}>
            <PlusIcon /> Add Hotel
          </Button>
        </div>
      </div>

      <ListTable
        count={hotels.length}
        empty={listed ? 'No hotels found in this location.' : 'No hotels found. Add your first hotel!'}
        className="hotels-table"
        caption="Hotels"
        columns={COLUMNS}
      >
        {hotels.map((hotel) => (
          <tr key={hotel.id}>
            <td>
              <span className="hotel-name-cell">
                <HotelLogo path={hotel.logo_url} className="hotel-logo-thumb" emptyClassName="hotel-logo-fallback" />
                <strong>{hotel.name}</strong>
              </span>
            </td>
            <td>{hotel.location_name}</td>
            <td>
              <Badge tone={hotel.is_active ? 'green' : 'red'}>{hotel.is_active ? 'Active' : 'Inactive'}</Badge>
            </td>
            <td>{formatDate(hotel.first_created_date)}</td>
            <td>{hotel.renewal_count}</td>
            <td>{formatDate(hotel.subscription_end)}</td>
            {(
              [
                ['history', 'Renewal history of', <HistoryIcon />],
                ['qr', 'QR code of', <QrIcon />],
              ] as const
            ).map(([kind, label, icon]) => (
              <td key={kind}>
                <IconButton
                  variant="secondary"
                  label={`${label} ${hotel.name}`}
                  onClick={() => setViewing({ kind, id: hotel.id })}
                >
                  {icon}
                </IconButton>
              </td>
            ))}
            <td>
              <span className="hotels-actions">
                <IconButton label={`View ${hotel.name}`} onClick={() => setViewing({ kind: 'details', id: hotel.id })}>
                  <EyeIcon />
                </IconButton>
                <EditButton name={hotel.name} onClick={() => form.edit(hotel)} />
                <Button
                  size="sm"
                  variant="secondary"
                  className="hotels-renew"
                  onClick={() => setRenewing(hotel)}
                  aria-label={`Renew ${hotel.name}`}
                >
                  <RenewIcon /> Renew
                </Button>
                <LoginRowButtons
                  kind="hotels"
                  id={hotel.id}
                  name={hotel.name}
                  thing="hotel"
                  remove={remove}
                  onReset={setResetting}
                />
              </span>
            </td>
          </tr>
        ))}
      </ListTable>

      <HotelFormDialog open={form.open} hotel={form.item} onClose={form.close} />
      <RenewDialog hotel={renewing} onClose={() => setRenewing(null)} />
      <HotelDetailsDialog
        hotel={viewed('details')}
        onClose={() => setViewing(null)}
        onEdit={(hotel) => {
          setViewing(null);
          form.edit(hotel);
        }}
        onRenew={(hotel) => {
          setViewing(null);
          setRenewing(hotel);
        }}
      />
      <RenewalHistoryDialog hotel={viewed('history')} onClose={() => setViewing(null)} />
      <QrDialog hotel={viewed('qr')} onClose={() => setViewing(null)} />
      <ResetPasswordDialog target={resetting} onClose={() => setResetting(null)} />
    </section>
  );
}
