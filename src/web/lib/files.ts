/** Uploaded paths start with /uploads/ and are displayed through /api/files/ (docs/PRODUCT.md "Calls"). */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return path.startsWith('/uploads/') ? `/api/files/${path.slice('/uploads/'.length)}` : path;
}
