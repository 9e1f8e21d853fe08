import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../lib/api';
import { FilePickButton } from './FilePickButton';
import { UploadIcon } from './icons';
import { FileLink, usePreviewUrl } from './PrivateFile';

interface Props {
  label: string;
  /** The MIME types offered; the server checks the file's type and size again. */
  accept: string;
  /** What the field says while it holds no file, e.g. "Image, up to 5 MB". */
  hint: string;
  /** Sends the file to its upload endpoint (multipart `file`), answering the stored path. */
  upload: (file: File) => Promise<{ url: string }>;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Reports uploads in flight, so the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * One upload field of a form: uploads at once, then shows a preview (images, private ones fetched with the token) or a
 * link (PDF), with Replace and Remove. The hotel forms' uploads (features/hotels/FileUpload.tsx) and Settings ›
 * Billing's signature.
 */
export function UploadField({ label, accept, hint, upload, value, onChange, onBusyChange }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    onBusyChange?.(true);
    try {
      const { url } = await upload(file);
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
          accept={accept}
          busy={busy}
          onPick={([file]) => void send(file)}
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
          {failure ?? (value ? (isPdf ? '' : 'Uploaded') : hint)}
        </span>
      </div>
    </div>
  );
}
