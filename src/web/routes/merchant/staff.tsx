import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { StaffPage } from '../../features/merchant-area/StaffPage';

/**
 * The owner's Staff page (docs/PRODUCT.md "Staff"). No loader and no guard here: both would sit in every page's first
 * load; the page reads its list itself and sends a supervisor or cashier to the counter.
 */
export const Route = createFileRoute('/merchant/staff')({
  staticData: { title: 'Staff' },
  errorComponent: PageError,
  component: StaffPage,
});
