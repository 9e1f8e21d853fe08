import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { VOUCHER_QR_OPTIONS } from '../../src/shared/voucher-qr';
import { expect, test, type Page } from './support/app';
import { login, openMenuItem, toast, uniqueName } from './support/app';
import { spiceGardenVoucher } from './support/guests';

/**
 * The counter in two seconds (docs/COUNTER.md "Redeeming"): the real scanner in Chromium with a fake camera that
 * films a real voucher's QR. Chromium on Linux has no BarcodeDetector, so the barcode-detector polyfill and its
 * self-hosted ZXing WASM do the reading (under the app's Content-Security-Policy, which the fixture checks).
 */

// The video file the fake camera plays: written in beforeAll, before the browser starts (launchOptions below).
const video = join(tmpdir(), `stayperks-counter-${process.pid}.y4m`);
const shots = process.env.COUNTER_SHOTS_DIR;

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});
// The counter is a phone (as merchant.spec.ts).
test.skip(({ isMobile }) => !isMobile, 'the merchant app runs at phone size');

/**
 * A YUV4MPEG2 (4:2:0) video of the voucher's QR, drawn as the PDF draws it, in the middle of a white 640×480 frame:
 * Y from the grey pixels, U and V 128 (no colour), a few identical frames (Chromium plays the file in a loop).
 */
