import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { formatDate } from '../../../shared/format';
import type { Hotel } from '../../../shared/types';
import { Badge } from '../../components/ui/Badge';
import { Button, IconButton } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import {
  EditIcon,
  EyeIcon,
  HistoryIcon,
  HotelIcon,
  KeyIcon,
  PlusIcon,
  QrIcon,
  RenewIcon,
  TrashIcon,
} from '../../components/ui/icons';
import { Table } from '../../components/ui/Table';
import { UploadedImage } from '../../components/ui/UploadedImage';
import { confirmDelete } from '../../lib/confirm-delete';
import { useCan } from '../auth';
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

/** Manage Hotels (docs/PRODUCT.md "Screens"): location filter, the hotels table and its dialogs. */
export function HotelsPage() {
  const [locationId, setLocationId] = useState<number | undefined>(undefined);
  // The list follows the filter once the new list is loaded; until then the old one stays on screen.
  const listed = useDeferredValue(locationId);
  const { data: hotels } = useSuspenseQuery(hotelsQuery(listed));
  const remove = useDeleteHotel();
  const mayDelete = useCan('delete');
  const mayResetPasswords = useCan('resetPasswords');
  const [resetting, setResetting] = useState<ResetTarget | null>(null);

  // The form and renew dialogs keep the hotel as it was when opened, so a background refetch never resets typing.
  const [form, setForm] = useState<{ open: boolean; hotel: Hotel | null }>({ open: false, hotel: null });
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
          <Button onClick={() => setForm({ open: true, hotel: null })}>
            <PlusIcon /> Add Hotel
          </Button>
        </div>
      </div>

      {hotels.length === 0 ? (
        <p className="status-text">
          {listed ? 'No hotels found in this location.' : 'No hotels found. Add your first hotel!'}
        </p>
      ) : (
        <div className="hotels-table">
          <Table caption="Hotels">
            <thead>
              <tr>
                <th>Hotel Name</th>
                <th>Location</th>
                <th>Status</th>
                <th>First Created</th>
                <th>Renewals</th>
                <th>Subscription End</th>
                <th>Renewal History</th>
                <th>QR Code</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {hotels.map((hotel) => (
                <tr key={hotel.id}>
                  <td>
                    <span className="hotel-name-cell">
                      <UploadedImage
                        path={hotel.logo_url}
                        alt=""
                        className="hotel-logo-thumb"
                        fallback={
                          <span className="hotel-logo-thumb hotel-logo-fallback" aria-hidden="true">
                            <HotelIcon />
                          </span>
                        }
                      />
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
                  <td>
                    <IconButton
                      variant="secondary"
                      label={`Renewal history of ${hotel.name}`}
                      onClick={() => setViewing({ kind: 'history', id: hotel.id })}
                    >
                      <HistoryIcon />
                    </IconButton>
                  </td>
                  <td>
                    <IconButton
                      variant="secondary"
                      label={`QR code of ${hotel.name}`}
                      onClick={() => setViewing({ kind: 'qr', id: hotel.id })}
                    >
                      <QrIcon />
                    </IconButton>
                  </td>
                  <td>
                    <span className="hotels-actions">
                      <IconButton
                        label={`View ${hotel.name}`}
                        onClick={() => setViewing({ kind: 'details', id: hotel.id })}
                      >
                        <EyeIcon />
                      </IconButton>
                      <IconButton label={`Edit ${hotel.name}`} onClick={() => setForm({ open: true, hotel })}>
                        <EditIcon />
                      </IconButton>
                      <Button
                        size="sm"
                        variant="secondary"
                        className="hotels-renew"
                        onClick={() => setRenewing(hotel)}
                        aria-label={`Renew ${hotel.name}`}
                      >
                        <RenewIcon /> Renew
                      </Button>
                      {mayResetPasswords && (
                        <IconButton
                          label={`Reset password of ${hotel.name}`}
                          onClick={() => setResetting({ kind: 'hotels', id: hotel.id, name: hotel.name })}
                        >
                          <KeyIcon />
                        </IconButton>
                      )}
                      {mayDelete && (
                        <IconButton
                          label={`Delete ${hotel.name}`}
                          className="danger"
                          onClick={() => confirmDelete(remove, hotel.id, 'hotel')}
                        >
                          <TrashIcon />
                        </IconButton>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}

      <HotelFormDialog open={form.open} hotel={form.hotel} onClose={() => setForm({ open: false, hotel: null })} />
      <RenewDialog hotel={renewing} onClose={() => setRenewing(null)} />
      <HotelDetailsDialog
        hotel={viewed('details')}
        onClose={() => setViewing(null)}
        onEdit={(hotel) => {
          setViewing(null);
          setForm({ open: true, hotel });
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
