import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { qrDataUrl, qrFileName } from './qr';

/**
 * A scan URL's QR code drawn as a PNG (null until drawn; `failed` if it could not be), and its download as
 * "<Hotel_Name>_QR_Code.png" with the spec's toasts. Another URL starts again from nothing.
 */
export function useQrCode(url: string | null) {
  const [drawn, setDrawn] = useState<{ url: string | null; image?: string; failed?: boolean }>({ url });
  if (drawn.url !== url) setDrawn({ url });
  const image = drawn.url === url ? (drawn.image ?? null) : null;
  const failed = drawn.url === url && drawn.failed === true;

  useEffect(() => {
    if (!url) return;
    let current = true;
    qrDataUrl(url).then(
      (data) => current && setDrawn({ url, image: data }),
      () => current && setDrawn({ url, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [url]);

  const download = async (hotelName: string) => {
    if (!url) return;
    try {
      const link = document.createElement('a');
      link.href = image ?? (await qrDataUrl(url));
      link.download = qrFileName(hotelName);
      document.body.append(link);
      link.click();
      link.remove();
      toast.success('QR code downloaded!');
    } catch {
      toast.error('Failed to download QR code');
    }
  };

  return { image, failed, download };
}
