import { useState } from 'react';
import { saveVouchers, type SavedVouchers } from '../saved-vouchers';
import { askToKeepStorage } from '../keep-vouchers';
import { recoverStay } from './api';
import { AskInstead } from './ClaimVerification';
import { PhoneCode } from './PhoneCode';
import { useRefusalText, useTrustTexts } from './use-trust-texts';
import './trust.css';

interface Props {
  hotelId: string;
  hotelName: string;
  guestName: string;
  mobile: string;
  supportPhone: string | null;
  onRecovered: (saved: SavedVouchers) => void;
  onBack: () => void;
}

/**
 * "Show my vouchers" (docs/PRODUCT.md "Guest trust"): where the scan check says this stay's vouchers were collected,
 * the guest proves the number (purpose recover, this hotel) and the stay's vouchers appear, saved on this phone as the
 * flow saves them. Loaded lazily.
 */
export default function RecoverVouchers(props: Props) {
  const { hotelId, hotelName, guestName, mobile, supportPhone, onRecovered, onBack } = props;
  const t = useTrustTexts();
  const [proving, setProving] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const refusalText = useRefusalText();

  const recover = async (token: string) => {
    setRefusal(undefined);
    try {
      const stay = await recoverStay(hotelId, mobile, token);
      const saved: SavedVouchers = {
        hotelId,
        hotelName,
        guestName,
        scanId: stay.scan_id,
        savedAt: new Date().toISOString(),
        coupons: stay.coupons,
        guestToken: stay.guest_token,
      };
      await saveVouchers(saved).catch(() => undefined);
      askToKeepStorage();
      onRecovered(saved);
    } catch (error) {
      setRefusal(error);
      setProving(false);
    }
  };

  return (
    <section className="guest-section" aria-labelledby="recover-title">
      <div className="guest-card form">
        <h2 id="recover-title" className="guest-title">
          {t.recover.title}
        </h2>
        <p className="muted">{t.recover.intro}</p>
        {refusal !== undefined && (
          <div className="phone-code-refusal" role="alert">
            <p>{refusalText(refusal)}</p>
          </div>
        )}
        {!proving && (
          <>
            <button type="button" className="btn btn-primary btn-block guest-cta" onClick={() => setProving(true)}>
              {t.recover.show}
            </button>
            <button type="button" className="guest-text-button" onClick={onBack}>
              {t.recover.back}
            </button>
          </>
        )}
      </div>
      {proving && (
        <PhoneCode
          to={{ mobile, purpose: 'recover', hotelId }}
          shownMobile={mobile}
          onVerified={(token) => void recover(token)}
          onBack={onBack}
          unavailableHelp={<AskInstead supportPhone={supportPhone} />}
        />
      )}
    </section>
  );
}