async function writeQrVideo(code: string, path: string): Promise<void> {
  const [width, height] = [640, 480];
  const size = 300;
  const png = await QRCode.toBuffer(code, { ...VOUCHER_QR_OPTIONS, width: size });
  // sharp resizes before it extends, whatever the order of the calls: so no resize, only the white border.
  const [left, top] = [(width - size) / 2, (height - size) / 2];
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ top, bottom: top, left, right: left, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) throw new Error(`QR frame is ${info.width}×${info.height}`);
  const luma = Buffer.alloc(width * height);
  for (let i = 0; i < luma.length; i++) luma[i] = data[i * info.channels]!;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`) });
};

let code: string;
let guest: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  guest = uniqueName('Kiran');
  code = await spiceGardenVoucher(request, guest);
  await request.dispose();
  await writeQrVideo(code, video);
});
test.afterAll(() => rmSync(video, { force: true }));

test('a merchant scans a voucher QR: redeemed at once, listed today, the bill amount, then undone with a reason', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'merchant');
  const today = page.getByRole('region', { name: 'Today at this counter' });
  await expect(today).toBeVisible();

  // The scanner: full screen, the polyfill reads the fake camera's QR and the code is redeemed at once.
  await page.getByRole('button', { name: 'Scan QR' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan voucher QR code' });
  await expect(scanner).toBeVisible();
  await expect(scanner.getByRole('heading', { name: 'Voucher Redeemed Successfully' })).toBeVisible({
    timeout: 20_000,
  });
  const result = scanner.locator('.ma-result');
  await expect(result).toHaveAttribute('data-status', 'success');
  await expect(result).toContainText(code);
  await expect(result).toContainText(guest);
  await expect(result).toHaveCSS('background-color', 'rgb(220, 252, 231)');
  await shot(page, '2-scanned-success');

  // One tap for the next voucher: the same one, still in front of the camera, is now already redeemed (orange).
  // (It waits 3 seconds before reading the voucher it just handled: the scanning screen.)
  await scanner.getByRole('button', { name: 'Scan next' }).click();
  await expect(scanner.getByText('Point the camera at the QR code on the voucher')).toBeVisible();
  await shot(page, '1-scanner-open');
  await expect(scanner.getByRole('heading', { name: 'Already Redeemed' })).toBeVisible({ timeout: 20_000 });
  await expect(result).toHaveCSS('background-color', 'rgb(255, 237, 213)');
  await shot(page, '3-scanned-again');
  await scanner.getByRole('button', { name: 'Done' }).click();
  await expect(scanner).toBeHidden();

  // Today at this counter: the entry, newest first, with the guest's first name.
  const entry = today.getByRole('listitem').filter({ hasText: code });
  await expect(entry).toContainText(guest.split(' ')[0]!);
  await expect(today.getByRole('listitem').first()).toContainText(code);

  // The bill amount, from the list.
  await entry.getByRole('button', { name: `Add bill amount for ${code}` }).click();
  const billDialog = page.getByRole('dialog', { name: 'Bill amount' });
  await billDialog.getByLabel('Bill amount (₹, optional)').fill('0');
  await billDialog.getByRole('button', { name: 'Save' }).click();
  await expect(billDialog.getByRole('alert')).toHaveText('Bill amount must be more than 0');
  await billDialog.getByLabel('Bill amount (₹, optional)').fill('1,250.50');
  await billDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Bill amount ₹1,250.50 saved')).toBeVisible();
  await expect(entry).toContainText('₹1,250.50');
  await shot(page, '4-today-list');

  // Undo within 10 minutes: a reason is asked.
  await entry.getByRole('button', { name: `Undo ${code}` }).click();
  const undoDialog = page.getByRole('dialog', { name: 'Undo redemption' });
  await undoDialog.getByRole('button', { name: 'Undo redemption' }).click();
  await expect(undoDialog.getByRole('alert')).toHaveText('Please give a reason for the undo');
  await undoDialog.getByLabel('Reason').fill('Scanned the wrong guest');
  await shot(page, '5-undo-dialog');
  await undoDialog.getByRole('button', { name: 'Undo redemption' }).click();
  await expect(toast(page, `Redemption of ${code} undone`)).toBeVisible();
  await expect(undoDialog).toBeHidden();
  await expect(today.getByRole('listitem').filter({ hasText: code })).toHaveCount(0);

  // The voucher is pending again: typing it redeems it.
  await page.getByLabel('Voucher code').fill(code);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Voucher Redeemed Successfully' })).toBeVisible();
  await expect(page.getByLabel('Bill amount (₹, optional)')).toBeVisible();
  await shot(page, '6-typed-success-with-bill');

  // The bill amount under the result, and in My Customers.
  const panel = page.locator('.ma-redeem .ma-result');
  await panel.getByLabel('Bill amount (₹, optional)').fill('500');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Bill amount ₹500.00 saved')).toBeVisible();
  await expect(panel).toContainText('Bill amount: ₹500.00');
  await openMenuItem(page, 'My Customers');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('₹500.00');
  await shot(page, '8-my-customers');
});

test('a refused camera says so, and typing still works', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await login(page, 'merchant');
  await page.getByRole('button', { name: 'Scan QR' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan voucher QR code' });
  await expect(scanner.getByRole('alert')).toContainText('Camera access was refused');
  await shot(page, '7-camera-refused');
  await scanner.getByRole('button', { name: 'Type the code' }).click();
  await expect(scanner).toBeHidden();
  await expect(page.getByLabel('Voucher code')).toBeFocused();
  await page.getByLabel('Voucher code').fill('ZZZZ2345');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid Voucher' })).toBeVisible();
});

test('the torch button shows where the camera has a torch, and switches it on and off', async ({ page }) => {
  // Chromium's fake camera reports no torch: this one does, and records what the scanner asks of it.
  await page.addInitScript(() => {
    const asked: unknown[] = [];
    (window as unknown as { torchAsked: unknown[] }).torchAsked = asked;
    // Kept to be called on each track (with its `this`), as the browser's own method.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const capabilities = MediaStreamTrack.prototype.getCapabilities;
    MediaStreamTrack.prototype.getCapabilities = function () {
      return { ...capabilities.call(this), torch: true } as MediaTrackCapabilities;
    };
    MediaStreamTrack.prototype.applyConstraints = function (constraints) {
      asked.push(constraints);
      return Promise.resolve();
    };
  });
  await login(page, 'merchant');
  await page.getByRole('button', { name: 'Scan QR' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan voucher QR code' });
  const torch = scanner.getByRole('button', { name: 'Torch' });
  await expect(torch).toHaveAttribute('aria-pressed', 'false');
  await torch.click();
  await expect(scanner.getByRole('button', { name: 'Torch off' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, '9-torch-on');
  await scanner.getByRole('button', { name: 'Torch off' }).click();
  await expect(scanner.getByRole('button', { name: 'Torch', exact: true })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => (window as unknown as { torchAsked: unknown[] }).torchAsked)).toEqual([
    { advanced: [{ torch: true }] },
    { advanced: [{ torch: false }] },
  ]);
});
