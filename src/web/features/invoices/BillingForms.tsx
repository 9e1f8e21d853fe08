import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BillingSettings } from '../../../shared/api-types';
import { GST_STATES, MAX_PREFIX_LENGTH } from '../../../shared/gst';
import { DetailRows, STATE_OPTIONS } from './HotelBilling';
import { BillingSettingsSchema, type BillingSettingsInput } from '../../../shared/schemas/invoices';
import { PageBoundary } from '../../components/layout/PageStatus';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { Button } from '../../components/ui/Button';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { EditIcon, PlusIcon, SettingsIcon } from '../../components/ui/icons';
import { usePreviewUrl } from '../../components/ui/PrivateFile';
import { UploadField } from '../../components/ui/UploadField';
import { billingSettingsQuery, uploadSignature, useSaveBillingSettings } from './api';

const EMPTY_SETTINGS = {
  legal_name: '',
  address: '',
  gstin: '',
  state_code: '',
  sac_code: '998361',
  tax_rate: '18',
  invoice_prefix: '',
  signatory_name: '',
  signature_url: '',
};
type SettingsForm = typeof EMPTY_SETTINGS;

const SETTINGS_FIELDS: FieldSpec<SettingsForm>[] = [
  { field: 'legal_name', label: 'Legal name', required: true, maxLength: 200, autoFocus: true },
  { field: 'address', label: 'Address', kind: 'textarea', required: true, maxLength: 500, rows: 3 },
  {
    field: 'gstin',
    label: 'GSTIN',
    required: true,
    maxLength: 15,
    autoComplete: 'off',
    placeholder: '29ABCDE1234F1Z5',
  },
  {
    field: 'state_code',
    label: 'State',
    kind: 'select',
    options: STATE_OPTIONS,
    required: true,
    placeholder: 'Select',
  },
  { field: 'sac_code', label: 'SAC code', required: true, inputMode: 'numeric', maxLength: 6 },
  { field: 'tax_rate', label: 'Tax rate (%)', required: true, inputMode: 'decimal', maxLength: 6 },
  {
    field: 'invoice_prefix',
    label: 'Invoice prefix',
    required: true,
    maxLength: MAX_PREFIX_LENGTH,
    hint: 'Up to 4 letters or digits: SP gives SP/26-27/00001.',
  },
  { field: 'signatory_name', label: 'Authorised signatory', required: true, maxLength: 100 },
];

const SETTINGS_FORM: SaveForm<BillingSettings, SettingsForm, typeof BillingSettingsSchema, BillingSettingsInput> = {
  schema: BillingSettingsSchema,
  toForm: (row) =>
    row?.configured
      ? { ...row, tax_rate: String(row.tax_rate), signature_url: row.signature_url ?? '' }
      : { ...EMPTY_SETTINGS, sac_code: row?.sac_code ?? '998361', tax_rate: String(row?.tax_rate ?? 18) },
  toInput: (input) => input,
  fields: SETTINGS_FIELDS,
  texts: {
    add: 'Set up billing',
    edit: 'Edit billing settings',
    created: 'Billing settings saved',
    updated: 'Billing settings saved',
    failure: 'Failed to save billing settings',
  },
};

const IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

function BillingSettingsDialog(props: EditDialogProps<BillingSettings>) {
  const save = useSaveBillingSettings();
  // Saving waits for an upload running: the path it gives is not known yet.
  const [uploading, setUploading] = useState(false);
  return (
    <SaveFormDialog {...props} form={SETTINGS_FORM} save={save} disabled={uploading}>
      {(form) => (
        <div className="signature-upload">
          <UploadField
            label="Signature image"
            accept={IMAGES}
            hint="Optional. An image, up to 5 MB: printed above the signatory's name"
            upload={uploadSignature}
            value={form.values.signature_url || null}
            onChange={(url) => form.set('signature_url', url ?? '')}
            onBusyChange={setUploading}
          />
        </div>
      )}
    </SaveFormDialog>
  );
}

/** The saved signature, small, as it prints (a private file: fetched with the token). */
function SignaturePreview({ path }: { path: string | null }) {
  const preview = usePreviewUrl(path);
  if (!path) return <>None: the name only</>;
  return preview ? <img src={preview} alt="Signature" className="billing-signature" /> : <>Uploaded</>;
}

/** Settings › Billing (the super admin): who issues the tax invoices; none is issued before it is saved. */
export function BillingSection() {
  return (
    <PageBoundary pending={<p className="muted">Loading...</p>}>
      <LoadedBillingSection />
    </PageBoundary>
  );
}

function LoadedBillingSection() {
  const { data } = useSuspenseQuery(billingSettingsQuery);
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="billing"
      icon={<SettingsIcon />}
      title="Billing"
      description="Printed on every tax invoice and credit note. Invoices are issued only once these are saved."
      action={
        <Button onClick={() => setOpen(true)}>
          {data.configured ? <EditIcon /> : <PlusIcon />} {data.configured ? 'Edit' : 'Set up'}
        </Button>
      }
    >
      {data.configured ? (
        <DetailRows
          rows={[
            ['Legal name', data.legal_name],
            ['GSTIN', data.gstin],
            ['State', `${data.state_code} ${GST_STATES[data.state_code]}`],
            ['SAC and rate', `${data.sac_code}, ${data.tax_rate} %`],
            ['Numbers', `${data.invoice_prefix}/YY-YY/00001, credit notes ${data.invoice_prefix}/YY-YY/C0001`],
            ['Signatory', data.signatory_name],
            ['Signature', <SignaturePreview key="signature" path={data.signature_url} />],
          ]}
        />
      ) : (
        <p className="muted">Not set up: no tax invoices are issued yet.</p>
      )}
      <BillingSettingsDialog open={open} record={data} onClose={() => setOpen(false)} />
    </SettingsSection>
  );
}
