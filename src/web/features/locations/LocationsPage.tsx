import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Location } from '../../../shared/types';
import { Button, IconButton } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EditIcon, PinIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { confirmDelete } from '../../lib/confirm-delete';
import { useCan } from '../auth';
import { locationsQuery, useDeleteLocation } from './api';
import { LocationDialog } from './LocationDialog';

/** Manage Locations (docs/PRODUCT.md "Screens"): a card grid with add, edit and delete. */
export function LocationsPage() {
  const { data: locations } = useSuspenseQuery(locationsQuery);
  const remove = useDeleteLocation();
  const mayDelete = useCan('delete');
  const [dialog, setDialog] = useState<{ open: boolean; location: Location | null }>({ open: false, location: null });

  return (
    <section className="stack">
      <div className="toolbar">
        <p className="muted">Towns where hotels and merchants take part.</p>
        <Button onClick={() => setDialog({ open: true, location: null })}>
          <PlusIcon /> Add Location
        </Button>
      </div>

      {locations.length === 0 ? (
        <p className="status-text">No locations found. Add your first location!</p>
      ) : (
        <ul className="card-grid" aria-label="Locations">
          {locations.map((location) => (
            <li key={location.id}>
              <Card className="location-card">
                <span className="location-icon">
                  <PinIcon />
                </span>
                <span className="location-name">{location.name}</span>
                <span className="card-actions">
                  <IconButton label={`Edit ${location.name}`} onClick={() => setDialog({ open: true, location })}>
                    <EditIcon />
                  </IconButton>
                  {mayDelete && (
                    <IconButton
                      label={`Delete ${location.name}`}
                      variant="ghost"
                      className="danger"
                      onClick={() => confirmDelete(remove, location.id, 'location')}
                    >
                      <TrashIcon />
                    </IconButton>
                  )}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <LocationDialog
        open={dialog.open}
        location={dialog.location}
        onClose={() => setDialog({ open: false, location: null })}
      />
    </section>
  );
}
