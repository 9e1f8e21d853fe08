import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api, errorText, type ApiInput } from '../../lib/api';
import { fileUrl } from '../../lib/files';

/**
 * Contracts, payment proofs and the invoices' signature image live at /uploads/private/… and are served only with the
 * back office's token (docs/SECURITY.md, Headers and files). A plain <a href> or <img src> cannot send it, so these
 * fetch the file with the token and hand the browser a blob. Other paths (public uploads, http addresses) stay plain
 * links.
 */
export const isPrivateFile = (path: string | null | undefined): path is string =>
  !!path?.startsWith('/uploads/private/');

type PrivateFileParam = ApiInput<'GET', '/files/private/:folder/:name'>['param'];

/**
 * GET /files/private/<folder>/<name> of a stored '/uploads/private/<folder>/<name>' path. The folder is the one the
 * stored path names; the server answers 422 for one it does not know.
 */
const fetchPrivateFile = (path: string) => {
  const [folder, name = ''] = path.slice('/uploads/private/'.length).split('/');
  return api.get('/files/private/:folder/:name', { param: { folder: folder as PrivateFileParam['folder'], name } });
};

/** Saves a private document to the device (never opened inline: PDFs are not rendered in the app's origin). */
async function downloadPrivateFile(path: string): Promise<void> {
  const blob = await fetchPrivateFile(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = path.split('/').pop()!;
  link.click();
  // The click has handed the blob to the download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "View Contract": a download for a private document, else the old link. */
export function FileLink({ path, children, className }: { path: string; children: ReactNode; className?: string }) {
  const href = fileUrl(path);
  if (!isPrivateFile(path)) {
    return (
      <a href={href} target="_blank" rel="noreferrer" className={className}>
        {children}
      </a>
    );
  }
  const download = async () => {
    try {
      await downloadPrivateFile(path);
    } catch (error) {
      toast.error('Failed to download file', { description: errorText(error, '') || undefined });
    }
  };
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      {children}
    </a>
  );
}

/** An image preview URL: a blob: URL of a private image fetched with the token (revoked when it changes), else the file URL. */
export function usePreviewUrl(path: string | null | undefined): string | undefined {
  const [blobUrl, setBlobUrl] = useState<{ path: string; url: string }>();
  useEffect(() => {
    if (!isPrivateFile(path)) return;
    let url: string | undefined;
    let cancelled = false;
    fetchPrivateFile(path)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setBlobUrl({ path, url });
      })
      .catch(() => {}); // no preview; the field still says "Uploaded"
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (!isPrivateFile(path)) return fileUrl(path);
  return blobUrl?.path === path ? blobUrl.url : undefined;
}
