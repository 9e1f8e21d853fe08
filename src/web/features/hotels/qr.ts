import QRCode from 'qrcode';

/** docs/PRODUCT.md "Constants": 250 px wide, highest error correction, encodes the scan URL. */
export const QR_OPTIONS = { width: 250, margin: 2, errorCorrectionLevel: 'H' } as const;

/** The scan URL a hotel's QR code encodes: PUBLIC_URL (when the server has one) or this page's origin + /scan/{id}. */
export function scanUrl(hotelId: string, publicUrl: string | null | undefined): string {
  const origin = (publicUrl || window.location.origin).replace(/\/+$/, '');
  return `${origin}/scan/${hotelId}`;
}

export const qrDataUrl = (url: string) => QRCode.toDataURL(url, { ...QR_OPTIONS, type: 'image/png' });

/** "<Hotel_Name>_QR_Code.png": every character that is not a letter or digit becomes an underscore. */
export const qrFileName = (hotelName: string) => `${hotelName.replace(/[^a-zA-Z0-9]/g, '_')}_QR_Code.png`;
