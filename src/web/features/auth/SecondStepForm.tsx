import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { CodeField } from '../../components/ui/CodeField';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { secondStepRequest, type SignedIn } from './api';

/**
 * The login's second step (docs/PRODUCT.md "Two-step sign-in"): the 6-digit code of the authenticator app, or one of
 * the recovery codes ("Use a recovery code"). The token of the first step lives 5 minutes; `onSignedIn` stores the
 * session as a sign-in without a second factor does.
 */
export function SecondStepForm({
  token,
  onSignedIn,
  onCancel,
}: {
  token: string;
  onSignedIn: (session: SignedIn) => Promise<void>;
  onCancel: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');

  const verify = useMutation({
    mutationFn: async () => {
      const proof = recovery ? { recovery_code: code.trim() } : { code: code.trim() };
      await onSignedIn(await secondStepRequest({ mfa_token: token, ...proof }));
    },
    onError: (error) => toast.error(errorText(error, 'Sign-in failed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!verify.isPending) verify.mutate();
  };

  return (
    <form onSubmit={submit} aria-labelledby="second-step-title" className="second-step">
      <h2 id="second-step-title">Two-step sign-in</h2>
      <p className="muted">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for StayPerks.'}
      </p>
      {recovery ? (
        <Field
          key="recovery"
          label="Recovery code"
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
      ) : (
        <CodeField key="code" value={code} onChange={setCode} autoFocus />
      )}
      <Button type="submit" className="btn-block" disabled={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <p className="login-links">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          Start again
        </button>
      </p>
    </form>
  );
}
