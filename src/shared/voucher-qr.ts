/**
 * The voucher QR (docs/COUNTER.md): the 8-character code only, highest error correction, so it stays small and reads
 * even when a printed voucher is creased. The PDF (server) and the guest's card and PNG (web) draw it with these same
 * `qrcode` options, so the counter's scanner sees one QR whatever the guest shows.
 */
export const VOUCHER_QR_OPTIONS = { errorCorrectionLevel: 'H', margin: 1, width: 240 } as const;
