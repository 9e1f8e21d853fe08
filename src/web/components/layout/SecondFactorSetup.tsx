import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api, errorText } from '../../lib/api';
import { Button } from '../ui/Button';
import { CodeField } from '../ui/CodeField';
import { CurrentPasswordField } from './CurrentPasswordField';

/** The QR code of the otpauth:// URI: what an authenticator app scans (docs/PRODUCT.md "Two-step sign-in"). */
function SecretQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { width: 200, margin: 2, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img className="two-step-qr" src={src} width={200} height={200} alt="QR code for your authenticator app" />
  ) : (
    <div className="two-step-qr" aria-hidden="true" />
  );
}

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up two-step sign-in (docs/PRODUCT.md "Two-step sign-in"): the current password (docs/SECURITY.md
 * "Re-authentication"), then a new secret as a QR code and as text, the first
 * code from the app, then the ten recovery codes, shown once, with "I have saved them" before `onDone`. Used by the
 * account's Two-step sign-in and by the set-up a back-office login must do first.
 */
export default function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recovery, setRecovery] = useState<string[]>();
  const [saved, setSaved] = useState(false);

  const setup = useMutation({
    mutationFn: () => api.post('/auth/second-factor/setup', { json: { current_password: password } }),
    onError: (error) => toast.error(errorText(error, 'Could not start the set-up')),
  });
  const confirm = useMutation({
    mutationFn: () => api.post('/auth/second-factor/confirm', { json: { code: code.trim() } }),
    onSuccess: (answer) => setRecovery(answer.recovery_codes),
    onError: (error) => toast.error(errorText(error, 'Could not turn two-step sign-in on')),
  });

  if (recovery)
    return (
      <div className="two-step">
        <h2>Save your recovery codes</h2>
        <p>
          Two-step sign-in is on. If you lose your phone, each of these codes signs you in once. Keep them somewhere
          safe (printed, or in a password manager): they are shown only now.
        </p>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {recovery.map((one) => (
            <li key={one}>
              <code>{one}</code>
            </li>
          ))}
        </ol>
        <div className="two-step-actions">
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(recovery.join('\n'))
                .then(() => toast.success('Recovery codes copied'))
                .catch(() => toast.error('Could not copy: write them down instead'))
            }
          >
            Copy codes
          </Button>
        </div>
        <label className="checkbox-row">
          <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />I have saved my
          recovery codes
        </label>
        <Button disabled={!saved} onClick={onDone}>
          Done
        </Button>
      </div>
    );

  if (!setup.data)
    return (
      <form
        className="two-step"
        onSubmit={(event) => {
          event.preventDefault();
          if (!setup.isPending) setup.mutate();
        }}
      >
        <p>
          Each time you sign in, enter a code from an authenticator app on your phone (Google Authenticator, Microsoft
          Authenticator, 1Password, or any other) after your password.
        </p>
        <CurrentPasswordField value={password} onChange={setPassword} />
        <Button type="submit" disabled={setup.isPending}>
          {setup.isPending ? 'Starting...' : 'Set up two-step sign-in'}
        </Button>
      </form>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirm.isPending) confirm.mutate();
  };

  return (
    <form className="two-step" onSubmit={submit}>
      <p>1. In your authenticator app, add an account and scan this QR code.</p>
      <SecretQr uri={setup.data.otpauth_uri} />
      <p>
        Cannot scan? Enter this key instead (time-based):{' '}
        <code className="two-step-secret" data-testid="two-step-secret">
          {grouped(setup.data.secret)}
        </code>
      </p>
      <p>2. Enter the 6-digit code the app shows for StayPerks.</p>
      <CodeField value={code} onChange={setCode} />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking...' : 'Turn on'}
      </Button>
    </form>
  );
}
