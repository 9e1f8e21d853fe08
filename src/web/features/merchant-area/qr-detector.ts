// The ZXing reader's WASM, emitted with the build and served by our own server (never a CDN); its URL is only a
// string here. The merchant dashboard fetches it in idle time (warmQrDetector) and the service worker keeps it
// (manifest/runtime-caching.ts), so the scanner also starts offline; guests never download it.
// It must be the zxing-wasm version barcode-detector was built with (tests/unit/qr-detector.test.ts checks).
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Where the polyfill will be needed, fetch its WASM while the merchant is idle, so the service worker keeps it. */
export function warmQrDetector(): void {
  if ('BarcodeDetector' in globalThis || !navigator.onLine) return;
  const fetchWasm = () => void fetch(zxingReaderWasm).catch(() => undefined);
  if ('requestIdleCallback' in globalThis) requestIdleCallback(fetchWasm, { timeout: 10_000 });
  else setTimeout(fetchWasm, 3000);
}

/** What the scanner needs of a detector: the native BarcodeDetector and the polyfill both have it. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * A QR detector (docs/COUNTER.md): the browser's BarcodeDetector where it reads QR codes, else the barcode-detector
 * polyfill (ZXing in WASM), loaded only now, when the scanner opens, so the dashboard's first load stays small.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats: string[] = (await Native.getSupportedFormats?.().catch(() => [])) ?? [];
    if (formats.includes('qr_code')) return new Native({ formats: ['qr_code'] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Loads and compiles the WASM now, so a missing file shows as the scanner failing to start, not as silence.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
