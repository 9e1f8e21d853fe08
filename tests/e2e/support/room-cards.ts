import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './logins';

// The ZXing reader the counter's scanner uses, its WASM read from node_modules (no fetch in Node).
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
void prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});

/** The texts of the QR codes on the PDF's first page, drawn at 150 dpi by pdftoppm (poppler-utils). */
export async function qrTextsOfPdf(pdf: Buffer): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'stayperks-cards-'));
  try {
    writeFileSync(join(dir, 'cards.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', 'cards.pdf', 'page'], {
      cwd: dir,
    });
    const png = readFileSync(join(dir, 'page.png'));
    const found = await readBarcodes(new Blob([png], { type: 'image/png' }), { formats: ['QRCode'] });
    return found.map((barcode) => barcode.text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A room card of the demo hotel through the API (as its back office does), its old link kept as it was. */
export async function newRoomCard(request: APIRequestContext, hotelId: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const settings = await (await request.get(`/api/hotels/${hotelId}/claim-settings`, { headers })).json();
  const room = String(10_000 + Math.floor(Math.random() * 80_000));
  const made = await request.post(`/api/hotels/${hotelId}/placements`, {
    headers,
    data: { kind: 'room', range: `${room}-${room}` },
  });
  expect(made.status()).toBe(201);
  // A demo hotel made after placements came would switch its old link off with its first card: other specs use it.
  await request.put(`/api/hotels/${hotelId}/claim-settings`, { headers, data: settings });
  const [placement] = await made.json();
  const pdf = await request.get(`/api/hotels/${hotelId}/room-cards.pdf?ids=${placement.id}`, { headers });
  expect(pdf.status()).toBe(200);
  return { placement, pdf: await pdf.body(), headers };
}
