/**
 * Screenshots of screens for a person to look at: npx tsx scripts/screenshots.ts <baseUrl> <outDir> [role:username:password] <path>...
 * Signs in through the real login screen first when a login is given. Desktop (1366x900) and phone (390x844).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', ...rest] = process.argv.slice(2);
const login = rest[0]?.includes(':') ? rest.shift()!.split(':') : undefined;
const paths = rest.length ? rest : ['/login/superadmin'];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: device === 'phone',
    hasTouch: device === 'phone',
  });
  const page = await context.newPage();
  if (login) {
    const [role, username, password] = login;
    await page.goto(`${baseUrl}/login/${role}`);
    await page.getByLabel('Username').fill(username!);
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`**/${role}/dashboard`);
  }
  for (const path of paths) {
    await page.goto(baseUrl + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const file = `${outDir}/${device}${path.replaceAll('/', '_')}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
