import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/guest/PrivacyPage';

/** The guests' privacy notice (docs/PRIVACY.md), linked from the details step's consent box. No login. */
export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});
