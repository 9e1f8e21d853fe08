import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  encodeStatementCursor,
  STATEMENTS_PAGE_DEFAULT,
  type StatementParty,
  type StatementsFilter,
} from '../../../shared/schemas/statements';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../platform/lib/errors';
import { likeContaining } from '../../platform/lib/like';
import { auditEvents } from '../audit/table';
import { coupons } from '../coupons/table';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';
import { statementLines, statements } from './table';

export const STATEMENT_NOT_FOUND = 'Statement not found';

/** The start of business month `month` ('YYYY-MM') as a timestamptz, in `timeZone`. */
const monthStart = (month: SQL | string, timeZone: string) =>
  sql`((${month} || '-01')::date)::timestamp at time zone ${timeZone}`;
const monthEnd = (month: string, timeZone: string) =>
  sql`(((${month} || '-01')::date) + interval '1 month')::timestamp at time zone ${timeZone}`;
const monthOfTime = (column: SQL, timeZone: string) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;

/**
 * The figures of every (merchant, hotel, business month) from `from` to `to` (inclusive), counted from the base tables
 * (docs/PRODUCT.md "Statements"): vouchers issued by the business month of their scan (cancelled ones too: they were
 * issued), redemptions by the month of `redeemed_at` with their bill amounts (a redemption undone later is no longer
 * one, so its month's recount drops it), and undos by the month of their `coupon.undo` audit event (an undo clears the
 * coupon's redemption, so the audit trail is the only record of it). Each pair is written twice, once for the
 * merchant's statement (counterpart: the hotel) and once for the hotel's (counterpart: the merchant).
 */
function figuresSelect(from: string, to: string, timeZone: string): SQL {
  const lo = monthStart(from, timeZone);
  const hi = monthEnd(to, timeZone);
  const c = coupons;
  const s = customerScans;
  return sql`
    with events as (
      select ${c.merchantId} as merchant_id, ${s.hotelId} as hotel_id, ${monthOfTime(sql`${s.scanDate}`, timeZone)} as month,
             1 as issued, 0 as redeemed, 0 as undone, 0::numeric as bill
      from ${s} join ${c} on ${c.scanId} = ${s.id}
      where ${s.scanDate} >= ${lo} and ${s.scanDate} < ${hi}
      union all
      select ${c.merchantId}, ${s.hotelId}, ${monthOfTime(sql`${c.redeemedAt}`, timeZone)}, 0, 1, 0, coalesce(${c.billAmount}, 0)
      from ${c} join ${s} on ${s.id} = ${c.scanId}
      where ${c.isRedeemed} and ${c.redeemedAt} >= ${lo} and ${c.redeemedAt} < ${hi}
      union all
      select ${c.merchantId}, ${s.hotelId}, ${monthOfTime(sql`${auditEvents.at}`, timeZone)}, 0, 0, 1, 0
      from ${auditEvents}
      join ${c} on ${c.id} = ${auditEvents.entityId}::uuid
      join ${s} on ${s.id} = ${c.scanId}
      where ${auditEvents.action} = 'coupon.undo' and ${auditEvents.entity} = 'coupon'
        and ${auditEvents.at} >= ${lo} and ${auditEvents.at} < ${hi}
    ),
    pairs as (
      select merchant_id, hotel_id, month, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
             sum(undone)::int as undone, sum(bill)::numeric(14, 2) as bill_total
      from events group by merchant_id, hotel_id, month
    )
    select 'merchant'::text as party_kind, merchant_id as party_id, hotel_id as counterpart_id, month,
           issued, redeemed, undone, bill_total
    from pairs
    union all
    select 'hotel'::text, hotel_id, merchant_id, month, issued, redeemed, undone, bill_total from pairs`;
}

/** A party's figures of one month, by counterpart, recounted now (the tests' and the adjustments' fresh count). */
export interface StatementFigures {
  party_kind: StatementParty;
  party_id: string;
  counterpart_id: string;
  month: string;
  issued: number;
  redeemed: number;
  undone: number;
  bill_total: string;
}

