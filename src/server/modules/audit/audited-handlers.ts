import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import type * as v from 'valibot';
import type { AuditAction } from '../../../shared/audit-actions';
import type { Permission } from '../../../shared/permissions';
import { UuidIdParam, type IntIdParam } from '../../../shared/schemas/common';
import { ResetPasswordSchema } from '../../../shared/schemas/passwords';
import { todayIn } from '../../../shared/dates';
import type { Db } from '../../db/client';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { csvResponse, rangeFileName, type CsvColumn } from '../../platform/lib/csv';
import { validate } from '../../platform/middleware/validate';
import { auditContext } from './audit-context';
import { recordAudit, type AuditContext } from './audit.service';

const factory = createFactory<AppEnv>();

/**
 * The create, update and delete handlers of a resource written with an audit event (docs/DEVELOPING.md "A feature,
 * end to end"): the role check, the shared schema's check of the body (and of the id in the path), the service called
 * with the caller's audit context, the answer shown by the presenter. Mount them as
 * `.post('/', ...writes.create(service, present))` (201), `.put('/:id', ...writes.update(service, present))` and
 * `.delete('/:id', ...writes.remove(permission, service, answer))` (deleting may need another permission).
 */
export function auditedWrites<S extends v.GenericSchema, P extends typeof IntIdParam | typeof UuidIdParam>(
  { db, config }: AppDeps,
  permission: Permission,
  schema: S,
  idParam: P,
) {
  return {
    create: <Row, Shown>(
      create: (db: Db, input: v.InferOutput<S>, audit: AuditContext) => Promise<Row>,
      present: (row: Row) => Shown,
    ) =>
      factory.createHandlers(requireRole(permission), validate('json', schema), async (c) =>
        c.json(present(await create(db, c.req.valid('json'), auditContext(c, config))), 201),
      ),
    update: <Row, Shown>(
      update: (db: Db, id: v.InferOutput<P>['id'], input: v.InferOutput<S>, audit: AuditContext) => Promise<Row>,
      present: (row: Row) => Shown,
    ) =>
      factory.createHandlers(requireRole(permission), validate('param', idParam), validate('json', schema), async (c) =>
        c.json(present(await update(db, c.req.valid('param').id, c.req.valid('json'), auditContext(c, config)))),
      ),
    remove: <Outcome, Shown>(
      deletePermission: Permission,
      remove: (db: Db, id: v.InferOutput<P>['id'], audit: AuditContext) => Promise<Outcome>,
      answer: (outcome: Outcome) => Shown,
    ) =>
      factory.createHandlers(requireRole(deletePermission), validate('param', idParam), async (c) =>
        c.json(answer(await remove(db, c.req.valid('param').id, auditContext(c, config)))),
      ),
  };
}

/**
 * POST /:id/reset-password of a hotel's or merchant's login (docs/SECURITY.md "Passwords"): a reset takes a login
 * over, so like deleting it is for superadmin and admin (`resetPasswords`).
 */
export function resetPasswordHandlers(
  { db, config }: AppDeps,
  reset: (db: Db, id: string, password: string, audit: AuditContext) => Promise<void>,
) {
  return factory.createHandlers(
    requireRole('resetPasswords'),
    validate('param', UuidIdParam),
    validate('json', ResetPasswordSchema),
    async (c) => {
      await reset(db, c.req.valid('param').id, c.req.valid('json').password, auditContext(c, config));
      return c.json({ detail: 'Password reset successfully' });
    },
  );
}

/**
 * GET handlers of an area's CSV export over the query's from..to, for the caller's own hotel or merchant (`owner`,
 * which refuses a caller without one): the role check, the query's check, the export recorded first as the `action`
 * audit event on that record with the filters used (docs/SECURITY.md, the export.* events), then the file
 * "<prefix>_<from>_to_<to>.csv" of the lines `lines` reads in the business time zone.
 */
export function areaExportHandlers<S extends v.GenericSchema<unknown, { from?: string; to?: string }>, Line>(
  { db, config }: AppDeps,
  permission: Permission,
  schema: S,
  file: {
    owner: (c: Context<AppEnv>) => string | Promise<string>;
    action: AuditAction;
    prefix: string;
    columns: CsvColumn<Line>[];
    lines: (db: Db, ownerId: string, query: v.InferOutput<S>, timeZone: string) => AsyncIterable<Line[]>;
  },
) {
  return factory.createHandlers(requireRole(permission), validate('query', schema), async (c) => {
    const ownerId = await file.owner(c);
    const query: v.InferOutput<S> = c.req.valid('query');
    const fileName = rangeFileName(file.prefix, query.from, query.to, todayIn(config.timeZone));
    await recordAudit(db, auditContext(c, config), {
      action: file.action,
      entity: 'export',
      entityId: ownerId,
      after: { file: fileName, filters: query },
    });
    return csvResponse(c, fileName, file.columns, file.lines(db, ownerId, query, config.timeZone));
  });
}
