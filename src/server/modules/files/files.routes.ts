import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { answersFile, describeHandler } from '../../platform/openapi/describe';
import type { Permission } from '../../../shared/permissions';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { contentTypeForExt, IMAGE_EXTS } from '../../platform/storage/file-types';
import {
  PRIVATE_FOLDERS,
  PUBLIC_FOLDERS,
  STORED_NAME,
  THUMBNAIL_SOURCE_FOLDERS,
  type PrivateFolder,
  type UploadFolder,
} from '../../platform/storage/storage';
import { API_CSP } from '../../platform/static';
import { storeUpload, UploadedFileView, type UploadAccept } from './files.service';
import { readThumbnail } from './thumbnails';

const fileName = v.pipe(v.string(), v.regex(STORED_NAME, 'Unknown file'));
const PublicFileParams = v.object({ folder: v.picklist(PUBLIC_FOLDERS, 'Unknown folder'), name: fileName });
type PrivateName = PrivateFolder extends `private/${infer N}` ? N : never;
const PRIVATE_NAMES = PRIVATE_FOLDERS.map((f) => f.slice('private/'.length) as PrivateName);
const PrivateFileParams = v.object({ folder: v.picklist(PRIVATE_NAMES, 'Unknown folder'), name: fileName });
const ThumbnailParams = v.object({ folder: v.picklist(THUMBNAIL_SOURCE_FOLDERS, 'Unknown folder'), name: fileName });

/** Nothing served here is a page: no script, style or plugin ever runs in it, even if opened directly. */
const FILE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': API_CSP };
const contentType = (name: string) => contentTypeForExt(name.split('.').pop()!) ?? 'application/octet-stream';
const IMAGE_TYPES = IMAGE_EXTS.map((ext) => contentTypeForExt(ext)!);
const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'];

/**
 * GET /api/files/<folder>/<file>: public images (guests see logos, offer images, type thumbnails); names are
 * random UUIDs. GET /api/files/private/<folder>/<file>: contracts and payment proofs, back office only, never
 * cached by a browser or proxy, always a download (docs/SECURITY.md, Headers and files).
 * GET /api/files/thumbnails/<folder>/<file>: an offer card's WebP thumbnail of a public image, made on first request
 * (thumbnails.ts). The prefix is mounted before the API-wide sign-in check (app.ts), so public files are served
 * without reading a token; `signedIn` is that check (platform/middleware/auth.ts), for the private files.
 */
export function fileRoutes(deps: AppDeps, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .get(
      '/private/:folder/:name',
      answersFile(DOCUMENT_TYPES, { description: 'The document, as an attachment' }),
      signedIn,
      requireRole('backOffice'),
      validate('param', PrivateFileParams),
      async (c) => {
        const { folder, name } = c.req.valid('param');
        const bytes = await deps.storage.read(`private/${folder}`, name);
        if (!bytes) throw notFound('File not found');
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          ...FILE_HEADERS,
          'Content-Type': contentType(name),
          'Content-Disposition': `attachment; filename="${name}"`,
          'Cache-Control': 'private, no-store',
        });
      },
    )
    .get('/thumbnails/:folder/:name', answersFile('image/webp'), validate('param', ThumbnailParams), async (c) => {
      const { folder, name } = c.req.valid('param');
      const bytes = name.endsWith('.pdf') ? undefined : await readThumbnail(deps.storage, folder, name);
      if (!bytes) throw notFound('File not found');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        ...FILE_HEADERS,
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    })
    .get('/:folder/:name', answersFile(IMAGE_TYPES), validate('param', PublicFileParams), async (c) => {
      const { folder, name } = c.req.valid('param');
      // Public folders hold images only; a PDF there could only be a document from before the private area.
      const bytes = name.endsWith('.pdf') ? undefined : await deps.storage.read(folder, name);
      if (!bytes) throw notFound('File not found');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        ...FILE_HEADERS,
        'Content-Type': contentType(name),
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    });
}

/**
 * A POST handler for one upload endpoint (multipart field `file`), e.g.
 * `.post('/upload-logo', ...uploadHandler(deps, 'hotels', 'image', 'backOffice'))`; private documents go to a
 * private folder: `uploadHandler(deps, 'private/hotels', 'image-or-pdf', 'backOffice')`.
 */
export function uploadHandler(
  deps: AppDeps,
  folder: UploadFolder,
  accept: UploadAccept,
  permission: Permission,
  /** Told of each stored file before the answer, e.g. to record who uploaded it (offer images: upload_owners). */
  stored?: (c: Context<AppEnv>, url: string) => Promise<void>,
) {
  // The handler carries its request and answer for the API description (platform/openapi/describe.ts).
  const store = async (c: Context<AppEnv>) => {
    const body = await c.req.parseBody();
    const answer = await storeUpload(deps.storage, folder, body.file, accept);
    await stored?.(c, answer.url);
    return c.json(answer, 201);
  };
  return [
    requireRole(permission),
    describeHandler(
      store,
      { kind: 'upload', field: 'file', mediaTypes: accept === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES },
      { kind: 'answer', status: 201, body: 'json', schema: UploadedFileView, description: 'The stored file' },
    ),
  ] as const;
}
