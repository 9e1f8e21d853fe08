import { toast } from 'sonner';
import { MerchantTypeInputSchema } from '../../../shared/schemas/settings';
import type { MerchantType } from '../../../shared/types';
import { FilePickButton } from '../../components/ui/FilePickButton';
import { SaveFormDialog, type SaveTexts } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useDialogForm } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { useSaveMerchantType, useUploadThumbnail } from '../merchant-types';
import { Thumbnail } from './Thumbnail';

interface Props {
  open: boolean;
  type: MerchantType | null;
  onClose: () => void;
}

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

const TEXTS: SaveTexts = {
  add: 'Add Merchant Type',
  edit: 'Edit Merchant Type',
  created: 'Merchant type created successfully',
  updated: 'Merchant type updated successfully',
  failure: 'Failed to save merchant type',
};

export function MerchantTypeDialog({ open, type, onClose }: Props) {
  const form = useDialogForm<Form>(open, type, () => ({
    name: type?.name ?? '',
    thumbnail_url: type?.thumbnail_url ?? null,
  }));
  const thumbnail = form.values.thumbnail_url;
  const setThumbnail = (url: string | null) => form.set('thumbnail_url', url);
  const save = useSaveMerchantType();
  const upload = useUploadThumbnail();

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
    <SaveFormDialog
      open={open}
      record={type}
      onClose={onClose}
      schema={MerchantTypeInputSchema}
      values={form.values}
      save={(input) => save.mutateAsync({ ...input, id: type?.id })}
      texts={TEXTS}
      busy={save.isPending}
      disabled={upload.isPending}
    >
      <FormFields form={form} fields={FIELDS} />
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
    </SaveFormDialog>
  );
}
