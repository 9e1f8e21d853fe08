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

// docs/OPERATING.md "Messages": Settings › Message delivery. Today's spend against each daily limit (red once
// reached), a kind switched off and on, the limits refused out of range and saved, the demo's messages by day and a
// failure's reason. In a browser context of its own (the demo super admin's other sessions stay as they are).
test('the super admin sees message delivery, switches a kind off and sets the daily limits', async ({
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'back-office settings: covered at desktop size');
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, 'superadmin');
  await page.goto('/superadmin/settings');
  const delivery = page.getByRole('region', { name: 'Message delivery' });
  const spend = delivery.getByRole('region', { name: 'Spend today' });
  await expect(spend.getByRole('listitem').filter({ hasText: 'WhatsApp' })).toContainText('of ₹500 a day');
  await expect(spend.getByText('Limit reached, sending stopped')).toHaveCount(0);

  // The demo's last days: a row per day and kind, a cell per channel, and the failures with their reason.
  const byDay = delivery.getByRole('table', { name: 'Messages by day, kind and channel' });
  await expect(byDay.getByRole('row').filter({ hasText: 'Check-out morning reminder' }).first()).toContainText(
    /sent \d+/,
  );
  const failures = delivery.getByRole('table', { name: 'Latest failed and cancelled messages' });
  await expect(failures.getByText('gateway refused: DLT template not matched').first()).toBeVisible();

  // Review requests off, then on again; the switch stays as saved after a reload.
  const review = delivery.getByRole('switch', { name: 'Review request' });
  await expect(review).toHaveAttribute('aria-checked', 'true');
  await review.click();
  await expect(toast(page, 'Review request switched off')).toBeVisible();
  await page.reload();
  await expect(review).toHaveAttribute('aria-checked', 'false');
  await review.click();
  await expect(toast(page, 'Review request switched on')).toBeVisible();
  await expect(review).toHaveAttribute('aria-checked', 'true');

  // The limits: refused out of range at the dialog's foot; ₹0 on WhatsApp stops it at once (red); back to ₹500.
  const setWhatsAppLimit = async (value: string) => {
    await delivery.getByRole('button', { name: 'Edit limits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily spend limits' });
    await dialog.getByLabel('WhatsApp daily limit (₹)').fill(value);
    await dialog.getByRole('button', { name: 'Update' }).click();
    return dialog;
  };
  const dialog = await setWhatsAppLimit('100001');
  await expect(dialog.getByRole('alert')).toHaveText('WhatsApp daily limit must be from ₹0 to ₹1,00,000');
  await dialog.getByLabel('WhatsApp daily limit (₹)').fill('0');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Messaging settings saved successfully')).toBeVisible();
  const whatsapp = spend.getByRole('listitem').filter({ hasText: 'WhatsApp' });
  await expect(whatsapp).toContainText('of ₹0 a day');
  await expect(whatsapp.getByText('Limit reached, sending stopped')).toBeVisible();
  await setWhatsAppLimit('500');
  await expect(whatsapp.getByText('Limit reached, sending stopped')).toHaveCount(0);
  await context.close();
});
