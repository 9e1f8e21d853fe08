import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { Merchant } from '../../../shared/types';
import { Button, IconButton } from '../../components/ui/Button';
import { Table } from '../../components/ui/Table';
import { EditIcon, KeyIcon, OfferAddIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { confirmDelete } from '../../lib/confirm-delete';
import { useCan } from '../auth';
import { LocationSelect } from '../locations';
import { CreateOfferDialog } from '../offers';
import type { ResetTarget } from '../passwords';
import { ResetPasswordDialog } from '../passwords';
import { merchantsQuery, useDeleteMerchant } from './api';
import { MerchantDialog } from './MerchantDialog';

/**
 * Manage Merchants (docs/PRODUCT.md "Screens"): location filter, the merchants table, Add/Edit Merchant, Add Offer,
 * delete.
 */
export function MerchantsPage() {
  const [locationId, setLocationId] = useState<number | undefined>();
  // The list follows the filter once the new list is loaded; until then the old one stays on screen.
  const { data: rows } = useSuspenseQuery(merchantsQuery(useDeferredValue(locationId)));
  const remove = useDeleteMerchant();
  const mayDelete = useCan('delete');
  const mayResetPasswords = useCan('resetPasswords');
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; merchant: Merchant | null }>({ open: false, merchant: null });
  const [offerFor, setOfferFor] = useState<Merchant | null>(null);

  return (
    <section className="stack">
      <div className="toolbar mo-toolbar">
        <LocationSelect className="mo-location-filter" value={locationId} onChange={setLocationId} />
        <Button onClick={() => setDialog({ open: true, merchant: null })}>
          <PlusIcon /> Add Merchant
        </Button>
      </div>

      {rows.length === 0 ? (
        <p className="status-text">No merchants found</p>
      ) : (
        <div className="mo-table">
          <Table caption="Merchants">
            <thead>
              <tr>
                <th scope="col">Merchant Name</th>
                <th scope="col">Type</th>
                <th scope="col">Location</th>
                <th scope="col">Contact</th>
                <th scope="col">Store Contact</th>
                <th scope="col" className="mo-num">
                  Offer Count
                </th>
                <th scope="col">Address</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((merchant) => (
                <tr key={merchant.id}>
                  <td className="mo-name">
                    <span className="mo-cell-main">{merchant.name}</span>
                  </td>
                  <td>{merchant.merchant_type_name}</td>
                  <td>{merchant.location_name}</td>
                  <td>{merchant.contact_number}</td>
                  <td>{merchant.store_contact_number ?? '-'}</td>
                  <td className="mo-num">{merchant.offer_count}</td>
                  <td className="mo-cell-wrap">{merchant.address}</td>
                  <td>
                    <span className="mo-actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setOfferFor(merchant)}
                        aria-label={`Add Offer for ${merchant.name}`}
                      >
                        <OfferAddIcon /> Add Offer
                      </Button>
                      <IconButton label={`Edit ${merchant.name}`} onClick={() => setDialog({ open: true, merchant })}>
                        <EditIcon />
                      </IconButton>
                      {mayResetPasswords && (
                        <IconButton
                          label={`Reset password of ${merchant.name}`}
                          onClick={() => setResetting({ kind: 'merchants', id: merchant.id, name: merchant.name })}
                        >
                          <KeyIcon />
                        </IconButton>
                      )}
                      {mayDelete && (
                        <IconButton
                          label={`Delete ${merchant.name}`}
                          className="danger"
                          onClick={() => confirmDelete(remove, merchant.id, 'merchant')}
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

      <MerchantDialog
        open={dialog.open}
        merchant={dialog.merchant}
        onClose={() => setDialog({ open: false, merchant: null })}
      />
      <CreateOfferDialog merchant={offerFor} onClose={() => setOfferFor(null)} />
      <ResetPasswordDialog target={resetting} onClose={() => setResetting(null)} />
    </section>
  );
}
