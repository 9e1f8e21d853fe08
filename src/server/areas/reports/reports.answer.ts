import { createHash } from 'node:crypto';
import type { MonthlyRevenueQuery } from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import { readCatalogueVersion } from '../../db/catalogue-version';
import { keptAnswer, keptAnswers, type KeptAnswer } from '../../platform/lib/kept-answer';
import { presentMonthlyRevenue } from './reports.presenter';
import { monthlyRevenue } from './reports.service';

/**
 * The monthly revenue report's answer made once per catalogue version and range, and kept with its compressed bytes
 * (platform/lib/kept-answer.ts). Its figures are the revenue rollup, which only subscription periods change, and its
 * columns the locations' names: both bump catalogue_version (migration 0041; docs/DATA.md "Catalogue version"), read
 * on every request, so a payment or a renamed location recorded through any server shows at once. At 500 locations and
 * 25 months the answer is 12,500 figures: making it cost more than any single view may (README "Performance").
 */

/** Bump when the answer's shape changes, so a client holding the old shape never gets a 304 for it. */
const SHAPE = 'mr1';
const MAX_ENTRIES = 8;

const perDatabase = new WeakMap<Db, ReturnType<typeof keptAnswers>>();

export async function monthlyRevenueAnswer(db: Db, query: MonthlyRevenueQuery): Promise<KeptAnswer> {
  let kept = perDatabase.get(db);
  if (!kept) perDatabase.set(db, (kept = keptAnswers(MAX_ENTRIES)));
  const version = String(await readCatalogueVersion(db));
  const range = JSON.stringify([query.from ?? null, query.to ?? null]);
  const tag = createHash('sha256').update(range).digest('base64url').slice(0, 12);
  return kept(version, range, async () =>
    keptAnswer(presentMonthlyRevenue(await monthlyRevenue(db, query)), `W/"${SHAPE}-${version}-${tag}"`),
  );
}
