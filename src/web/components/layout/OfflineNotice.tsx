import { useOnline } from '../../lib/use-online';

export const OFFLINE_WITH_DATA = 'You are offline. Showing your last saved data.';
export const OFFLINE_WITHOUT_DATA = 'You are offline. Connect to the internet to load this page.';

/** The offline line: the screen below shows what was saved on the device, or says it cannot load yet. */
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
