/** File types we accept, recognised by their first bytes (never by the client's name or Content-Type). */
export interface FileKind {
  ext: 'png' | 'jpg' | 'webp' | 'gif' | 'pdf';
  contentType: string;
}

const KINDS: { kind: FileKind; matches: (b: Uint8Array) => boolean }[] = [
  {
    kind: { ext: 'png', contentType: 'image/png' },
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { kind: { ext: 'jpg', contentType: 'image/jpeg' }, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    kind: { ext: 'gif', contentType: 'image/gif' },
    matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a',
  },
  {
    kind: { ext: 'webp', contentType: 'image/webp' },
    matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
  { kind: { ext: 'pdf', contentType: 'application/pdf' }, matches: (b) => ascii(b, 0, 5) === '%PDF-' },
];

export const IMAGE_EXTS: FileKind['ext'][] = ['png', 'jpg', 'webp', 'gif'];

export function detectFileKind(bytes: Uint8Array): FileKind | undefined {
  return KINDS.find((k) => k.matches(bytes))?.kind;
}

/**
 * A whole PDF: a `%PDF-1.x` or `%PDF-2.x` header and an `%%EOF` trailer in the last kilobyte (PDF 32000 §7.5.5).
 * Bytes after it or a truncated upload are refused, so a PDF cannot carry an appended page or script.
 */
export function isCompletePdf(bytes: Uint8Array): boolean {
  if (!/^%PDF-[12]\.\d/.test(ascii(bytes, 0, 8))) return false;
  const tail = ascii(bytes, Math.max(0, bytes.length - 1024), bytes.length);
  return /%%EOF[\s\0]*$/.test(tail);
}

export function contentTypeForExt(ext: string): string | undefined {
  return KINDS.find((k) => k.kind.ext === ext)?.kind.contentType;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((value, i) => bytes[i] === value);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
