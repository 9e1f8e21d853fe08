import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { confirmDelete } from '../../lib/confirm-delete';
import { useCan } from '../../lib/current-user';
import { Button, IconButton } from '../ui/Button';
import { EditIcon, KeyIcon, PlusIcon, TrashIcon } from '../ui/icons';

/** A list's Add button (the plus, then e.g. "Add Hotel"), above the list or in its section's header. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon /> {label}
    </Button>
  );
}

/** A row's small button with words (Renew, Add Offer, Undo), read as `label` (which names the row). */
export function RowButton({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant="secondary" className={className} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}

/** A row's Edit (the pencil), read as "Edit <name>". */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton label={`Edit ${name}`} onClick={onClick}>
      <EditIcon />
    </IconButton>
  );
}

/** A row's Reset password (the key), read as "Reset password of <name>". */
function ResetPasswordButton({ name, onClick }: { name: string; onClick: () => void }) {
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

/** The word the delete's question and toasts use for a record with a login. */
const THING = { hotels: 'hotel', merchants: 'merchant' } as const;

/** Whose password a row's key button resets: the passwords feature's reset dialog takes it as its target. */
export type LoginRecord = { kind: keyof typeof THING; id: string; name: string };

/**
 * Reset password and Delete of a record with a login (a hotel, a merchant), each shown only to the roles that may
 * (shared/permissions.ts). Its Sign out everywhere is in the record's details (a hotel) or Devices (a merchant).
 */
export function LoginRowButtons({
  kind,
  record: { id, name },
  remove,
  onReset,
}: {
  kind: LoginRecord['kind'];
  record: { id: string; name: string };
  remove: UseMutationResult<unknown, Error, string>;
  onReset: (target: LoginRecord) => void;
}) {
  const mayResetPasswords = useCan('resetPasswords');
  const mayDelete = useCan('delete');
  return (
    <>
      {mayResetPasswords && <ResetPasswordButton name={name} onClick={() => onReset({ kind, id, name })} />}
      {mayDelete && <DeleteButton name={name} remove={remove} id={id} thing={THING[kind]} />}
    </>
  );
}
