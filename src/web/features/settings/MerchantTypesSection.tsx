import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MerchantType } from '../../../shared/types';
import { Button, IconButton } from '../../components/ui/Button';
import { EditIcon, PlusIcon, TagIcon, TrashIcon } from '../../components/ui/icons';
import { confirmDelete } from '../../lib/confirm-delete';
import { merchantTypesQuery, useDeleteMerchantType } from '../merchant-types';
import { MerchantTypeDialog } from './MerchantTypeDialog';
import { SettingsSection } from './SettingsSection';
import { Thumbnail } from './Thumbnail';

/** Merchant Types: the guest categories, as a card grid with thumbnails. */
export function MerchantTypesSection() {
  const { data: types } = useSuspenseQuery(merchantTypesQuery);
  const remove = useDeleteMerchantType();
  const [dialog, setDialog] = useState<{ open: boolean; type: MerchantType | null }>({ open: false, type: null });

  return (
    <SettingsSection
      id="merchant-types"
      icon={<TagIcon />}
      title="Merchant Types"
      description="Categories guests choose from after scanning a hotel's QR code."
      action={
        <Button onClick={() => setDialog({ open: true, type: null })}>
          <PlusIcon /> Add Merchant Type
        </Button>
      }
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
                  <IconButton label={`Edit ${type.name}`} onClick={() => setDialog({ open: true, type })}>
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    label={`Delete ${type.name}`}
                    className="danger"
                    onClick={() => confirmDelete(remove, type.id, 'merchant type')}
                    disabled={remove.isPending}
                  >
                    <TrashIcon />
                  </IconButton>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <MerchantTypeDialog
        open={dialog.open}
        type={dialog.type}
        onClose={() => setDialog({ open: false, type: null })}
      />
    </SettingsSection>
  );
}
