import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { Merchant } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { EditButton, LoginRowButtons } from '../../components/lists/RowButtons';
import { ListTable, type Column } from '../../components/ui/Table';
import { OfferAddIcon, PlusIcon } from '../../components/ui/icons';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { LocationSelect } from '../locations';
import { CreateOfferDialog } from '../offers';
import type { ResetTarget } from '../passwords';
import { ResetPasswordDialog } from '../passwords';
import { merchantsQuery, useDeleteMerchant } from './api';
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
  const [locationId, setLocationId] = useState<number | undefined>();
  // The list follows the filter once the new list is loaded; until then the old one stays on screen.
  const { data: rows } = useSuspenseQuery(merchantsQuery(useDeferredValue(locationId)));
  const remove = useDeleteMerchant();
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const dialog = useEditDialog<Merchant>();
  const [offerFor, setOfferFor] = useState<Merchant | null>(null);

  return (
    <section className="stack">
      <div className="toolbar mo-toolbar">
        <LocationSelect className="mo-location-filter" value={locationId} onChange={setLocationId} />
        <Button onClick={dialog.add}>
          <PlusIcon /> Add Merchant
        </Button>
      </div>

      <ListTable
        count={rows.length}
        empty="No merchants found"
        className="mo-table"
        caption="Merchants"
        columns={COLUMNS}
      >
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
                <EditButton name={merchant.name} onClick={() => dialog.edit(merchant)} />
                <LoginRowButtons
                  kind="merchants"
                  id={merchant.id}
                  name={merchant.name}
                  thing="merchant"
                  remove={remove}
                  onReset={setResetting}
                />
              </span>
            </td>
          </tr>
        ))}
      </ListTable>

      <MerchantDialog open={dialog.open} merchant={dialog.item} onClose={dialog.close} />
      <CreateOfferDialog merchant={offerFor} onClose={() => setOfferFor(null)} />
      <ResetPasswordDialog target={resetting} onClose={() => setResetting(null)} />
    </section>
  );
}
