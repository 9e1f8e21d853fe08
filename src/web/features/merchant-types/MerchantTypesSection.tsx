import { useSuspenseQuery } from '@tanstack/react-query';
import type { MerchantType } from '../../../shared/api-types';
import { AddButton, DeleteButton, EditButton } from '../../components/lists/RowButtons';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { TagIcon } from '../../components/ui/icons';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { merchantTypesQuery, useDeleteMerchantType } from './api';
import { MerchantTypeDialog } from './MerchantTypeDialog';
import { Thumbnail } from './Thumbnail';

/** Merchant Types: the guest categories, as a card grid with thumbnails. */
export function MerchantTypesSection() {
  const { data: types } = useSuspenseQuery(merchantTypesQuery);
  const remove = useDeleteMerchantType();
  const dialog = useEditDialog<MerchantType>();

  return (
    <SettingsSection
      id="merchant-types"
      icon={<TagIcon />}
      title="Merchant Types"
      description="Categories guests choose from after scanning a hotel's QR code."
      action={<AddButton label="Add Merchant Type" onClick={dialog.add} />}
    >
      {types.length === 0 ? (
        <p className="muted">No merchant types found. Add your first merchant type!</p>
      ) : (
        <ul className="type-grid" aria-label="Merchant types">
          {types.map((type) => (
            <li key={type.id} className="type-card">
              <Thumbnail url={type.thumbnail_url} alt="" className="type-thumb" />
              <div className="type-card-footer">
                <span className="type-name">{type.name}</span>
                <span className="card-actions">
                  <EditButton name={type.name} onClick={() => dialog.edit(type)} />
                  <DeleteButton name={type.name} remove={remove} id={type.id} thing="merchant type" busyWhilePending />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <MerchantTypeDialog open={dialog.open} record={dialog.item} onClose={dialog.close} />
    </SettingsSection>
  );
}
