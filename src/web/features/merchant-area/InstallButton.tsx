import { Button } from '../../components/ui/Button';
import { DownloadIcon } from '../../components/ui/icons';
import { promptInstall, useCanInstall } from '../../lib/install-prompt';

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
