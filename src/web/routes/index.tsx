import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardPath, readSession } from '../lib/session';
import { signedOutStart } from '../lib/start-page';

/**
 * docs/PRODUCT.md "Offline and install": `/` (the installed app's start URL) sends a signed-in user to their own
 * dashboard; anyone else to the login screen they last used, else the hotel page they last opened as a guest (their
 * vouchers), else /login/superadmin.
 */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const session = readSession();
    throw redirect(session ? { to: dashboardPath(session.userType) } : signedOutStart());
  },
});
