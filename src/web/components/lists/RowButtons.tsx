import type { UseMutationResult } from '@tanstack/react-query';
import { useCan } from '../../features/auth';
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

/**
 * Reset password and Delete of a record with a login (a hotel, a merchant), each shown only to the roles that may
 * (shared/permissions.ts).
 */
export function LoginRowButtons({
  kind,
  id,
  name,
  thing,
  remove,
  onReset,
}: {
  kind: 'hotels' | 'merchants';
  id: string;
  name: string;
  thing: string;
  remove: UseMutationResult<unknown, Error, string>;
  onReset: (target: { kind: 'hotels' | 'merchants'; id: string; name: string }) => void;
}) {
  const mayResetPasswords = useCan('resetPasswords');
  const mayDelete = useCan('delete');
  return (
    <>
      {mayResetPasswords && <ResetPasswordButton name={name} onClick={() => onReset({ kind, id, name })} />}
      {mayDelete && <DeleteButton name={name} remove={remove} id={id} thing={thing} />}
    </>
  );
}
