import { useId, useState } from 'react';
import { toast } from 'sonner';
import { MAX_OFFER_IMAGES } from '../../../shared/constants';
import { MAX_IMAGES_MESSAGE } from '../../../shared/schemas/offers';
import { IconButton } from '../../components/ui/Button';
import { FilePickButton } from '../../components/ui/FilePickButton';
import { CloseIcon, UploadIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { uploadOfferImage } from './api';
import { OfferImage } from './OfferImage';

interface Props {
  value: string[];
  onChange: (images: string[]) => void;
  /** Tells the form uploads are running, so it waits before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** POST /merchants/upload-image by default (back office and merchants alike). */
  upload?: (file: File) => Promise<{ url: string }>;
}

/**
 * Up to 3 offer images, each uploaded on its own as soon as it is picked (docs/PRODUCT.md "Forms and messages",
 * docs/PRODUCT.md "Calls").
 */
export function OfferImagesField({ value, onChange, onBusyChange, upload = uploadOfferImage }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const full = value.length >= MAX_OFFER_IMAGES;

  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    if (value.length + files.length > MAX_OFFER_IMAGES) {
      toast.error(MAX_IMAGES_MESSAGE);
      return;
    }
    setBusy(true);
    onBusyChange?.(true);
    const urls: string[] = [];
    try {
      for (const file of files) urls.push((await upload(file)).url); // one request per image
      toast.success('Images uploaded successfully');
    } catch (error) {
      toast.error('Failed to upload images', { description: errorText(error, '') || undefined });
    } finally {
      if (urls.length) onChange([...value, ...urls]);
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="field offer-images-field">
      <label htmlFor={id}>Images</label>
      {value.length > 0 && (
        <ul className="offer-image-list" aria-label="Offer images">
          {value.map((url, index) => (
            <li key={url}>
              <OfferImage src={url} alt={`Offer image ${index + 1}`} className="offer-image-thumb" />
              <IconButton
                label={`Remove image ${index + 1}`}
                className="offer-image-remove"
                disabled={busy}
                onClick={() => onChange(value.filter((u) => u !== url))}
              >
                <CloseIcon />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <div className="offer-images-actions">
        <FilePickButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          busy={busy}
          disabled={full}
          onPick={(files) => void pick(files)}
          input={{ id, className: 'visually-hidden' }}
        >
          <UploadIcon /> {busy ? 'Uploading...' : 'Upload Images'}
        </FilePickButton>
        <span className="field-hint">
          {value.length} of {MAX_OFFER_IMAGES} · PNG, JPEG, WebP or GIF, up to 5 MB each
        </span>
      </div>
    </div>
  );
}
