import type { UseMutationResult } from '@tanstack/react-query';
import { confirmDelete } from '../../lib/confirm-delete';
import { IconButton } from '../ui/Button';
import { EditIcon, KeyIcon, TrashIcon } from '../ui/icons';

/** A row's Edit (the pencil), read as "Edit <name>". */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton label={`Edit ${name}`} onClick={onClick}>
      <EditIcon />
    </IconButton>
  );
}

/** A row's Reset password (the key), read as "Reset password of <name>". */
export function ResetPasswordButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton label={`Reset password of ${name}`} onClick={onClick}>
      <KeyIcon />
    </IconButton>
  );
}

/** A row's Delete (the bin): asks first, then toasts in the words for `thing` (lib/confirm-delete.ts). */
export function DeleteButton<TId>({
  name,
  remove,
  id,
  thing,
  busyWhilePending,
}: {
  name: string;
  remove: UseMutationResult<unknown, Error, TId>;
  id: TId;
  thing: string;
  /** Disabled while a delete is under way. */
  busyWhilePending?: boolean;
}) {
  return (
    <IconButton
      label={`Delete ${name}`}
      className="danger"
      onClick={() => confirmDelete(remove, id, thing)}
      disabled={busyWhilePending ? remove.isPending : undefined}
    >
      <TrashIcon />
    </IconButton>
  );
}
