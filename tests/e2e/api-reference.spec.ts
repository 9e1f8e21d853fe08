import { expect, login, openMenuItem, test } from './support/app';

// The API Reference (docs/PRODUCT.md "Screens"): GET /api/openapi.json read for people, under the content policy.
test('the super admin finds a call in the API reference: its roles, body, answer and the shape it names', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await login(page, 'superadmin');
  await openMenuItem(page, 'API Reference');
  await expect(page).toHaveURL(/\/superadmin\/api$/);
  await expect(page.getByRole('heading', { name: 'API Reference' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /StayPerks API/ })).toBeVisible();

  await page.getByLabel('Search calls').fill('hotels renew');
  const renew = page
    .locator('details.api-operation')
    .filter({ has: page.locator('summary code', { hasText: /^\/api\/hotels\/\{id\}\/renew$/ }) });
  await expect(renew).toHaveCount(1);
  await expect(renew.locator('summary')).toContainText('POST');
  for (const role of ['Super Admin', 'Admin', 'Manager'])
    await expect(renew.getByText(role, { exact: true })).toBeVisible();
  await expect(renew.getByText('subscription_duration_id', { exact: true })).toBeVisible();

  await renew.getByRole('link', { name: 'Hotel', exact: true }).click();
  const shape = page.locator('#shape-Hotel');
  await shape.locator('summary').click();
  await expect(shape.getByText('subscription_end', { exact: true })).toBeVisible();
  expect(refused).toEqual([]);
});
