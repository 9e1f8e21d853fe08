import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorText } from './api';

/**
 * A list row's Delete, in the spec's words for each kind of record ("location", "merchant type", ...): asks
 * "Are you sure you want to delete this <thing>?", then toasts "<Thing> deleted successfully" or
 * "Failed to delete <thing>" with the server's reason under it.
 */
export function confirmDelete<TId>(remove: UseMutationResult<unknown, Error, TId>, id: TId, thing: string) {
  if (!window.confirm(`Are you sure you want to delete this ${thing}?`)) return;
  remove.mutate(id, {
    onSuccess: () => toast.success(`${thing.charAt(0).toUpperCase()}${thing.slice(1)} deleted successfully`),
    onError: (error) => toast.error(`Failed to delete ${thing}`, { description: errorText(error, '') || undefined }),
  });
}
