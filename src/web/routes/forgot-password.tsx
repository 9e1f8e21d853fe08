import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/passwords/ForgotPasswordPage';

/**
 * "Forgot password?" from a login screen (docs/PRODUCT.md "Screens"). No login. Its `from` (the login to go back to)
 * is read by the page itself, so nothing of it joins the first load of other pages.
 */
export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});
