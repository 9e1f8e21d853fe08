import { describe, expect, it } from 'vitest';
import { renderStatementPdf } from '../../src/server/modules/statements/statement-files';
import type { StatementWithLines } from '../../src/server/modules/statements/statements.service';
import { pdfText } from '../support/pdf-text';

/** A busy hotel's statement (docs/PRODUCT.md "Statements"): 90 merchants and 40 adjustments run over several pages. */
function bigStatement(): StatementWithLines {
  const line = (month: string, n: number) => ({
    month,
    counterpartId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    counterpartName: `Merchant ${String(n).padStart(3, '0')}`,
    issued: n,
    redeemed: n % 7,
    undone: 0,
    billTotal: n * 10,
  });
  return {
    id: '11111111-2222-4333-8444-555555555555',
    partyKind: 'hotel',
    partyId: '66666666-7777-4888-8999-000000000000',
    partyName: 'Royal Residency Goa',
    month: '2026-10',
    generatedAt: new Date('2026-10-31T19:00:00Z'),
    lines: [
      ...Array.from({ length: 90 }, (_, i) => line('2026-10', i + 1)),
      ...Array.from({ length: 40 }, (_, i) => line('2026-09', i + 1)),
    ],
  };
}

describe('a statement PDF over several pages', () => {
  it("repeats its table's headings on each page and numbers the pages, the same bytes every time", async () => {
    const statement = bigStatement();
    const pdf = Buffer.from(await renderStatementPdf(statement));
    const text = pdfText(pdf);
    const pages = [...text.matchAll(/Page (\d+) of (\d+)/g)];
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.map((m) => Number(m[1]))).toEqual(pages.map((_, i) => i + 1));
    expect(new Set(pages.map((m) => m[2]))).toEqual(new Set([String(pages.length)]));
    expect(text).toContain('Royal Residency Goa · October 2026 · Page 1 of');
    // The month's table starts once and its headings come back on the page it runs onto.
    expect(text.match(/Merchant\s*Issued\s*Redeemed\s*Undone\s*Bill total/g)!.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Merchant 090');
    expect(text).toContain('Total adjustments');
    expect(Buffer.from(await renderStatementPdf(statement)).equals(pdf)).toBe(true);
  });
});
