import { UploadField } from '../../components/ui/UploadField';
import { uploadHotelFile, type HotelUploadKind } from './api';

interface Props {
  label: string;
  kind: HotelUploadKind;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Reports uploads in flight, so the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
}

const IMAGES = 'image/png,image/jpeg,image/webp,image/gif';
const ACCEPT: Record<HotelUploadKind, string> = {
  logo: IMAGES,
  qrcode: IMAGES,
  contract: `${IMAGES},application/pdf`,
};

/**
 * One upload field of the hotel forms, to its /hotels/upload-<kind> endpoint. Contracts and payment proofs are
 * private: their previews and links fetch them with the token (components/ui/PrivateFile.tsx).
 */
export function FileUpload({ kind, ...field }: Props) {
  return (
    <UploadField
      {...field}
      accept={ACCEPT[kind]}
      hint={kind === 'contract' ? 'Image or PDF, up to 5 MB' : 'Image, up to 5 MB'}
      upload={(file) => uploadHotelFile(kind, file)}
    />
  );
}
