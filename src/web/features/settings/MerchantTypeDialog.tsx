import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { MerchantTypeInputSchema } from '../../../shared/schemas/settings';
import type { MerchantType } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { errorText } from '../../lib/api';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { useSaveMerchantType, useUploadThumbnail } from '../merchant-types';
import { Thumbnail } from './Thumbnail';

interface Props {
  open: boolean;
  type: MerchantType | null;
  onClose: () => void;
}

const MAX_BYTES = 5 * 1024 * 1024;

export function MerchantTypeDialog({ open, type, onClose }: Props) {
  const [name, setName] = useState('');
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveMerchantType();
  const upload = useUploadThumbnail();
  const editing = type !== null;

  useOnOpen(open, type, () => {
    setName(type?.name ?? '');
    setThumbnail(type?.thumbnail_url ?? null);
  });

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still uploads
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

  const submit = async () => {
    if (upload.isPending) return; // the thumbnail is not known yet
    const saved = await saveChecked(
      MerchantTypeInputSchema,
      { name, thumbnail_url: thumbnail },
      (input) => save.mutateAsync({ ...input, id: type?.id }),
      {
        success: editing ? 'Merchant type updated successfully' : 'Merchant type created successfully',
        failure: 'Failed to save merchant type',
      },
    );
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Merchant Type' : 'Add Merchant Type'}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Create'}
      disabled={upload.isPending}
    >
      <Field
        label="Name"
        required
        placeholder="Enter merchant type name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={100}
        autoFocus
        autoComplete="off"
      />
      <div className="field">
        <span className="field-label" id="thumbnail-label">
          Thumbnail
        </span>
        <div className="thumb-picker">
          <Thumbnail url={thumbnail} alt={thumbnail ? 'Thumbnail preview' : ''} className="thumb-preview" />
          <div className="thumb-picker-actions">
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={chooseFile}
              hidden
              aria-labelledby="thumbnail-label"
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => fileInput.current?.click()}
              disabled={upload.isPending}
            >
              {thumbnail ? 'Change image' : 'Upload image'}
            </Button>
            {thumbnail && !upload.isPending && (
              <Button variant="ghost" size="sm" onClick={() => setThumbnail(null)}>
                Remove
              </Button>
            )}
            {upload.isPending && (
              <span className="uploading" role="status">
                <span className="spinner" aria-hidden="true" /> Uploading...
              </span>
            )}
            <p className="field-hint">PNG, JPEG, WebP or GIF, up to 5 MB.</p>
          </div>
        </div>
      </div>
    </FormDialog>
  );
}
