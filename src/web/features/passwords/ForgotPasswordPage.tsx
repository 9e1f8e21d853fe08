import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { USER_TYPES } from '../../../shared/constants';
import {
  PasswordResetConfirmSchema,
  RESET_CODE_LENGTH,
  RESET_CODE_SENT,
  RESET_DONE,
} from '../../../shared/schemas/password-reset';
import { Logo } from '../../components/layout/Logo';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useForm } from '../../components/ui/use-form';
import { api, errorText } from '../../lib/api';
import { loginPath } from '../../lib/session';
import { confirmed } from './api';
import { newPasswordFields, signInUsernameField } from './fields';

const EMPTY = { username: '', code: '', next: '', confirm: '' };
type Form = typeof EMPTY;

const USERNAME_FIELDS: FieldSpec<Form>[] = [{ ...signInUsernameField<Form>('username'), autoFocus: true }];

const CODE_FIELDS: FieldSpec<Form>[] = [
  {
    field: 'code',
    label: 'Code',
    name: 'code',
    required: true,
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: RESET_CODE_LENGTH,
    placeholder: `${RESET_CODE_LENGTH} digits`,
    autoFocus: true,
  },
  ...newPasswordFields<Form>('next', 'confirm'),
];

/**
 * "Forgot password?" (docs/PRODUCT.md "Screens", docs/SECURITY.md "Forgot password"): the username, then the code
 * sent to the login's registered phone or e-mail with a new password. The page says the same whether the username
 * exists or not, as the server does. Calls go without any stored token, as the login's do.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  // ?from=<hotel|merchant|superadmin>: the login screen to go back to (the back office's when missing or unknown).
  const search: { from?: unknown } = useSearch({ strict: false });
  const from = search.from;
  const form = useForm(EMPTY);
  const { username, code, next, confirm } = form.values;
  const [step, setStep] = useState<'ask' | 'confirm'>('ask');
  const [refusal, setRefusal] = useState<string | null>(null);
  const back = loginPath(v.is(v.picklist(USER_TYPES), from) ? from : 'superadmin');

  const ask = useMutation({
    mutationFn: () => api.guest.post('/auth/password-reset/request', { json: { username: username.trim() } }),
    onSuccess: () => {
      setRefusal(null);
      setStep('confirm');
    },
    onError: (error) => setRefusal(errorText(error, 'Failed to send the code')),
  });

  const reset = useMutation({
    mutationFn: (input: v.InferOutput<typeof PasswordResetConfirmSchema>) =>
      api.guest.post('/auth/password-reset/confirm', { json: input }),
    onSuccess: () => {
      toast.success(RESET_DONE);
      void navigate({ to: back });
    },
    onError: (error) => setRefusal(errorText(error, 'Failed to set the new password')),
  });

  const submitUsername = (event: FormEvent) => {
    event.preventDefault();
    if (!ask.isPending) ask.mutate();
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    // The API's schema first (the password rules), then the confirmation, as every password form checks.
    const checked = v.safeParse(confirmed(PasswordResetConfirmSchema, next, confirm), {
      username: username.trim(),
      code: code.trim(),
      new_password: next,
    });
    if (!checked.success) return setRefusal(checked.issues[0].message);
    setRefusal(null);
    reset.mutate(checked.output);
  };

  return (
    <div className="login-page">
      {step === 'ask' ? (
        <form className="login-card card" onSubmit={submitUsername} aria-labelledby="forgot-title">
          <Logo />
          <h1 id="forgot-title">Forgot password</h1>
          <p className="muted">
            Enter your username. We send a code to the phone or e-mail registered for it. Staff of a shop: ask your
            shop's owner to reset your password.
          </p>
          <FormFields form={form} fields={USERNAME_FIELDS} />
          <FormError error={refusal} />
          <Button type="submit" className="btn-block" disabled={ask.isPending}>
            {ask.isPending ? 'Sending...' : 'Send code'}
          </Button>
          <p className="login-links">
            <Link to={back}>Back to login</Link>
          </p>
        </form>
      ) : (
        <form className="login-card card" onSubmit={submitCode} aria-labelledby="forgot-title">
          <Logo />
          <h1 id="forgot-title">Set a new password</h1>
          <p className="muted" role="status">
            {RESET_CODE_SENT}
          </p>
          <FormFields form={form} fields={CODE_FIELDS} />
          <FormError error={refusal} />
          <Button type="submit" className="btn-block" disabled={reset.isPending}>
            {reset.isPending ? 'Processing...' : 'Set new password'}
          </Button>
          <Button
            variant="ghost"
            className="btn-block"
            onClick={() => {
              form.set('code', '');
              setRefusal(null);
              setStep('ask');
            }}
          >
            Ask for a new code
          </Button>
          <p className="login-links">
            <Link to={back}>Back to login</Link>
          </p>
        </form>
      )}
    </div>
  );
}
