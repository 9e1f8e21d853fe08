import type { ReactNode } from 'react';
import * as v from 'valibot';
import { currentPassword } from '../../../shared/schemas/reauth';
import { ReasonDialog } from '../ui/ReasonDialog';

const PasswordSchema = v.object({ reason: currentPassword() });
const PASSWORD_FIELD = { label: 'Current password', type: 'password', autoComplete: 'current-password' } as const;

interface Props {
  open: boolean;
  title: string;
  /** What will happen, in a sentence. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onClose: () => void;
  /** Sends the password; a refusal (a wrong password) keeps the dialog open and shows beside the field. */
  onConfirm: (password: string) => Promise<unknown>;
  failure: string;
}

/**
 * Asks for the current password again before ending another device or every device, or before a change to how the
 * login signs in (docs/SECURITY.md "Re-authentication"); the server checks it.
 */
export function CurrentPasswordDialog(props: Props) {
  return <ReasonDialog {...props} placeholder="" field={PASSWORD_FIELD} schema={PasswordSchema} />;
}
