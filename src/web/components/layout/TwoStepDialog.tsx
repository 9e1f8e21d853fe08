import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api, errorText } from '../../lib/api';
import { currentUserQuery } from '../../lib/current-user';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { CodeField } from '../ui/CodeField';
import { CurrentPasswordField } from './CurrentPasswordField';

const SecondFactorSetup = lazy(() => import('./SecondFactorSetup'));
const statusKey = ['auth', 'second-factor'];

/**
 * Two-step sign-in, from the top bar's account menu (docs/PRODUCT.md "Two-step sign-in"): on or off, the recovery
 * codes left, the set-up, and Turn off with the current password and a current code (not while the role requires it;
 * docs/SECURITY.md "Re-authentication"). Loaded on first use.
 */
export default function TwoStepDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => api.get('/auth/second-factor'),
    meta: { errorMessage: 'Failed to load two-step sign-in' },
  });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: statusKey }),
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    ]);
  const turnOff = useMutation({
    mutationFn: () =>
      api.post('/auth/second-factor/turn-off', { json: { current_password: password, code: code.trim() } }),
    onSuccess: async () => {
      toast.success('Two-step sign-in is off');
      setCode('');
      setPassword('');
      await refresh();
    },
    onError: (error) => toast.error(errorText(error, 'Could not turn two-step sign-in off')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!turnOff.isPending) turnOff.mutate();
  };

  const on = status.data?.enabled;
  return (
    <Dialog open={open} title="Two-step sign-in" onClose={onClose} size="md">
      {!status.data ? (
        <p className="muted">{status.isError ? 'Could not load.' : 'Loading...'}</p>
      ) : !on ? (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <SecondFactorSetup
            onDone={() => {
              void refresh();
              onClose();
            }}
          />
        </Suspense>
      ) : (
        <form className="two-step" onSubmit={submit}>
          <p>
            <strong>Two-step sign-in is on.</strong> After your password, you enter a code from your authenticator app.{' '}
            {status.data.recovery_codes_left} recovery code{status.data.recovery_codes_left === 1 ? '' : 's'} left.
          </p>
          {status.data.required ? (
            <p className="muted">Your role requires it, so it cannot be turned off.</p>
          ) : (
            <>
              <p className="muted">To turn it off, enter your password and a current code from the app.</p>
              <CurrentPasswordField value={password} onChange={setPassword} />
              <CodeField value={code} onChange={setCode} />
              <Button type="submit" variant="danger" disabled={turnOff.isPending}>
                Turn off
              </Button>
            </>
          )}
        </form>
      )}
    </Dialog>
  );
}
