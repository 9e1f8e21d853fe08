import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../lib/errors';
import { requireRole, type Caller } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { contentTypeForExt } from '../../storage/file-types';
import { STORED_NAME, UPLOAD_FOLDERS, type UploadFolder } from '../../storage/storage';
import { storeUpload, type UploadAccept } from './files.service';

const FileParams = v.object({
  folder: v.picklist(UPLOAD_FOLDERS, 'Unknown folder'),
  name: v.pipe(v.string(), v.regex(STORED_NAME, 'Unknown file')),
});

/** GET /api/files/<folder>/<file>: public (guests see logos and offer images); names are random UUIDs. */
export function fileRoutes({ storage }: AppDeps) {
  return new Hono<AppEnv>().get('/:folder/:name', validate('param', FileParams), async (c) => {
    const { folder, name } = c.req.valid('param');
    const bytes = await storage.read(folder, name);
    if (!bytes) throw notFound('File not found');
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': contentTypeForExt(name.split('.').pop()!) ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}

/**
 * A POST handler for one upload endpoint (multipart field `file`), e.g.
 * `.post('/upload-logo', ...uploadHandler(deps, 'hotels', 'image', BACK_OFFICE))`.
 */
export function uploadHandler(deps: AppDeps, folder: UploadFolder, accept: UploadAccept, roles: readonly Caller[]) {
  return [
    requireRole(roles),
    async (c: Context<AppEnv>) => {
      const body = await c.req.parseBody();
      return c.json(await storeUpload(deps.storage, folder, body.file, accept), 201);
    },
  ] as const;
}
