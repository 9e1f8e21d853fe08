import type { Db } from '../../src/server/db/client';
import { makeTilePng } from '../../src/server/demo/demo-images';
import { contactInfo } from './tables';

/** Helpers for the settings tests (merchant types, contact info, admin users). */

/** A real, small PNG file. */
export function pngFile(name = 'thumb.png'): File {
  return new File(
    [makeTilePng({ width: 16, height: 12, background: '#0e7490', shape: 'circle' }) as Uint8Array<ArrayBuffer>],
    name,
    {
      type: 'image/png',
    },
  );
}

/** Multipart body with the file in field `file`, as the web app sends uploads. */
export function uploadBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** Writes the single contact-info row directly (id 1), replacing any. */
export async function insertContactInfo(
  db: Db,
  values: {
    name?: string;
    mobileNumber?: string;
    serviceHelpline?: string | null;
    mailSupport?: string | null;
    technicalSupport?: string | null;
  } = {},
) {
  const row = {
    name: values.name ?? 'Asha Menon',
    mobileNumber: values.mobileNumber ?? '9876500000',
    serviceHelpline: values.serviceHelpline ?? null,
    mailSupport: values.mailSupport ?? null,
    technicalSupport: values.technicalSupport ?? null,
  };
  await db
    .insert(contactInfo)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: contactInfo.id, set: row });
}

/** Removes the contact-info row, for the "none saved yet" case. */
export async function clearContactInfo(db: Db) {
  await db.delete(contactInfo);
}
