import { useState } from 'react';
import type { Merchant } from '../../../shared/api-types';
import { AddButton, EditButton, LoginRowButtons, RowButton } from '../../components/lists/RowButtons';
import { ListTable, type Column } from '../../components/ui/Table';
import { IconButton } from '../../components/ui/Button';
import { DevicesIcon, OfferAddIcon } from '../../components/ui/icons';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { LocationSelect, useLocationList } from '../locations';
import { CreateOfferDialog, MerchantCell } from '../offers';
import { useResetPasswordDialog } from '../passwords';
import { merchantsQuery, useDeleteMerchant } from './api';
import { MerchantDevicesDialog } from './MerchantDevicesDialog';
import { MerchantDialog } from './MerchantDialog';

const COLUMNS: Column[] = [
  'Merchant Name',
  'Type',
  'Location',
  'Contact',
  'Store Contact',
  ['Offer Count', 'mo-num'],
  'Address',
  'Actions',
];

/**
 * Manage Merchants (docs/PRODUCT.md "Screens"): location filter, the merchants table, Add/Edit Merchant, Add Offer,
 * delete.
 */
export function MerchantsPage() {
  const { rows, locationId, setLocationId } = useLocationList(merchantsQuery);
  const remove = useDeleteMerchant();
  const reset = useResetPasswordDialog();
  const dialog = useEditDialog<Merchant>();
  const [offerFor, setOfferFor] = useState<Merchant | null>(null);
  const [devicesOf, setDevicesOf] = useState<Merchant | null>(null);

  return (
    <section className="stack">
      <div className="toolbar mo-toolbar">
        <LocationSelect className="mo-location-filter" value={locationId} onChange={setLocationId} />
        <AddButton label="Add Merchant" onClick={dialog.add} />
      </div>

      <ListTable rows={rows} empty="No merchants found" className="mo-table" caption="Merchants" columns={COLUMNS}>
        {(merchant) => (
          <tr key={merchant.id}>
            <MerchantCell name={merchant.name} />
            <td>{merchant.merchant_type_name}</td>
            <td>{merchant.location_name}</td>
            <td>{merchant.contact_number}</td>
            <td>{merchant.store_contact_number ?? '-'}</td>
            <td className="mo-num">{merchant.offer_count}</td>
            <td className="mo-cell-wrap">{merchant.address}</td>
            <td>
              <span className="mo-actions">
                <RowButton label={`Add Offer for ${merchant.name}`} onClick={() => setOfferFor(merchant)}>
                  <OfferAddIcon /> Add Offer
                </RowButton>
                <EditButton name={merchant.name} onClick={() => dialog.edit(merchant)} />
                <IconButton label={`Devices of ${merchant.name}`} onClick={() => setDevicesOf(merchant)}>
                  <DevicesIcon />
                </IconButton>
                <LoginRowButtons kind="merchants" record={merchant} remove={remove} onReset={reset.open} />
              </span>
            </td>
          </tr>
        )}
      </ListTable>

      <MerchantDialog open={dialog.open} record={dialog.item} onClose={dialog.close} />
      <CreateOfferDialog record={offerFor} onClose={() => setOfferFor(null)} />
      {reset.dialog}
      {devicesOf && <MerchantDevicesDialog merchant={devicesOf} onClose={() => setDevicesOf(null)} />}
    </section>
  );
}
