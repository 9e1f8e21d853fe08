import { expect, test, login, toast, uniqueName } from './support/app';
import { expectKeyColumnStays, expectReadableTopBar } from './support/layout';
import { deleteStatusByName } from './support/page-api';

// docs/PRODUCT.md "Roles": add a user of each role in Settings, then sign in as the new manager: delete is refused.
test('a super admin adds a user of each role; the new manager may add but not delete', async ({
  page,
  browser,
  isMobile,
}) => {
  await login(page, 'superadmin');
  await page.goto('/superadmin/settings');
  await expect(page.getByRole('heading', { name: 'Settings - User Management' })).toBeVisible();
  // docs/PRODUCT.md "Screens": the longest title, whole, with Change Password and Logout in words.
  await expectReadableTopBar(page, 'Settings - User Management');

  // docs/PRODUCT.md "Forms and messages": each settings dialog refuses at its foot, not as a toast, until corrected.
  await page.getByRole('button', { name: 'Add Merchant Type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Add Merchant Type' });
  await typeDialog.getByRole('button', { name: 'Create' }).click();
  await expect(typeDialog.getByRole('alert')).toHaveText('Please enter merchant type name');
  await expect(toast(page, 'Please enter merchant type name')).toHaveCount(0);
  await typeDialog.getByLabel('Name').fill('Tea house');
  await expect(typeDialog.getByRole('alert')).toHaveCount(0);
  await typeDialog.getByRole('button', { name: 'Cancel' }).click();

  await page
    .getByRole('region', { name: 'Contact Us Information' })
    .getByRole('button', { name: /^(Edit|Create)$/ })
    .click();
  const contactDialog = page.getByRole('dialog', { name: /Contact Information$/ });
  await contactDialog.getByLabel('Market Manager Name').fill('');
  await contactDialog.getByRole('button', { name: /^(Update|Create)$/ }).click();
  await expect(contactDialog.getByRole('alert')).toHaveText('Name and Mobile Number are required');
  await contactDialog.getByLabel('Market Manager Name').fill('Ravi Kumar');
  await expect(contactDialog.getByRole('alert')).toHaveCount(0);
  await contactDialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add User' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Add New User' });
  await userDialog.getByRole('button', { name: 'Create' }).click();
  await expect(userDialog.getByRole('alert')).toHaveText('Please fill in all required fields');
  // Still refused while a required field is empty; gone once all are filled.
  await userDialog.getByLabel('Username').fill('half_filled');
  await expect(userDialog.getByRole('alert')).toHaveText('Please fill in all required fields');
  await userDialog.getByLabel('Email').fill('half_filled@example.test');
  await userDialog.getByLabel('Password').fill('a-good-long-secret');
  await expect(userDialog.getByRole('alert')).toHaveCount(0);
  await userDialog.getByRole('button', { name: 'Cancel' }).click();

  const suffix = uniqueName('u').split(' ')[1]!;
  const users = [
    { role: 'Super Admin', username: `sa_${suffix}` },
    { role: 'Admin', username: `ad_${suffix}` },
    { role: 'Manager', username: `mg_${suffix}` },
  ];
  for (const user of users) {
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Full Name').fill(`Test ${user.role}`);
    await dialog.getByLabel('Email').fill(`${user.username}@example.test`);
    await dialog.getByLabel('Password').fill('a-good-long-secret');
    await dialog.getByLabel('Role').selectOption({ label: user.role });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'User created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: user.username, exact: true })).toBeVisible();
  }
  if (isMobile) {
    const usersTable = page.getByRole('region', { name: 'Users' });
    await expectKeyColumnStays(
      page,
      usersTable,
      usersTable.getByRole('cell', { name: users[0]!.username, exact: true }),
    );
  }

  // The new manager signs in and may create a location, but is offered no Delete, and the server refuses one.
  const managerPage = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await login(managerPage, 'superadmin', { username: users[2]!.username, password: 'a-good-long-secret' });
  await managerPage.goto('/superadmin/locations');
  const location = uniqueName('Manager Town');
  await managerPage.getByRole('button', { name: 'Add Location' }).click();
  await managerPage.getByRole('dialog', { name: 'Add New Location' }).getByLabel('Location Name').fill(location);
  await managerPage.getByRole('button', { name: 'Create' }).click();
  await expect(toast(managerPage, 'Location created successfully')).toBeVisible();
  await expect(managerPage.getByRole('button', { name: `Edit ${location}` })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: `Delete ${location}` })).toHaveCount(0);
  expect(await deleteStatusByName(managerPage, 'locations', location)).toBe(403);
  await managerPage.reload();
  await expect(managerPage.getByRole('list', { name: 'Locations' }).getByText(location, { exact: true })).toBeVisible();

  // Settings are not for managers.
  await managerPage.goto('/superadmin/settings');
  await expect(
    managerPage.getByText(/no Settings access|do not have access|not have permission/i).first(),
  ).toBeVisible();
  await managerPage.context().close();
});
