import { expect, type Page } from './app';
import type { Locator } from '@playwright/test';

/**
 * The top bar names its page and its two actions in words a person can read at this width (docs/PRODUCT.md "Screens"):
 * the title is whole (not cut or clamped), Account (Change Password, Devices, Sign out everywhere) and Logout show
 * words beside or under their icons, and
 * nothing overlaps.
 */
export async function expectReadableTopBar(page: Page, title: string) {
  const heading = page.locator('.topbar-title');
  await expect(heading).toHaveText(title);
  const fit = await heading.evaluate((el) => ({
    wide: el.scrollWidth - el.clientWidth,
    tall: el.scrollHeight - el.clientHeight,
  }));
  expect(fit, `the title "${title}" is shown whole`).toEqual({ wide: 0, tall: 0 });
  const password = page.getByRole('button', { name: 'Account', exact: true });
  const logout = page.getByRole('button', { name: 'Logout', exact: true });
  // Words on screen, not only an icon with a hidden name.
  expect(await password.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/Account/);
  expect(await logout.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/Logout/);
  const [titleBox, passwordBox, logoutBox] = await Promise.all([
    heading.boundingBox(),
    password.boundingBox(),
    logout.boundingBox(),
  ]);
  expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(passwordBox!.x);
  expect(passwordBox!.x + passwordBox!.width).toBeLessThanOrEqual(logoutBox!.x);
  expect(logoutBox!.x + logoutBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** `box` lies inside the viewport's width (nothing of it is off to the side). */
export async function expectWithinWidth(page: Page, box: Locator) {
  const bounds = (await box.boundingBox())!;
  expect(bounds.x).toBeGreaterThanOrEqual(0);
  expect(bounds.x + bounds.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * A back-office table wider than the phone (docs/PRODUCT.md "Screens"): "Scroll sideways for more" above it, and
 * scrolled to its far end, `keyCell` (its row's name) is still in view at the left while the last column has come into
 * view.
 */
export async function expectKeyColumnStays(page: Page, region: Locator, keyCell: Locator) {
  const frame = region.locator('xpath=ancestor::div[contains(@class, "table-frame")]');
  await expect(frame.getByText('Scroll sideways for more')).toBeVisible();
  await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(frame).not.toHaveClass(/table-more-right/);
  await expectWithinWidth(page, keyCell);
  const lastHeader = region.getByRole('columnheader').last();
  await expectWithinWidth(page, lastHeader);
  await region.evaluate((box) => box.scrollTo({ left: 0 }));
}
