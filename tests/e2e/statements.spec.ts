import { readFile } from 'node:fs/promises';
import type { Statement } from '../../src/shared/api-types';
import { expect, login, openMenuItem, test, toast } from './support/app';
import { apiGet } from './support/page-api';

/**
 * docs/PRODUCT.md "Statements" in the browser: the back office's Statements list (made by the job at the server's
 * start for last month) downloads a statement's PDF, the same bytes each time, and narrows to a kind and a name.
 */
test('Statements downloads a PDF of a statement, the same bytes twice', async ({ page }) => {
  await login(page, 'superadmin');
  // The job runs 10 s after the server has started (START_CHECK_DELAY_MS): wait for its statements.
  await expect
    .poll(async () => (await apiGet<Statement[]>(page, 'statements')).body.length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  await openMenuItem(page, 'Statements');
  const first = (await apiGet<Statement[]>(page, 'statements')).body[0]!;
  const row = page.getByRole('row').filter({ hasText: first.party_name }).first();
  await expect(row).toBeVisible();
  const download = async () => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download PDF/ }).click(),
    ]);
    await expect(toast(page, `Downloaded ${file.suggestedFilename()}`).first()).toBeVisible();
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  };
  const one = await download();
  const two = await download();
  expect(one.name).toMatch(new RegExp(`^StayPerks_statement_${first.month}_.+\\.pdf$`));
  expect(one.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(two.bytes.equals(one.bytes)).toBe(true);

  // Filters: hotels only, then a part of one hotel's name: its statement alone is left, with the count.
  const hotels = (await apiGet<Statement[]>(page, 'statements?party_kind=hotel')).body;
  const hotel = hotels[0]!;
  await page.getByLabel('Kind').selectOption({ label: 'Hotels' });
  const kindCell = (kind: string) => page.getByRole('cell', { name: kind, exact: true });
  await expect(page.getByRole('row').filter({ has: kindCell('Merchant') })).toHaveCount(0);
  await expect(
    page
      .getByRole('row')
      .filter({ has: kindCell('Hotel') })
      .first(),
  ).toBeVisible();
  const part = hotel.party_name.slice(1, -1).toLowerCase();
  await page.getByRole('search', { name: 'Filter statements' }).getByLabel('Search').fill(part);
  const expected = (await apiGet<Statement[]>(page, `statements?party_kind=hotel&search=${encodeURIComponent(part)}`))
    .body;
  const table = page.getByRole('table', { name: 'Statements' });
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(expected.length);
  await expect(table.getByRole('row').filter({ hasText: hotel.party_name }).first()).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ statements$/)).toBeVisible();
});
