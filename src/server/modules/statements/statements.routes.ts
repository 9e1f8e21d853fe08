import { Hono } from 'hono';
import * as v from 'valibot';
import { statementFileName, StatementFileParam, StatementsQuery } from '../../../shared/schemas/statements';
import type { AppDeps, AppEnv, AuthUser } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersFile } from '../../platform/openapi/describe';
import { NEXT_CURSOR, TOTAL_COUNT } from '../../platform/openapi/shapes';
import { renderStatementCsv, renderStatementPdf } from './statement-files';
import { presentStatement, StatementView } from './statements.presenter';
import { getStatement, listStatements, type StatementScope } from './statements.service';

/** A merchant or hotel login sees its own statements only; the back office any (docs/PRODUCT.md "Statements"). */
function scopeOf(user: AuthUser): StatementScope {
  // Every login of a merchant (owner, supervisor) reads its merchant's statements only.
  if (user.userType === 'merchant')
    return { kind: 'merchant', id: user.merchantId ?? '00000000-0000-0000-0000-000000000000' };
  if (user.userType === 'hotel') return { kind: 'hotel', id: user.hotelId ?? '00000000-0000-0000-0000-000000000000' };
  return { kind: 'all' };
}

/**
 * GET /api/statements?party_kind=&party_id=&month=&search=&limit=&cursor=: a page of the statements the caller may
 * read, newest month first (X-Total-Count, X-Next-Cursor).
 * GET /api/statements/{id}.csv and /api/statements/{id}.pdf: one statement's files, the same bytes on every download;
 * another party's statement is "not found", as if it did not exist.
 */
export function statementRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      answers(v.array(StatementView), { headers: { ...TOTAL_COUNT, ...NEXT_CURSOR } }),
      requireRole('statements'),
      validate('query', StatementsQuery),
      async (c) => {
        const { rows, total, nextCursor } = await listStatements(db, scopeOf(currentUser(c)), c.req.valid('query'));
        c.header('X-Total-Count', String(total));
        if (nextCursor) c.header('X-Next-Cursor', nextCursor);
        c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
        return c.json(rows.map(presentStatement));
      },
    )
    .get(
      '/:file',
      answersFile(['text/csv', 'application/pdf'], {
        description: "The statement's CSV or PDF (by the path's ending)",
      }),
      requireRole('statements'),
      validate('param', StatementFileParam),
      async (c) => {
        const { id, format } = c.req.valid('param').file;
        const statement = await getStatement(db, scopeOf(currentUser(c)), id);
        const bytes = format === 'csv' ? renderStatementCsv(statement) : await renderStatementPdf(statement);
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
          'Content-Disposition': `attachment; filename="${statementFileName(statement.partyName, statement.month, format)}"`,
          'Cache-Control': 'private, no-store',
        });
      },
    );
}
