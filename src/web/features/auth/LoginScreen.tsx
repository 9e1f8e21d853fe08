import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { UserType } from '../../../shared/constants';
import { Logo } from '../../components/layout/Logo';
import { Button } from '../../components/ui/Button';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useForm } from '../../components/ui/use-form';
import { ApiError, errorText } from '../../lib/api';
import { saveMerchantRole } from '../../lib/merchant-role';
import { dashboardPath, loginPath, saveSession } from '../../lib/session';
import { signedOutReason } from '../../lib/signed-out';
import { rememberLogin } from '../../lib/start-page';
import { signInUsernameField } from '../passwords';
import { currentUserRequest, loginRequest, type SignedIn } from './api';
import { SecondStepForm } from './SecondStepForm';

const SCREENS: Record<UserType, { title: string; subtitle: string }> = {
  superadmin: { title: 'Super Admin Login', subtitle: 'Access your admin dashboard' },
  hotel: { title: 'Hotel Login', subtitle: 'Access your hotel dashboard' },
  merchant: { title: 'Merchant Login', subtitle: 'Access your merchant dashboard' },
};

const EMPTY = { username: '', password: '' };

const tooMany = (error: unknown) => error instanceof ApiError && error.status === 429;

/** The browser's own checks stay on here (the fields are required); the names and autocomplete help password managers. */
const FIELDS: FieldSpec<typeof EMPTY>[] = [
  signInUsernameField('username'),
  {
    field: 'password',
    label: 'Password',
    name: 'password',
    type: 'password',
    autoComplete: 'current-password',
    required: true,
  },
];

/**
 * The three login screens of docs/PRODUCT.md "Screens". Each sends its role: the server refuses another kind of login
 * ("Invalid credentials for hotel"), so nothing is stored. A login with two-step sign-in on answers a second step
 * first (docs/PRODUCT.md "Two-step sign-in"): the code form replaces the password form until the session is made.
 */
export function LoginScreen({ role }: { role: UserType }) {
  const navigate = useNavigate();
  const form = useForm(EMPTY);
  const { username, password } = form.values;
  const screen = SCREENS[role];
  const [secondStep, setSecondStep] = useState<string>();
  // A forced sign-out by inactivity or the 12-hour limit says so here (docs/SECURITY.md "Sessions").
  const signedOut = signedOutReason();

  const signedIn = async (result: SignedIn) => {
    // A merchant login's merchant and role (owner, supervisor, cashier: its menu) are kept for offline use.
    const me = role === 'merchant' ? await currentUserRequest(result.access_token) : undefined;
    saveSession({
      token: result.access_token,
      userType: result.user_type,
      userId: result.user_id,
      merchantId: me?.merchant_id ?? undefined,
    });
    saveMerchantRole(me?.merchant_role);
    rememberLogin(role);
    toast.success('Login successful!');
    void navigate({ to: dashboardPath(role) });
  };

  const login = useMutation({
    mutationFn: async () => {
      const result = await loginRequest({ username: username.trim(), password, user_type: role });
      if ('mfa_token' in result) setSecondStep(result.mfa_token);
      else await signedIn(result);
    },
    // Too many attempts (until when, docs/PRODUCT.md "Login limits") stays on the screen below the button instead.
    onError: (error) => {
      if (!tooMany(error)) toast.error(errorText(error, 'Login failed'));
    },
  });
  const refused = tooMany(login.error) ? errorText(login.error, '') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.isPending) login.mutate();
  };

  const others = (Object.keys(SCREENS) as UserType[]).filter((r) => r !== role);

  if (secondStep)
    return (
      <div className="login-page">
        <div className="login-card card">
          <Logo />
          <SecondStepForm
            token={secondStep}
            onSignedIn={signedIn}
            onCancel={() => {
              setSecondStep(undefined);
              form.set('password', '');
            }}
          />
        </div>
      </div>
    );

  return (
    <div className="login-page">
      <form className="login-card card" onSubmit={submit} aria-labelledby="login-title">
        <Logo />
        <h1 id="login-title">{screen.title}</h1>
        <p className="muted">{screen.subtitle}</p>
        {signedOut && (
          <p className="login-notice" role="status">
            {signedOut}
          </p>
        )}
        <FormFields form={form} fields={FIELDS} />
        <Button type="submit" className="btn-block" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
        {refused && (
          <p className="login-notice" role="alert">
            {refused}
          </p>
        )}
        <p className="login-links">
          <Link to="/forgot-password" search={{ from: role }}>
            Forgot password?
          </Link>
        </p>
        <p className="login-links">
          {others.map((other) => (
            <Link key={other} to={loginPath(other)}>
              {SCREENS[other].title}
            </Link>
          ))}
        </p>
      </form>
    </div>
  );
}
