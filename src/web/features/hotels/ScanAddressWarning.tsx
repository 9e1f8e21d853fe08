import { scanAddressProblem } from './scan-address';

const WARNINGS = {
  loopback:
    "Phones cannot open this code: it points to this computer. Set the server's PUBLIC_URL to its public https address before printing codes or room cards.",
  http: "This code opens a plain http address: phones open it, but offline use and the counter's camera need https. Set the server's PUBLIC_URL to an https address before printing.",
} as const;

/** Shown beside a hotel's QR code (the QR dialog, the hotel's QR card) when a phone cannot use what it encodes. */
export function ScanAddressWarning({ url }: { url: string }) {
  const problem = scanAddressProblem(url);
  if (!problem) return null;
  return (
    <p className="hotel-notice hotel-notice-warn scan-address-warning" role="alert">
      {WARNINGS[problem]}
    </p>
  );
}
