import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

/**
 * The scanner serves the ZXing reader WASM from our own build (src/web/features/merchant-area/qr-detector.ts imports
 * `zxing-wasm/reader/zxing_reader.wasm?url`). It must be the very file the polyfill's JavaScript was built for, or
 * the scanner fails at the counter.
 */
describe('the self-hosted ZXing WASM', () => {
  it('has the bytes barcode-detector was built for', async () => {
    const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    expect(createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
