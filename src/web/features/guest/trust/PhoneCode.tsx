import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { CODE_INVALID, CODE_LENGTH } from '../../../../shared/schemas/verification';
import { ApiError } from '../../../lib/api';
import { Field } from '../../../components/ui/Field';
import { requestCode, verifyCode, type CodeFor } from './api';
import './trust.css';
import { useRefusalText, useTrustTexts } from './use-trust-texts';

interface Props {
  /** The number, purpose and hotel the code is for. */
  to: CodeFor;
  /** The number as shown ("98765 43210"). */
  shownMobile: string;
  onVerified: (token: string) => void;
  /** Shown under the refusal when no code can be sent (503): whom to ask instead. */
  unavailableHelp?: ReactNode;
  /** A way back (change the number). */
  onBack?: () => void;
  backLabel?: string;
  /** Why the guest is asked again (the server's words: a proof that ran out), shown until the next try. */
  refused?: string;
}

/** Seconds left until `at` (ms), never below 0. */
const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/**
 * Proving a number (docs/PRODUCT.md "Guest trust"): "Send code", then a 6-digit box (numeric keypad, filled from the
 * text message where the phone offers it), another code after 60 s with a countdown, and the server's refusals
 * shown plainly under the box, in the guest's language.
 */
export function PhoneCode({ to, shownMobile, onVerified, unavailableHelp, onBack, backLabel, refused }: Props) {
  const t = useTrustTexts();
  const [sent, setSent] = useState<{ channel: string } | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ error: unknown; unavailable: boolean } | undefined>(
    refused ? { error: refused, unavailable: false } : undefined,
  );
  const refusalText = useRefusalText();
  const [resendAt, setResendAt] = useState(0);
  const [, tick] = useState(0);
  const wait = secondsUntil(resendAt);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [wait]);

  const refuse = (error: unknown) => {
    setRefusal({ error, unavailable: error instanceof ApiError && error.status === 503 });
    // "Please wait N seconds": the countdown follows the server.
    const waitFor = error instanceof ApiError ? /^Please wait (\d+) seconds/.exec(error.detail) : null;
    if (waitFor) setResendAt(Date.now() + Number(waitFor[1]) * 1000);
  };

  const send = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await requestCode(to);
      setSent({ channel: answer.channel });
      setCode('');
      setResendAt(Date.now() + answer.resend_after_seconds * 1000);
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) {
      setRefusal({ error: CODE_INVALID, unavailable: false });
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await verifyCode(to, code);
      onVerified(answer.verification_token);
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="guest-card form phone-code" onSubmit={(event) => void verify(event)} noValidate>
      <div>
        <h2 className="guest-title">{t.verify.title}</h2>
        <p className="muted">{sent ? t.verify.sent(shownMobile, sent.channel) : t.verify.intro(shownMobile)}</p>
      </div>
      {sent && (
        <Field
          label={t.verify.code}
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          className="phone-code-input"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        />
      )}
      {refusal && (
        <div className="phone-code-refusal" role="alert">
          <p>{refusalText(refusal.error)}</p>
          {refusal.unavailable && unavailableHelp}
        </div>
      )}
      {sent ? (
        <>
          <button type="submit" className="btn btn-primary btn-block guest-cta" disabled={busy}>
            {busy ? t.verify.verifying : t.verify.verify}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            disabled={busy || wait > 0}
            onClick={() => void send()}
          >
            {wait > 0 ? t.verify.resendIn(wait) : t.verify.resend}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block guest-cta"
          disabled={busy || wait > 0}
          onClick={() => void send()}
        >
          {busy ? t.verify.sending : wait > 0 ? t.verify.resendIn(wait) : t.verify.send}
        </button>
      )}
      {onBack && (
        <button type="button" className="guest-text-button" onClick={onBack}>
          {backLabel ?? t.verify.changeNumber}
        </button>
      )}
    </form>
  );
}
