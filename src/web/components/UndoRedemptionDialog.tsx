import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { ReasonDialog } from './ui/ReasonDialog';

/**
 * Undo of a redemption (docs/COUNTER.md): asks for the reason, sends it, toasts `done`; a refusal keeps the dialog
 * open with the server's reason (else `failed`) in it. Closed while `code` is null.
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
        await undo({ code, reason });
        toast.success(done);
      }}
      failure={failed}
    >
      {children}
    </ReasonDialog>
  );
}
