import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FilePickButton } from '../../components/ui/FilePickButton';
import { UploadIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { uploadHotelFile, type HotelUploadKind } from './api';
import { FileLink, usePreviewUrl } from './PrivateFile';

interface Props {
  label: string;
  kind: HotelUploadKind;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Reports uploads in flight, so the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
}

const ACCEPT: Record<HotelUploadKind, string> = {
  logo: 'image/png,image/jpeg,image/webp,image/gif',
  qrcode: 'image/png,image/jpeg,image/webp,image/gif',
  contract: 'image/png,image/jpeg,image/webp,image/gif,application/pdf',
};

/** One upload field of the hotel forms: uploads at once, then shows a preview (images) or a link (PDF). */
export function FileUpload({ label, kind, value, onChange, onBusyChange }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    onBusyChange?.(true);
    try {
      const { url } = await uploadHotelFile(kind, file);
      onChange(url);
      toast.success('File uploaded successfully');
    } catch (error) {
      const detail = errorText(error, '');
      setFailure(detail ? `File upload failed: ${detail}` : 'File upload failed');
      toast.error('File upload failed', { description: detail || undefined });
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  const isPdf = value?.toLowerCase().endsWith('.pdf');
  // Contracts and payment proofs are private: previews and links fetch them with the token (PrivateFile.tsx).
  const preview = usePreviewUrl(isPdf ? null : value);
  return (
    <div className="field hotel-upload">
      <label htmlFor={id}>{label}</label>
      <div className="hotel-upload-row">
        {preview && <img src={preview} alt="" className="hotel-upload-preview" />}
        {value && isPdf && (
          <FileLink path={value} className="hotel-upload-file">
            PDF document
          </FileLink>
        )}
        <FilePickButton
          accept={ACCEPT[kind]}
          busy={busy}
          onPick={([file]) => void upload(file)}
          onRemove={value ? () => onChange(null) : undefined}
          input={{ id, className: 'visually-hidden' }}
          button={{ 'aria-describedby': `${id}-state` }}
        >
          <UploadIcon /> {busy ? 'Uploading...' : value ? 'Replace' : 'Upload'}
        </FilePickButton>
        <span
          id={`${id}-state`}
          className={failure ? 'field-hint hotel-upload-failed' : 'field-hint'}
          role={failure ? 'alert' : undefined}
        >
          {failure ??
            (value
              ? isPdf
                ? ''
                : 'Uploaded'
              : kind === 'contract'
                ? 'Image or PDF, up to 5 MB'
                : 'Image, up to 5 MB')}
        </span>
      </div>
    </div>
  );
}
