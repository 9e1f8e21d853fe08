import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { errorText } from '../lib/api';
import { ReasonDialog } from './ui/ReasonDialog';

/**
 * Undo of a redemption (docs/COUNTER.md): asks for the reason, sends it, toasts `done` or the server's reason (else
 * `failed`); a failure keeps the dialog open. Closed while `code` is null.
 */
export function UndoRedemptionDialog({
  code,
  undo,
  done,
  failed,
  onClose,
  children,
}: {
  code: string | null;
  undo: (input: { code: string; reason: string }) => Promise<unknown>;
  done: string;
  failed: string;
  onClose: () => void;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
}) {
  return (
    <ReasonDialog
      open={code !== null}
      title="Undo redemption"
      confirmLabel="Undo redemption"
      onClose={onClose}
      onConfirm={async (reason) => {
        if (code === null) return;
        try {
          await undo({ code, reason });
          toast.success(done);
        } catch (error) {
          toast.error(errorText(error, failed));
          throw error;
        }
      }}
    >
      {children}
    </ReasonDialog>
  );
}
