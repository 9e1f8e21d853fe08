import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { MerchantTypeInputSchema } from '../../../shared/schemas/settings';
import type { MerchantType } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useSingleSubmit } from '../../lib/use-single-submit';
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
  const singleSubmit = useSingleSubmit();
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return; // the thumbnail is not known yet
    void singleSubmit(async () => {
      const parsed = v.safeParse(MerchantTypeInputSchema, { name, thumbnail_url: thumbnail });
      if (!parsed.success) {
        toast.error(parsed.issues[0].message);
        return;
      }
      try {
        await save.mutateAsync({ ...parsed.output, id: type?.id });
        toast.success(editing ? 'Merchant type updated successfully' : 'Merchant type created successfully');
        onClose();
      } catch (error) {
        toast.error(errorText(error, 'Failed to save merchant type'));
      }
    });
  };

  return (
    <Dialog open={open} title={editing ? 'Edit Merchant Type' : 'Add Merchant Type'} onClose={onClose}>
      <form onSubmit={submit} className="form" noValidate>
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
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || upload.isPending}>
            {save.isPending ? 'Processing...' : editing ? 'Update' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