export async function recountMonth(db: Db, month: string, timeZone: string): Promise<StatementFigures[]> {
  return rowsOf<StatementFigures>(await db.execute(figuresSelect(month, month, timeZone)));
}

/**
 * Generates the statements of business month `month` (docs/PRODUCT.md "Statements"), in one transaction: one per
 * merchant and per hotel that existed during the month and was not archived before it, or that has figures or
 * adjustments on it; a party that already has this month's statement keeps it (frozen) and gets none. Lines: the
 * month's figures by counterpart, then the adjustments: for each earlier month this party has a statement of, a fresh
 * recount of that month less what its statement and later adjustments said, where they differ. Answers how many
 * statements were made.
 */
export async function generateStatements(
  db: Db,
  options: { month: string; timeZone: string; generatedAt: Date },
): Promise<number> {
  const { month, timeZone } = options;
  const generatedAt = options.generatedAt.toISOString();
  return db.transaction(async (tx) => {
    const [first] = rowsOf<{ month: string | null }>(
      await tx.execute(
        sql`select min(${statements.month}) as month from ${statements} where ${statements.month} < ${month}`,
      ),
    );
    const from = first?.month ?? month;
    // Temporary tables, dropped at commit: the figures are read three times (parties, lines, adjustments).
    await tx.execute(
      sql`create temporary table statement_figures on commit drop as ${figuresSelect(from, month, timeZone)}`,
    );
    await tx.execute(sql`
      create temporary table statement_adjustments on commit drop as
      select x.party_kind, x.party_id, x.month, x.counterpart_id, sum(x.issued)::int as issued,
             sum(x.redeemed)::int as redeemed, sum(x.undone)::int as undone, sum(x.bill_total)::numeric(14, 2) as bill_total
      from (
        select party_kind, party_id, month, counterpart_id, issued, redeemed, undone, bill_total
        from statement_figures where month < ${month}
        union all
        select e.party_kind, e.party_id, l.month, l.counterpart_id, -l.issued, -l.redeemed, -l.undone, -l.bill_total
        from ${statementLines} l join ${statements} e on e.id = l.statement_id
        where e.month < ${month}
      ) x
      -- Only months this party was given a statement for: a month before its first statement was never stated.
      where exists (
        select 1 from ${statements} e where e.party_kind = x.party_kind and e.party_id = x.party_id and e.month = x.month)
      group by x.party_kind, x.party_id, x.month, x.counterpart_id
      having sum(x.issued) <> 0 or sum(x.redeemed) <> 0 or sum(x.undone) <> 0 or sum(x.bill_total) <> 0`);
    // Autovacuum never analyses temporary tables: without their row counts the planner joins a season's figures to
    // the month's statements by nested loops (minutes at 1,000,000 scans, against seconds).
    await tx.execute(sql`analyze statement_figures`);
    await tx.execute(sql`analyze statement_adjustments`);
    const lo = monthStart(month, timeZone);
    const hi = monthEnd(month, timeZone);
    const inserted = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into ${statements} (party_kind, party_id, party_name, month, generated_at)
        select p.party_kind, p.party_id, coalesce(m.name, h.name), ${month}, ${generatedAt}::timestamptz
        from (
          select 'merchant'::text as party_kind, ${merchants.id} as party_id from ${merchants}
          where ${merchants.createdAt} < ${hi} and (${merchants.archivedAt} is null or ${merchants.archivedAt} >= ${lo})
          union
          select 'hotel', ${hotels.id} from ${hotels}
          where ${hotels.createdAt} < ${hi} and (${hotels.archivedAt} is null or ${hotels.archivedAt} >= ${lo})
          union
          select party_kind, party_id from statement_figures where month = ${month}
          union
          select party_kind, party_id from statement_adjustments
        ) p
        left join ${merchants} m on p.party_kind = 'merchant' and m.id = p.party_id
        left join ${hotels} h on p.party_kind = 'hotel' and h.id = p.party_id
        on conflict (party_kind, party_id, month) do nothing
        returning id`),
    );
    if (inserted.length > 0) {
      await tx.execute(sql`
        insert into ${statementLines}
          (statement_id, month, counterpart_id, counterpart_name, issued, redeemed, undone, bill_total)
        select st.id, f.month, f.counterpart_id, coalesce(h.name, m.name, ''), f.issued, f.redeemed, f.undone, f.bill_total
        from ${statements} st
        join (
          select party_kind, party_id, month, counterpart_id, issued, redeemed, undone, bill_total
          from statement_figures where month = ${month}
          union all
          select party_kind, party_id, month, counterpart_id, issued, redeemed, undone, bill_total
          from statement_adjustments
        ) f on f.party_kind = st.party_kind and f.party_id = st.party_id
        left join ${hotels} h on st.party_kind = 'merchant' and h.id = f.counterpart_id
        left join ${merchants} m on st.party_kind = 'hotel' and m.id = f.counterpart_id
        -- This run's statements only: one generated earlier (another run) is frozen.
        where st.month = ${month} and st.generated_at = ${generatedAt}::timestamptz`);
    }
    return inserted.length;
  });
}

/** Who asks: the back office sees every statement, a merchant or hotel login its own only. */
export type StatementScope = { kind: 'all' } | { kind: StatementParty; id: string };

const scopeWhere = (scope: StatementScope) =>
  scope.kind === 'all' ? undefined : and(eq(statements.partyKind, scope.kind), eq(statements.partyId, scope.id));

/**
 * A page of statements, newest month first, then by kind and party name (keyset paging: the next page starts after
 * the cursor's row), with how many match the filters in all.
 */
export async function listStatements(db: Db, scope: StatementScope, filter: StatementsFilter) {
  const limit = filter.limit ?? STATEMENTS_PAGE_DEFAULT;
  const matching = and(
    scopeWhere(scope),
    filter.party_kind ? eq(statements.partyKind, filter.party_kind) : undefined,
    filter.party_id ? eq(statements.partyId, filter.party_id) : undefined,
    filter.month ? eq(statements.month, filter.month) : undefined,
    filter.search ? ilike(statements.partyName, likeContaining(filter.search)) : undefined,
  );
  const after = filter.cursor;
  const rows = await db
    .select({
      id: statements.id,
      partyKind: statements.partyKind,
      partyId: statements.partyId,
      partyName: statements.partyName,
      month: statements.month,
      generatedAt: statements.generatedAt,
    })
    .from(statements)
    .where(
      and(
        matching,
        after
          ? sql`(${statements.month} < ${after.month} or (${statements.month} = ${after.month} and
              (${statements.partyKind}, ${statements.partyName}, ${statements.id}) > (${after.kind}, ${after.name}, ${after.id}::uuid)))`
          : undefined,
      ),
    )
    .orderBy(sql`${statements.month} desc`, asc(statements.partyKind), asc(statements.partyName), asc(statements.id))
    .limit(limit + 1);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(statements)
    .where(matching);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    total: Number(count?.total ?? 0),
    nextCursor:
      rows.length > limit && last
        ? encodeStatementCursor({ month: last.month, kind: last.partyKind, name: last.partyName, id: last.id })
        : undefined,
  };
}
export type StatementRow = Awaited<ReturnType<typeof listStatements>>['rows'][number];

/** One statement with its lines (the month's first, by counterpart name; then adjustments by month). Not the
 * caller's: 404, as if it did not exist. */
export async function getStatement(db: Db, scope: StatementScope, id: string) {
  const [statement] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.id, id), scopeWhere(scope)));
  if (!statement) throw notFound(STATEMENT_NOT_FOUND);
  const lines = await db
    .select({
      month: statementLines.month,
      counterpartId: statementLines.counterpartId,
      counterpartName: statementLines.counterpartName,
      issued: statementLines.issued,
      redeemed: statementLines.redeemed,
      undone: statementLines.undone,
      billTotal: statementLines.billTotal,
    })
    .from(statementLines)
    .where(eq(statementLines.statementId, id))
    .orderBy(
      sql`${statementLines.month} = ${statement.month} desc`,
      asc(statementLines.month),
      asc(statementLines.counterpartName),
      asc(statementLines.counterpartId),
    );
  return { ...statement, lines };
}
export type StatementWithLines = Awaited<ReturnType<typeof getStatement>>;
