import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { UuidIdParam } from '../../../shared/schemas/common';
import { FunnelQuerySchema, FunnelReportQuerySchema } from '../../../shared/schemas/funnel';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { rowsOf } from '../../db/rows';
import type { AppDeps, AppEnv } from '../../platform/context';
import { csvResponse, type CsvColumn } from '../../platform/lib/csv';
import { notFound } from '../../platform/lib/errors';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answersCsv } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.service';
import { hotels } from '../hotels/table';
import { ownHotelOnly, rangeOf } from './funnel.range';
import {
  FUNNEL_SUMS,
  figuresOf,
  funnelByLocation,
  LOCATION_NOT_FOUND,
  locationFunnel,
  funnelDays,
  ratesOf,
  type FunnelFigures,
  type FunnelRates,
} from './funnel.stats';

interface Line {
  label: string;
  figures: FunnelFigures;
  rates: FunnelRates;
}

/** A rate as the screens show it (per cent, one decimal), an empty cell where its base is 0. */
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 10) / 10);

/** The funnel's columns after the first (the label's): figures, then rates, as on the screens. */
function funnelColumns(first: string): CsvColumn<Line>[] {
  return [
    { header: first, cell: (line) => line.label },
    { header: 'Pages Opened', cell: (line) => line.figures.opens },
    { header: 'Details Entered', cell: (line) => line.figures.details },
    { header: 'Vouchers Issued', cell: (line) => line.figures.issued },
    { header: 'Redeemed', cell: (line) => line.figures.redeemed },
    { header: 'Review Taps', cell: (line) => line.figures.review_taps },
    { header: 'Shares', cell: (line) => line.figures.shares },
    { header: 'Details % of Opened', cell: (line) => percent(line.rates.details_rate) },
    { header: 'Issued % of Details', cell: (line) => percent(line.rates.issue_rate) },
    { header: 'Redeemed % of Issued', cell: (line) => percent(line.rates.redeem_rate) },
    { header: 'Issued % of Opened', cell: (line) => percent(line.rates.open_to_issue_rate) },
    { header: 'Review Taps % of Opened', cell: (line) => percent(line.rates.review_tap_rate) },
    { header: 'Shares % of Opened', cell: (line) => percent(line.rates.share_rate) },
  ];
}

const ZERO: FunnelFigures = { opens: 0, details: 0, issued: 0, redeemed: 0, review_taps: 0, shares: 0 };

/** The lines, then a TOTAL line summing their figures (its rates of the sums). */
function withTotal(lines: { label: string; figures: FunnelFigures }[]): Line[] {
  const total = { ...ZERO };
  for (const line of lines)
    for (const key of Object.keys(total) as (keyof FunnelFigures)[]) total[key] += line.figures[key];
  return [...lines, { label: 'TOTAL', figures: total }].map((line) => ({ ...line, rates: ratesOf(line.figures) }));
}

/**
 * A hotel's funnel per business day from `from` to `to`, every day of the range (zeros where nothing happened),
 * each day's figures as funnelDays counts them (no stage below the next, per card).
 */
async function hotelFunnelDays(db: Db, hotelId: string, from: string, to: string) {
  await foldCouponCounts(db);
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select g.day::date::text as day, ${FUNNEL_SUMS}
      from generate_series(${from}::date, ${to}::date, interval '1 day') g(day)
      left join (${funnelDays(from, to, sql`f.hotel_id = ${hotelId}::uuid`)}) d on d.day = g.day::date
      group by g.day order by g.day`),
  ).map((row) => ({ label: String(row.day), figures: figuresOf(row) }));
}

/**
 * GET /funnel/export?from=&to=[&location_id=]: the back office's funnel as on screen, per location, or per hotel of
 * one location, with a TOTAL line; audited as export.funnel.
 */
export function funnelReportExportRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/export',
    answersCsv(),
    requireRole('viewReports'),
    validate('query', FunnelReportQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const { from, to } = rangeOf(query, config.timeZone);
      const locationId = query.location_id;
      const one = locationId === undefined ? undefined : await locationFunnel(db, locationId, from, to);
      if (locationId !== undefined && !one) throw notFound(LOCATION_NOT_FOUND);
      const fileName = `funnel_${one ? `location-${locationId}_` : ''}${from}_to_${to}.csv`;
      await recordAudit(db, auditContext(c, config), {
        action: 'export.funnel',
        entity: 'export',
        after: { file: fileName, filters: { from, to, location_id: locationId ?? null } },
      });
      const rows = one ? one.hotels : await funnelByLocation(db, from, to);
      const lines = withTotal(
        rows.map((row) => ({ label: row.archived ? `${row.name} (archived)` : row.name, figures: row.figures })),
      );
      return csvResponse(c, fileName, funnelColumns(one ? 'Hotel' : 'Location'), [lines]);
    },
  );
}

/**
 * GET /hotels/{id}/funnel/export?from=&to=: a hotel's funnel by business day with a TOTAL line (its dashboard's
 * funnel card); the back office any hotel, a hotel login its own (another's is "not found"); audited as
 * export.hotel_funnel with the hotel's id.
 */
export function hotelFunnelExportRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:id/funnel/export',
    answersCsv(),
    requireRole('funnel'),
    validate('param', UuidIdParam),
    validate('query', FunnelQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      ownHotelOnly(c, id);
      const [hotel] = await db
        .select({ id: hotels.id })
        .from(hotels)
        .where(sql`${hotels.id} = ${id}::uuid`);
      if (!hotel) throw notFound('Hotel not found');
      const { from, to } = rangeOf(c.req.valid('query'), config.timeZone);
      const fileName = `hotel-funnel_${from}_to_${to}.csv`;
      await recordAudit(db, auditContext(c, config), {
        action: 'export.hotel_funnel',
        entity: 'export',
        entityId: id,
        after: { file: fileName, filters: { from, to } },
      });
      return csvResponse(c, fileName, funnelColumns('Day'), [withTotal(await hotelFunnelDays(db, id, from, to))]);
    },
  );
}
