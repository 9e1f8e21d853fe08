/**
 * Sharing a voucher (docs/PRODUCT.md "Screens", the guest flow): the Web Share API with the voucher's text and, where
 * the browser can share files, the card as a PNG; where Web Share is missing, a WhatsApp link with the same text. The
 * text carries the guest's own page, where the vouchers saved on this phone open again.
 */

export const canWebShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** Whether files can be shared here (checked once with an empty PNG, no card drawn for nothing). */
let filesShareable: boolean | undefined;
export function canShareFiles(): boolean {
  if (filesShareable === undefined) {
    try {
      filesShareable =
        canWebShare() &&
        typeof navigator.canShare === 'function' &&
        navigator.canShare({ files: [new File([new Uint8Array(0)], 'voucher.png', { type: 'image/png' })] });
    } catch {
      filesShareable = false;
    }
  }
  return filesShareable;
}

export const whatsAppLink = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * The card as a PNG (html-to-image is loaded only when needed): the same picture Download Voucher saves. With the
 * script fonts its text needs inlined (Hindi), else none (html-to-image would fetch every web font of the page).
 */
export async function cardPng(card: HTMLElement): Promise<string> {
  const [{ toPng }, { scriptFontCss }] = await Promise.all([import('html-to-image'), import('../../fonts/embed')]);
  const fontEmbedCSS = await scriptFontCss(card.textContent ?? '');
  return toPng(card, { pixelRatio: 2, backgroundColor: '#ffffff', cacheBust: false, fontEmbedCSS });
}

/** A PNG data URL as a file (decoded here: fetching a data: URL would need the CSP's connect-src to allow it). */
export function pngFile(dataUrl: string, name: string): File {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * Opens the share sheet. Resolves false when the guest closed it (nothing to report), throws on a real failure.
 */
export async function shareVoucher(data: { title: string; text: string; file?: File }): Promise<boolean> {
  const withFile: ShareData = data.file ? { title: data.title, text: data.text, files: [data.file] } : {};
  try {
    await navigator.share(
      data.file && navigator.canShare(withFile) ? withFile : { title: data.title, text: data.text },
    );
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return false;
    throw error;
  }
}
