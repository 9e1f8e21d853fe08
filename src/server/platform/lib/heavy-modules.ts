/**
 * Libraries a request needs only now and then (PDFs, QR codes, images, SMTP), loaded on first use. Loaded at start
 * they took about 1.7 s of module loading (pdfkit 0.8 s, sharp 0.6 s, nodemailer and qrcode 0.15 s each), most of the
 * time before the embedded database's health check could answer (README "Performance", the embedded database).
 */
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    // A failed load is tried again on the next use, not remembered.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};

export const loadPdfKit = once(async () => (await import('pdfkit')).default);

export const loadQrCode = once(async () => (await import('qrcode')).default);

export const loadSharp = once(async () => {
  const sharp = (await import('sharp')).default;
  // Every upload is a new image: sharp's operation cache would only hold memory.
  sharp.cache(false);
  return sharp;
});

export const loadNodemailer = once(() => import('nodemailer'));
