import { expect, test, DEMO, login, uniqueName } from './support/app';

// docs/SECURITY.md "Audit trail": an admin change shows up in Settings › Activity with who, what and the values before
// and after.
test('a renamed location shows in Settings › Activity with its before and after; an admin has no Activity', async ({
  page,
  browser,
}, info) => {
  await login(page, 'superadmin');
  await page.goto('/superadmin/locations');
  const name = uniqueName('Audit Bay');
  const renamed = `${name} North`;
  await page.getByRole('button', { name: 'Add Location' }).click();
  await page.getByRole('dialog', { name: 'Add New Location' }).getByLabel('Location Name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const list = page.getByRole('list', { name: 'Locations' });
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Location' });
  await expect(edit.getByLabel('Location Name')).toHaveValue(name);
  await edit.getByLabel('Location Name').fill(renamed);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(list.getByText(renamed, { exact: true })).toBeVisible();

  await page.goto('/superadmin/settings');
  const activity = page.getByRole('region', { name: 'Activity', exact: true });
  await expect(activity.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const events = activity.getByRole('region', { name: 'Activity events' });
  const renamedRow = events.getByRole('row').filter({ hasText: 'Location renamed' }).filter({ hasText: renamed });
  await expect(renamedRow).toBeVisible();
  await expect(renamedRow).toContainText(DEMO.superadmin.username);
  await expect(events.getByRole('row').filter({ hasText: 'Location added' }).filter({ hasText: name })).toBeVisible();

  // Only this kind of action.
  await activity.getByLabel('Action').selectOption({ label: 'Location renamed' });
  await expect(events.getByRole('row').filter({ hasText: 'Location added' })).toHaveCount(0);
  await expect(renamedRow).toBeVisible();

  // The values before and after.
  await renamedRow.getByRole('button', { name: 'Details' }).click();
  const changes = events.getByRole('table').nth(1);
  await expect(changes.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  const nameRow = changes.getByRole('row', { name: /^Name/ });
  await expect(nameRow.getByRole('cell').nth(0)).toHaveText(name);
  await expect(nameRow.getByRole('cell').nth(1)).toHaveText(renamed);
  await activity.screenshot({ path: info.outputPath(`activity-${info.project.name}.png`) });

  // The record's whole history: created, then renamed.
  await activity.getByLabel('Action').selectOption({ label: 'All actions' });
  await renamedRow.getByRole('button', { name: renamed }).click();
  await expect(activity.getByText('Showing the history of one location.')).toBeVisible();
  await expect(events.getByRole('row').filter({ hasText: /Location (added|renamed)/ })).toHaveCount(2);

  // An admin (not a super admin) gets no Settings, so no Activity.
  const adminPage = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await login(adminPage, 'superadmin', DEMO.admin);
  await adminPage.goto('/superadmin/settings');
  await expect(adminPage.getByText(/no Settings access/i).first()).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
  await adminPage.context().close();
});
