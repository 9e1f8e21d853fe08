import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import type { Hotel } from '../../../shared/api-types';
import { Badge } from '../../components/ui/Badge';
import { IconButton } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { HotelLogo } from '../../components/HotelLogo';
import { ClearFilters } from '../../components/filters/FilterFields';
import { AddButton, EditButton, LoginRowButtons, RowButton } from '../../components/lists/RowButtons';
import { EyeIcon, HistoryIcon, QrIcon, RenewIcon } from '../../components/ui/icons';
import { ListTable, type Column } from '../../components/ui/Table';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { LocationSelect, useLocationList } from '../locations';
import { useResetPasswordDialog } from '../passwords';
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
  const { rows: hotels, locationId, setLocationId, listed } = useLocationList(hotelsQuery);
  const remove = useDeleteHotel();
  const reset = useResetPasswordDialog();

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
          <LocationSelect
            label="Filter by location"
            hiddenLabel
            className="hotels-location"
            value={locationId}
            onChange={setLocationId}
          />
          <ClearFilters active={locationId !== undefined} onClear={() => setLocationId(undefined)}>
            Clear Filter
          </ClearFilters>
        </div>
        <div className="hotels-toolbar-actions">
          <ExportButton path="/hotels/export" query={{ location_id: listed }} fileName="hotels.csv" />
          <AddButton label="Add Hotel" onClick={form.add} />
        </div>
      </div>

      <ListTable
        rows={hotels}
        empty={listed ? 'No hotels found in this location.' : 'No hotels found. Add your first hotel!'}
        className="hotels-table"
        caption="Hotels"
        columns={COLUMNS}
      >
        {(hotel) => (
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
                <RowButton label={`Renew ${hotel.name}`} className="hotels-renew" onClick={() => setRenewing(hotel)}>
                  <RenewIcon /> Renew
                </RowButton>
                <LoginRowButtons kind="hotels" record={hotel} remove={remove} onReset={reset.open} />
              </span>
            </td>
          </tr>
        )}
      </ListTable>

      <HotelFormDialog open={form.open} record={form.item} onClose={form.close} />
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
      {reset.dialog}
    </section>
  );
}
