import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { DEMO_LOGINS } from '../../../src/server/demo/demo-logins';

/**
 * Every spec imports `test` and `expect` from here: `test` fails any test during which a page broke the
 * Content-Security-Policy (docs/SECURITY.md, Headers and files). Each context (the test's, and any the test opens
 * with browser.newContext) reports `securitypolicyviolation` events and Chromium's console reports; the test fails
 * at its end if there were any. `cspViolations` lets a test read (or, after checking them, clear) the list.
 */
export const test = base.extend<{ cspViolations: string[]; cspGuard: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  cspViolations: async ({}, use) => {
    await use([]);
  },
  cspGuard: [
    async ({ context, browser, cspViolations }, use) => {
      await watchCsp(context, cspViolations);
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const opened = await newContext(options);
        await watchCsp(opened, cspViolations);
        return opened;
      };
      browser.newContext = patched;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
export type { APIRequestContext, Page } from '@playwright/test';

const CSP_REPORT = 'CSP violation:';

async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.addInitScript((prefix) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        console.error(
          `${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
        ),
      true,
    );
  }, CSP_REPORT);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_REPORT) || /Content.Security.Policy/i.test(text)) violations.push(text);
  });
}

/** Demo logins loaded by the server on its empty database. */
export const DEMO = DEMO_LOGINS;

export type Area = 'superadmin' | 'hotel' | 'merchant';

/** Fills in and submits the login screen of `area`; what follows (a dashboard, a refusal) is the caller's to check. */
export async function submitLogin(page: Page, area: Area, user: { username: string; password: string }) {
  await page.goto(`/login/${area}`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the real login screen of `area` and waits for that area's dashboard. */
export async function login(page: Page, area: Area, user: { username: string; password: string } = DEMO[area]) {
  await submitLogin(page, area, user);
  await expect(page).toHaveURL(new RegExp(`/${area}/dashboard$`));
}

/** The side-menu link `label`, opening the menu first when it is a closed drawer (phone). */
export async function menuLink(page: Page, label: string) {
  const openButton = page.getByRole('button', { name: 'Open menu' });
  await expect(page.getByRole('button', { name: /^(Open|Close) menu$/ })).toBeVisible();
  if (await openButton.isVisible()) await openButton.click();
  const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true });
  await expect(link).toBeVisible();
  return link;
}

/** Opens a side-menu entry (on a phone the drawer opens first and closes after). */
export async function openMenuItem(page: Page, label: string) {
  await (await menuLink(page, label)).click();
}

/** Chooses an entry of the top bar's account menu (Change Password, Devices, Sign out everywhere). */
export async function openAccountMenuItem(page: Page, label: string) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: label, exact: true }).click();
}

/** A name no other test (or the other project running in parallel) uses. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
