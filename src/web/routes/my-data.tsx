import { createFileRoute } from '@tanstack/react-router';
import { MyDataPage } from '../features/guest/trust/MyDataPage';

/** A guest's own data (docs/PRIVACY.md "My data"), linked from the privacy notice and the vouchers. No login. */
export const Route = createFileRoute('/my-data')({
  component: MyDataPage,
});
