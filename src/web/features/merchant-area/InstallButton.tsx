import { Button } from '../../components/ui/Button';
import { promptInstall, useCanInstall } from '../../lib/install-prompt';
import { DownloadIcon } from './icons';

/**
 * "Install App" where the browser offers installation (docs/PRODUCT.md "Offline and install"); gone once installed or
 * not offered.
 */
export function InstallButton() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <Button variant="secondary" size="sm" className="ma-install" onClick={() => void promptInstall()}>
      <DownloadIcon /> Install App
    </Button>
  );
}
