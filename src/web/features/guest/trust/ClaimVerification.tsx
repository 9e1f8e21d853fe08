import { PhoneCode } from './PhoneCode';
import { useTrustTexts } from './use-trust-texts';

interface Props {
  hotelId: string;
  mobile: string;
  supportPhone: string | null;
  onVerified: (token: string) => void;
  onBack: () => void;
  /** The submission refused the proof (it ran out): said above the Send code button. */
  refused?: string;
}

/**
 * The claim's verification step (docs/PRODUCT.md "Guest trust"), between the details and the categories when the
 * hotel has phone verification on: the code proves this number for this claim at this hotel. Loaded lazily.
 */
export default function ClaimVerification({ hotelId, mobile, supportPhone, onVerified, onBack, refused }: Props) {
  return (
    <PhoneCode
      to={{ mobile, purpose: 'claim', hotelId }}
      shownMobile={mobile}
      onVerified={onVerified}
      onBack={onBack}
      refused={refused}
      unavailableHelp={<AskInstead supportPhone={supportPhone} />}
    />
  );
}

/** Without a configured provider (503): the hotel's reception, and the support line when there is one. */
export function AskInstead({ supportPhone }: { supportPhone: string | null }) {
  const t = useTrustTexts();
  return (
    <p className="muted">
      {t.recover.askBefore}
      {supportPhone && (
        <>
          {t.recover.askPhoneBefore}
          <a href={`tel:${supportPhone.replace(/\s+/g, '')}`}>{supportPhone}</a>
          {t.recover.askPhoneAfter}
        </>
      )}
      {t.recover.askAfter}
    </p>
  );
}
