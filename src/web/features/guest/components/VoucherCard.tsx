import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDate, formatOfferValueForGuest } from '../../../../shared/format';
import type { Coupon } from '../../../../shared/types';
import { couponPdfUrl } from '../api';
import { useVoucherQr } from '../voucher-qr';

/** Saves the card as a PNG: works offline, no server needed (html-to-image is loaded only when asked for). */
async function downloadCardPng(card: HTMLElement, code: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  const dataUrl = await toPng(card, { pixelRatio: 2, backgroundColor: '#ffffff', cacheBust: false });
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = `StayPerks_Voucher_${code}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** One coupon: merchant, type, value, offer name, code, valid until, Download Voucher. */
export function VoucherCard({ coupon }: { coupon: Coupon }) {
  const card = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const qr = useVoucherQr(coupon.coupon_code);

  const download = async () => {
    if (!card.current || busy) return;
    setBusy(true);
    try {
      await downloadCardPng(card.current, coupon.coupon_code);
      toast.success('Voucher downloaded!');
    } catch {
      toast.error('Could not save the voucher. Take a screenshot instead.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="voucher">
      <article ref={card} className="voucher-card" aria-label={`Voucher ${coupon.coupon_code}`}>
        <header className="voucher-head">
          <span className="voucher-merchant">{coupon.merchant.name}</span>
          <span className="voucher-type">{coupon.merchant.merchant_type}</span>
        </header>
        <p className="voucher-value">{formatOfferValueForGuest(coupon.offer.offer_type, coupon.offer.offer_value)}</p>
        <p className="voucher-offer">{coupon.offer.offer_name}</p>
        <div className="voucher-code-box">
          <span className="voucher-code-label">Coupon code</span>
          <span className="voucher-code">{coupon.coupon_code}</span>
          {/* The PDF's QR (the code only), for the counter's scanner; the same in the PNG download. */}
          {qr ? (
            <img className="voucher-qr" src={qr} width={150} height={150} alt={`QR code of ${coupon.coupon_code}`} />
          ) : (
            <span className="voucher-qr" aria-hidden="true" />
          )}
        </div>
        <p className="voucher-valid">Valid until {formatDate(coupon.offer.validity_to)}</p>
      </article>
      <div className="voucher-actions">
        <button type="button" className="btn btn-primary" onClick={() => void download()} disabled={busy}>
          {busy ? 'Saving...' : 'Download Voucher'}
        </button>
        <a className="btn btn-secondary" href={couponPdfUrl(coupon.id)} target="_blank" rel="noopener">
          PDF
        </a>
      </div>
    </li>
  );
}
