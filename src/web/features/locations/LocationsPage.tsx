import { useSuspenseQuery } from '@tanstack/react-query';
import type { Location } from '../../../shared/api-types';
import { languageLabel } from '../../../shared/guest-languages';
import { Card } from '../../components/ui/Card';
import { AddButton, DeleteButton, EditButton } from '../../components/lists/RowButtons';
import { PinIcon } from '../../components/ui/icons';
import { useCan } from '../../lib/current-user';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { locationsQuery, useDeleteLocation } from './api';
import { LocationDialog } from './LocationDialog';

/** Manage Locations (docs/PRODUCT.md "Screens"): a card grid, each with its guest page language; add, edit, delete. */
export function LocationsPage() {
  const { data: locations } = useSuspenseQuery(locationsQuery);
  const remove = useDeleteLocation();
  const mayDelete = useCan('delete');
  const dialog = useEditDialog<Location>();

  return (
    <section className="stack">
      <div className="toolbar">
        <p className="muted">Towns where hotels and merchants take part.</p>
        <AddButton label="Add Location" onClick={dialog.add} />
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
                <span className="location-text">
                  <span className="location-name">{location.name}</span>
                  <span className="location-language">
                    Guest page:{' '}
                    <span className="location-language-name">{languageLabel(location.default_language)}</span>
                  </span>
                </span>
                <span className="card-actions">
                  <EditButton name={location.name} onClick={() => dialog.edit(location)} />
                  {mayDelete && <DeleteButton name={location.name} remove={remove} id={location.id} thing="location" />}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <LocationDialog open={dialog.open} record={dialog.item} onClose={dialog.close} />
    </section>
  );
}
