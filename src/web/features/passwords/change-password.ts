import { lazy } from 'react';

/**
 * Change Password for the top bar of every area (components/layout/DashboardFrame), loaded on first use: the password
 * rules (and their list of common passwords) stay out of the first load.
 */
export const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));
