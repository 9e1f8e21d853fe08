import * as v from 'valibot';
import { isoMonth, optionalParam, uuidText } from './common';

/**
 * Monthly statements (docs/PRODUCT.md "Statements"): one per merchant and per hotel and business month, frozen when
 * generated; a merchant's lines are by hotel, a hotel's by merchant.
 */
export const STATEMENT_PARTIES = ['merchant', 'hotel'] as const;
export type StatementParty = (typeof STATEMENT_PARTIES)[number];

/** GET /statements: the back office filters by party and month; a merchant or hotel sees its own only. */
export const StatementsQuery = v.object({
  party_kind: optionalParam(v.picklist(STATEMENT_PARTIES, `party_kind must be one of ${STATEMENT_PARTIES.join(', ')}`)),
  party_id: optionalParam(uuidText('party_id')),
  month: optionalParam(isoMonth('month')),
});
export type StatementsFilter = v.InferOutput<typeof StatementsQuery>;

/** The file of a statement: `<id>.csv` or `<id>.pdf` (GET /statements/{file}). */
export const StatementFileParam = v.object({
  file: v.pipe(
    v.string(),
    v.regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(csv|pdf)$/i,
      'file must be a statement id followed by .csv or .pdf',
    ),
    v.transform((file) => ({ id: file.slice(0, 36).toLowerCase(), format: file.slice(37) as 'csv' | 'pdf' })),
  ),
});

/** The download's file name: "StayPerks_statement_2026-10_<party>.pdf", the party's name reduced to safe letters. */
export const statementFileName = (partyName: string, month: string, format: 'csv' | 'pdf') =>
  `StayPerks_statement_${month}_${partyName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'party'}.${format}`;
