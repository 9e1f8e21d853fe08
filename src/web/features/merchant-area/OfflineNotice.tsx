import { useEffect } from 'react';
import { useOnline } from '../../lib/use-online';

export const OFFLINE_WITH_DATA = 'You are offline. Showing your last saved data.';
export const OFFLINE_WITHOUT_DATA = 'You are offline. Connect to the internet to load this page.';

/** The merchant app's offline line (DESIGN §6): the screen below shows what was saved on the device. */
export function OfflineNotice({ hasData }: { hasData: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="ma-offline" role="status">
      <span className="ma-offline-dot" aria-hidden="true" />
      {hasData ? OFFLINE_WITH_DATA : OFFLINE_WITHOUT_DATA}
    </p>
  );
}

/** SPEC §8: the merchant screens' load failures are only logged, nothing is shown. */
export function useLogLoadFailure(failed: boolean, error: unknown, what: string) {
  useEffect(() => {
    if (failed) console.error(`Failed to load ${what}`, error);
  }, [failed, error, what]);
}
