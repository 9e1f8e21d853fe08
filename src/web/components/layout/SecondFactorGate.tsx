import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { currentUserQuery } from '../../lib/current-user';
import { useLogout } from '../../lib/use-logout';
import { Logo } from './Logo';

const SecondFactorSetup = lazy(() => import('./SecondFactorSetup'));

/**
 * What a superadmin or admin user without two-step sign-in sees before anything else when it is required
 * (docs/PRODUCT.md "Two-step sign-in"; the server refuses every other call: 403 "Set up two-step sign-in first"). Once
 * it is on and the recovery codes are saved, the back office opens (the area's route checks again).
 */
export default function SecondFactorGate() {
  const queryClient = useQueryClient();
  const router = useRouter();
  // The area's route reads the user again (a cached copy would still say "not set up") and opens the back office.
  const done = async () => {
    queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
    await router.invalidate();
  };
  const logout = useLogout();
  return (
    <div className="login-page">
      <div className="login-card card two-step-gate">
        <Logo />
        <h1>Set up two-step sign-in</h1>
        <p className="muted">
          Your role needs a code from an authenticator app at every sign-in. Set it up to continue.
        </p>
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <SecondFactorSetup onDone={() => void done()} />
        </Suspense>
        <p className="login-links">
          <button type="button" className="link-button" onClick={() => void logout()}>
            Logout
          </button>
        </p>
      </div>
    </div>
  );
}
