import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Location } from '../../../shared/types';
import { Button, IconButton } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EditIcon, PinIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { useMayDelete } from '../auth';
import { locationsQuery, useDeleteLocation } from './api';
import { LocationDialog } from './LocationDialog';

/** Manage Locations (SPEC §2): a card grid with add, edit and delete. */
export function LocationsPage() {
  const locations = useQuery(locationsQuery);
  const remove = useDeleteLocation();
  const mayDelete = useMayDelete();
  const [dialog, setDialog] = useState<{ open: boolean; location: Location | null }>({ open: false, location: null });

  useEffect(() => {
    if (locations.isError) toast.error('Failed to load locations');
  }, [locations.isError]);

  const confirmDelete = (location: Location) => {
    if (!window.confirm('Are you sure you want to delete this location?')) return;
    remove.mutate(location.id, {
      onSuccess: () => toast.success('Location deleted successfully'),
      onError: (error) => toast.error('Failed to delete location', { description: errorText(error, '') || undefined }),
    });
  };

  return (
    <section className="stack">
      <div className="toolbar">
        <p className="muted">Towns where hotels and merchants take part.</p>
        <Button onClick={() => setDialog({ open: true, location: null })}>
          <PlusIcon /> Add Location
        </Button>
      </div>

      {locations.isPending ? (
        <p className="status-text">Loading locations...</p>
      ) : !locations.data?.length ? (
        <p className="status-text">No locations found. Add your first location!</p>
      ) : (
        <ul className="card-grid" aria-label="Locations">
          {locations.data.map((location) => (
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
                      onClick={() => confirmDelete(location)}
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
