import { useEffect, useState } from 'react';
import { VOUCHER_QR_OPTIONS } from '../../../shared/voucher-qr';

/**
 * The voucher's QR as a PNG data URL, the same as the PDF's (src/shared/voucher-qr.ts). `qrcode` is imported only
 * here, on the vouchers step, so the guest page's first load does not carry it. Undefined until drawn (or if drawing
 * failed: the code is still printed on the card).
 */
export function useVoucherQr(code: string): string | undefined {
  const [qr, setQr] = useState<{ code: string; url: string }>();
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(code, { ...VOUCHER_QR_OPTIONS, type: 'image/png' }))
      .then((url) => {
        if (current) setQr({ code, url });
      })
      .catch((error: unknown) => console.error('Could not draw the voucher QR', error));
    return () => {
      current = false;
    };
  }, [code]);
  return qr?.code === code ? qr.url : undefined;
}
