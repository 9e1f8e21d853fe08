import { expect, test, login, menuLink, openMenuItem, toast, uniqueName } from './support/app';

test.beforeEach(async ({ page }) => {
  await login(page, 'superadmin');
  await openMenuItem(page, 'Locations');
  await expect(page).toHaveURL(/\/superadmin\/locations$/);
  await expect(page.getByRole('heading', { name: 'Manage Locations' })).toBeVisible();
});

test('create, edit and delete a location', async ({ page }) => {
  const name = uniqueName('Shimla');
  const renamed = `${name} Hills`;
  await expect(await menuLink(page, 'Locations')).toHaveAttribute('aria-current', 'page');
  if ((await page.getByRole('button', { name: 'Close menu' }).isVisible()) && page.viewportSize()!.width < 800) {
    await page.getByRole('button', { name: 'Close menu' }).click();
  }

  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('Enter location name').fill(`  ${name}  `);
  // A double tap submits once: the second submit is ignored while the first runs.
  await dialog.getByRole('button', { name: 'Create' }).dblclick();
  await expect(toast(page, 'Location created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Locations' });
  await expect(list.getByText(name, { exact: true })).toHaveCount(1);
  const card = list.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Guest page: English');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Location' });
  await expect(edit.getByLabel('Location Name')).toHaveValue(name);
  await expect(edit.getByLabel('Guest page language')).toHaveValue('en');
  await edit.getByLabel('Location Name').fill(renamed);
  await edit.getByLabel('Guest page language').selectOption('ta');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Location updated successfully')).toBeVisible();
  await expect(list.getByText(renamed, { exact: true })).toBeVisible();
  await expect(card).toContainText('Guest page: தமிழ் · Tamil');

  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Are you sure you want to delete this location?');
    void confirm.accept();
  });
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(toast(page, 'Location deleted successfully')).toBeVisible();
  await expect(list.getByText(renamed, { exact: true })).toHaveCount(0);
});

test('a blank or duplicate name is refused in the dialog until corrected, and nothing changes', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Location' });
  await dialog.getByLabel('Location Name').fill('   ');
  await dialog.getByRole('button', { name: 'Create' }).click();
  // docs/PRODUCT.md "Forms and messages": the refusal shows at the dialog's foot, not as a toast, until corrected.
  await expect(dialog.getByRole('alert')).toHaveText('Location name is required');
  await expect(toast(page, 'Location name is required')).toHaveCount(0);
  await dialog.getByLabel('Location Name').fill('goa');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A location with this name already exists');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Location Name').fill('goa2');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Locations' }).getByText(/^goa$/i)).toHaveCount(1);
});

test('a location in use cannot be deleted; declining the confirm keeps it', async ({ page }) => {
  page.once('dialog', (confirm) => void confirm.dismiss());
  await page.getByRole('button', { name: 'Delete Goa' }).click();
  await expect(page.getByRole('list', { name: 'Locations' }).getByText('Goa', { exact: true })).toBeVisible();

  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Delete Goa' }).click();
  await expect(toast(page, 'Failed to delete location')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Locations' }).getByText('Goa', { exact: true })).toBeVisible();
});
