/**
 * Why a phone cannot use a QR code's scan URL (docs/PRODUCT.md "Scans"): it points to the computer the
 * back office runs on (`loopback`: localhost, 127.x.x.x, ::1), or to a plain http address (`http`: phones open it,
 * but the guest page works offline, and the counter's camera works, only over https). Null for an https address.
 */
export type ScanAddressProblem = 'loopback' | 'http' | null;

export function scanAddressProblem(url: string): ScanAddressProblem {
  const { protocol, hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    host === '::1' ||
    host === '0.0.0.0'
  )
    return 'loopback';
  return protocol === 'https:' ? null : 'http';
}
