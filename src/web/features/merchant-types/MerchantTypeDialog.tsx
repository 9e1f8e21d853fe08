import { toast } from 'sonner';
import { MerchantTypeInputSchema, type MerchantTypeInput } from '../../../shared/schemas/settings';
import type { MerchantType } from '../../../shared/api-types';
import { FilePickButton } from '../../components/ui/FilePickButton';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import type { FormState } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { useSaveMerchantType, useUploadThumbnail } from './api';
import { Thumbnail } from './Thumbnail';

const MAX_BYTES = 5 * 1024 * 1024;

type Form = { name: string; thumbnail_url: string | null };

const FIELDS: FieldSpec<Form>[] = [
  {
    field: 'name',
    label: 'Name',
    required: true,
    placeholder: 'Enter merchant type name',
    maxLength: 100,
    autoFocus: true,
    autoComplete: 'off',
  },
];

/** Add Merchant Type / Edit Merchant Type (an edit is a PUT to the type's id). */
const FORM: SaveForm<MerchantType, Form, typeof MerchantTypeInputSchema, MerchantTypeInput & { id?: number }> = {
  schema: MerchantTypeInputSchema,
  toForm: (type) => ({ name: type?.name ?? '', thumbnail_url: type?.thumbnail_url ?? null }),
  toInput: (input, type) => ({ ...input, id: type?.id }),
  fields: FIELDS,
  texts: {
    add: 'Add Merchant Type',
    edit: 'Edit Merchant Type',
    created: 'Merchant type created successfully',
    updated: 'Merchant type updated successfully',
    failure: 'Failed to save merchant type',
  },
};

export function MerchantTypeDialog(props: EditDialogProps<MerchantType>) {
  const save = useSaveMerchantType();
  const upload = useUploadThumbnail();
  return (
    <SaveFormDialog {...props} form={FORM} save={save} disabled={upload.isPending}>
      {(form) => <ThumbnailPicker form={form} upload={upload} />}
    </SaveFormDialog>
  );
}

/** The Thumbnail of the form: uploaded when picked (its URL is what the form saves), or removed. */
function ThumbnailPicker({ form, upload }: { form: FormState<Form>; upload: ReturnType<typeof useUploadThumbnail> }) {
  const thumbnail = form.values.thumbnail_url;
  const setThumbnail = (url: string | null) => form.set('thumbnail_url', url);

  const chooseFile = ([file]: File[]) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast.error('Failed to upload thumbnail', { description: 'File too large (maximum 5 MB)' });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        setThumbnail(url);
        toast.success('Thumbnail uploaded successfully');
      },
      onError: (error) => toast.error('Failed to upload thumbnail', { description: errorText(error, '') || undefined }),
    });
  };

  return (
    <div className="field">
      <span className="field-label" id="thumbnail-label">
        Thumbnail
      </span>
      <div className="thumb-picker">
        <Thumbnail url={thumbnail} alt={thumbnail ? 'Thumbnail preview' : ''} className="thumb-preview" />
        <div className="thumb-picker-actions">
          <FilePickButton
            accept="image/png,image/jpeg,image/webp,image/gif"
            busy={upload.isPending}
            onPick={chooseFile}
            onRemove={thumbnail ? () => setThumbnail(null) : undefined}
            input={{ hidden: true, 'aria-labelledby': 'thumbnail-label' }}
          >
            {thumbnail ? 'Change image' : 'Upload image'}
          </FilePickButton>
          {upload.isPending && (
            <span className="uploading" role="status">
              <span className="spinner" aria-hidden="true" /> Uploading...
            </span>
          )}
          <p className="field-hint">PNG, JPEG, WebP or GIF, up to 5 MB.</p>
        </div>
      </div>
    </div>
  );
}
