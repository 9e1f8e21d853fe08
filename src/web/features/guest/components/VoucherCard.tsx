import { useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import type { Coupon } from '../../../../shared/api-types';
import { couponPdfUrl } from '../api';
import { useRulesView } from '../rules-view';
import { en } from '../i18n/en';
import { formatGuestDate, offerValueIn, useGuestI18n } from '../i18n/i18n';
import { canShareFiles, canWebShare, cardPng, pngFile, shareVoucher, whatsAppLink } from '../share';
import { useVoucherQr } from '../voucher-qr';
import { ShopPlace } from './ShopPlace';
import { WalletButton } from './WalletButton';

/** Saves the card as a PNG: works offline, no server needed. */
async function downloadCardPng(card: HTMLElement, code: string): Promise<void> {
  const link = document.createElement('a');
  link.href = await cardPng(card);
  link.download = `StayPerks_Voucher_${code}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The words of the English lines a non-English voucher adds for the merchant. */
const ENGLISH = { t: en, lang: 'en', date: (isoDate: string) => formatGuestDate('en', isoDate) } as const;

/**
 * One coupon: merchant, type, value, offer name, code, valid until, where the shop is; Download Voucher, Share (Web Share, else a
 * WhatsApp link) and the PDF. `pageUrl` is the guest's own page, where the vouchers saved on this phone open again.
 */
export function VoucherCard({
  coupon,
  pageUrl,
  onShare,
}: {
  coupon: Coupon;
  pageUrl: string;
  /** A share started (the funnel's share event). */
  onShare?: () => void;
}) {
  const i18n = useGuestI18n();
  const { t, date, offerValue, lang } = i18n;
  const card = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const qr = useVoucherQr(coupon.coupon_code);
  // The offer's conditions (docs/PRODUCT.md "Offer rules"), on the card and so in its picture: drawn once they show.
  const rulesView = useRulesView();
  const rules = rulesView ? rulesView.ruleLines(coupon.offer, i18n) : [];
  const png = useSharePng(
    card,
    qr !== undefined && rulesView !== undefined,
    `StayPerks_Voucher_${coupon.coupon_code}.png`,
    coupon,
  );

  const value = offerValue(coupon.offer.offer_type, coupon.offer.offer_value);
  // The merchant reads English (docs/PRODUCT.md "Languages"): the offer name and code are as entered, value and
  // rules are said again in English, on the card and so in its picture, as the PDF does.
  const forTheShop =
    lang === 'en'
      ? undefined
      : {
          value: offerValueIn('en', en, coupon.offer.offer_type, coupon.offer.offer_value),
          rules: rulesView ? rulesView.ruleLines(coupon.offer, ENGLISH) : [],
        };
  const validUntil = t.voucher.validUntil(date(coupon.offer.validity_to));
  const shareText = [
    t.voucher.shareTitle,
    `${coupon.merchant.name}: ${value}, ${coupon.offer.offer_name}`,
    t.voucher.shareCode(coupon.coupon_code),
    validUntil,
    ...rules,
    `${t.voucher.shareOpen} ${pageUrl}`,
  ].join('\n');

  const download = async () => {
    if (!card.current || busy) return;
    setBusy(true);
    try {
      await downloadCardPng(card.current, coupon.coupon_code);
      toast.success(t.voucher.downloaded);
    } catch {
      toast.error(t.voucher.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    onShare?.();
    try {
      await shareVoucher({
        title: t.voucher.shareTitle,
        text: shareText,
        file: await png.current?.catch(() => undefined),
      });
    } catch {
      toast.error(t.voucher.shareFailed);
    }
  };

  return (
    <li className="voucher">
      <article ref={card} className="voucher-card" aria-label={t.voucher.label(coupon.coupon_code)}>
        <header className="voucher-head">
          <span className="voucher-merchant">{coupon.merchant.name}</span>
          <span className="voucher-type">{coupon.merchant.merchant_type}</span>
        </header>
        <p className="voucher-value">{value}</p>
        <p className="voucher-offer">{coupon.offer.offer_name}</p>
        <div className="voucher-code-box">
          <span className="voucher-code-label">{t.voucher.code}</span>
          <span className="voucher-code">{coupon.coupon_code}</span>
          {/* The PDF's QR (the code only), for the counter's scanner; the same in the PNG download. */}
          {qr ? (
            <img className="voucher-qr" src={qr} width={150} height={150} alt={t.voucher.qrAlt(coupon.coupon_code)} />
          ) : (
            <span className="voucher-qr" aria-hidden="true" />
          )}
        </div>
        <p className="voucher-valid">{validUntil}</p>
        {rules.length > 0 && (
          <ul className="voucher-rules" aria-label={t.rules.conditions}>
            {rules.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {forTheShop && (
          <section className="voucher-for-shop" aria-label={t.voucher.forTheShop}>
            <h3 className="voucher-for-shop-title">{t.voucher.forTheShop}</h3>
            <p lang="en">
              <strong>{forTheShop.value}</strong>
              {forTheShop.rules.map((line) => (
                <span key={line}> · {line}</span>
              ))}
            </p>
          </section>
        )}
        <ShopPlace place={coupon.merchant} hours={coupon.offer} />
      </article>
      <div className="voucher-actions">
        <button
          type="button"
          className="btn btn-primary voucher-download"
          onClick={() => void download()}
          disabled={busy}
        >
          {busy ? t.voucher.saving : t.voucher.download}
        </button>
        <WalletButton coupon={coupon} />
        {canWebShare() ? (
          <button type="button" className="btn btn-secondary" onClick={() => void share()}>
            {t.voucher.share}
          </button>
        ) : (
          <a
            className="btn btn-secondary"
            href={whatsAppLink(shareText)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onShare}
          >
            {t.voucher.shareWhatsApp}
          </a>
        )}
        <a className="btn btn-secondary" href={couponPdfUrl(coupon.id, lang)} target="_blank" rel="noopener">
          {t.voucher.pdf}
        </a>
      </div>
    </li>
  );
}

/**
 * The card's PNG for the share sheet, drawn once the QR is on the card and only where files can be shared. Drawn
 * ahead, so the share sheet opens within the tap (Safari wants it then); a tap before it is ready waits for it.
 */
function useSharePng(card: RefObject<HTMLElement | null>, ready: boolean, name: string, coupon: Coupon) {
  const png = useRef<Promise<File>>(undefined);
  // A saved voucher refreshed online (fresh-vouchers.ts) is drawn again: the picture shows what the card shows.
  const drawn = useRef<Coupon>(undefined);
  useEffect(() => {
    if (!ready || (png.current && drawn.current === coupon) || !card.current || !canShareFiles()) return;
    drawn.current = coupon;
    const element = card.current;
    png.current = cardPng(element).then((url) => pngFile(url, name));
    png.current.catch((error: unknown) => console.error('Could not draw the voucher for sharing', error));
  }, [card, ready, name, coupon]);
  return png;
}
