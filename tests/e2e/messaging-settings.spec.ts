import { DEMO, expect, test, login, toast } from './support/app';

// docs/PRODUCT.md "Guest trust": the super admin's Settings › Messaging (the code budgets, what was sent today) and the
// hotel form's phone verification switch, which an admin sees but cannot change. Desktop only: no phone layout of its
// own beyond the settings sections the phone project already covers.
test('the super admin sets the code budgets and switches phone verification; an admin cannot', async ({
  page,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'back-office settings: covered at desktop size');
  await login(page, 'superadmin');
  await page.goto('/superadmin/settings');
  const messaging = page.getByRole('region', { name: 'Messaging' });
  await expect(messaging.getByText('Log only: nothing is sent (development)')).toBeVisible();
  await expect(messaging.getByText(/^\d[\d,]* of 2,000$/)).toBeVisible();

  await messaging.getByRole('button', { name: 'Edit budgets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verification code budgets' });
  await dialog.getByLabel('Codes per hotel a day').fill('-1');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Codes per hotel a day must be between 0 and 1,000,000');
  await dialog.getByLabel('Codes per hotel a day').fill('150');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Messaging settings saved successfully')).toBeVisible();
  await expect(messaging.getByText('150', { exact: true })).toBeVisible();

  // The switch, on the hotel form's Subscription tab (Tea Hills Retreat; switched back off at the end).
  const setSwitch = async (on: boolean) => {
    await page.goto('/superadmin/hotels');
    await page.getByRole('button', { name: 'Edit Tea Hills Retreat' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Hotel' });
    await edit.getByRole('tab', { name: 'Subscription' }).click();
    const box = edit.getByRole('checkbox', { name: /Phone verification/ });
    await expect(box).toBeEnabled();
    await box.setChecked(on);
    await edit.getByRole('button', { name: 'Update Hotel' }).click();
    await expect(toast(page, 'Hotel updated successfully!')).toBeVisible();
  };
  await setSwitch(true);
  try {
    // The admin in a browser of its own: Logout would end every session of the demo logins other specs share.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await login(admin, 'superadmin', DEMO.admin);
    await admin.goto('/superadmin/hotels');
    await admin.getByRole('button', { name: 'Edit Tea Hills Retreat' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Hotel' });
    await edit.getByRole('tab', { name: 'Subscription' }).click();
    await expect(edit.getByRole('checkbox', { name: /Phone verification/ })).toBeChecked();
    await expect(edit.getByRole('checkbox', { name: /Phone verification/ })).toBeDisabled();
    await expect(edit.getByText('Only a super admin can switch this.')).toBeVisible();
    // Saving the hotel keeps the switch as it is.
    await edit.getByRole('button', { name: 'Update Hotel' }).click();
    await expect(toast(admin, 'Hotel updated successfully!')).toBeVisible();
    await adminContext.close();
  } finally {
    await setSwitch(false);
  }
});
