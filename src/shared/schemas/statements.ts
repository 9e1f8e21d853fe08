import * as v from 'valibot';
import { isUuid } from '../uuid';
import { isoMonth, optionalParam, pageCursor, pageLimit, searchText, uuidText } from './common';

/**
 * Monthly statements (docs/PRODUCT.md "Statements"): one per merchant and per hotel and business month, frozen when
 * generated; a merchant's lines are by hotel, a hotel's by merchant.
 */
export const STATEMENT_PARTIES = ['merchant', 'hotel'] as const;
export type StatementParty = (typeof STATEMENT_PARTIES)[number];

/** Where a page of statements ended (newest month first, then kind, name, id): the next page starts after it. */
export interface StatementCursor {
  month: string;
  kind: StatementParty;
  name: string;
  id: string;
}

export const encodeStatementCursor = (c: StatementCursor) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify([c.month, c.kind, c.name, c.id]))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The cursor in `text`, or undefined when it is not one this server made. */
export function decodeStatementCursor(text: string): StatementCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,800}$/.test(text)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!Array.isArray(value) || value.length !== 4) return undefined;
    const [month, kind, name, id] = value as unknown[];
    if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return undefined;
    if (kind !== 'merchant' && kind !== 'hotel') return undefined;
    if (typeof name !== 'string' || name.length > 300) return undefined;
    if (typeof id !== 'string' || !isUuid(id)) return undefined;
    return { month, kind, name, id };
  } catch {
    return undefined;
  }
}

export const STATEMENTS_PAGE_DEFAULT = 50;
export const STATEMENTS_PAGE_MAX = 200;

/**
 * GET /statements: the back office filters by kind, party, month and a part of the party's name; a merchant or hotel
 * sees its own only. Paged: `limit` rows, then `cursor` (the X-Next-Cursor of the page before).
 */
export const StatementsQuery = v.object({
  party_kind: optionalParam(v.picklist(STATEMENT_PARTIES, `party_kind must be one of ${STATEMENT_PARTIES.join(', ')}`)),
  party_id: optionalParam(uuidText('party_id')),
  month: optionalParam(isoMonth('month')),
  search: optionalParam(searchText()),
  limit: optionalParam(pageLimit(STATEMENTS_PAGE_MAX)),
  cursor: optionalParam(
    pageCursor(decodeStatementCursor, 'cursor is not a valid page cursor: load the list again from the first page'),
  ),
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
