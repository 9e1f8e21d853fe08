import * as v from 'valibot';
import { STATEMENT_PARTIES } from '../../../shared/schemas/statements';
import { isoDateTime, isoMonth, named, uuid } from '../../platform/openapi/shapes';
import type { StatementRow } from './statements.service';

/** A statement in the list (GET /statements); its figures are in its files, /statements/{id}.csv and .pdf. */
export const StatementView = named(
  'Statement',
  v.strictObject({
    id: uuid,
    party_kind: v.picklist(STATEMENT_PARTIES),
    party_id: uuid,
    /** The merchant's or hotel's name when the statement was generated. */
    party_name: v.string(),
    /** The business month stated, 'YYYY-MM'. */
    month: isoMonth,
    generated_at: isoDateTime,
  }),
);
export type StatementView = v.InferOutput<typeof StatementView>;

export const presentStatement = (row: StatementRow): StatementView => ({
  id: row.id,
  party_kind: row.partyKind,
  party_id: row.partyId,
  party_name: row.partyName,
  month: row.month,
  generated_at: row.generatedAt.toISOString(),
});
