import type { IsoDate } from './dates';

/**
 * GST rules of the operator's tax invoices (docs/PRODUCT.md "Tax invoices"): state codes, the GSTIN check, the
 * financial year, the invoice numbers and the tax split. Shared: the server issues with them, the forms check with
 * them. Amounts are handled in paise (whole numbers), never in floating rupees.
 */

/** The GST state and union territory codes (01 to 38) and 97 "Other Territory", with their names. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

export const GST_STATE_CODES = Object.keys(GST_STATES);
export const isGstStateCode = (code: string): boolean => Object.hasOwn(GST_STATES, code);
/** "Karnataka (29)", as the invoice prints a place of supply. */
export const stateLabel = (code: string): string => `${GST_STATES[code] ?? 'Unknown'} (${code})`;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number (1-9, A-Z), 'Z', check character. */
const GSTIN_FORMAT = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character over its first 14 characters (the GSTN's mod-36 scheme: weights 1, 2, 1, 2...). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why `gstin` is not a valid GSTIN, or null when it is (format, state code, checksum). */
export function gstinProblem(gstin: string): string | null {
  const match = GSTIN_FORMAT.exec(gstin);
  if (gstin.length !== 15 || !match)
    return 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character';
  if (!isGstStateCode(match[1]!)) return 'GSTIN does not start with a valid state code';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'GSTIN check character does not match: check for typos';
  return null;
}

/** The financial year (1 April to 31 March) of a business date, by the year it starts in: 2026 for 2026-27. */
export function financialYearOf(date: IsoDate): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 4 ? year : year - 1;
}

/** "26-27" for 2026. */
export const financialYearLabel = (startYear: number): string =>
  `${String(startYear % 100).padStart(2, '0')}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The document series: tax invoices, and credit notes (their own consecutive numbers). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = { invoice: 'Tax invoice', credit_note: 'Credit note' };

/** CGST Rules, rule 46(b): a number of at most 16 characters. */
export const MAX_NUMBER_LENGTH = 16;
/** The prefix fits "PPPP/26-27/00001" in 16 characters (docs/PRODUCT.md "Tax invoices"). */
export const MAX_PREFIX_LENGTH = 4;
/** Digits of the serial: invoices 5 (up to 99,999 a year), credit notes 4 after their "C" (up to 9,999). */
const SERIAL_DIGITS: Record<InvoiceKind, number> = { invoice: 5, credit_note: 4 };
export const MAX_SERIAL: Record<InvoiceKind, number> = { invoice: 99_999, credit_note: 9_999 };

/** "SP/26-27/00001" for an invoice, "SP/26-27/C0001" for a credit note. */
export function documentNumber(prefix: string, kind: InvoiceKind, startYear: number, serial: number): string {
  const digits = String(serial).padStart(SERIAL_DIGITS[kind], '0');
  return `${prefix}/${financialYearLabel(startYear)}/${kind === 'credit_note' ? 'C' : ''}${digits}`;
}

/** Rupees (2 decimals at most, as numeric(12,2) holds them) to paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const fromPaise = (paise: number): number => paise / 100;

/**
 * `numerator / denominator` rounded half up (both whole, non-negative): the rounding of the tax amounts. BigInt: a
 * large amount times the rate passes 2^53, where a double would round.
 */
const halfUp = (numerator: bigint, denominator: bigint): number =>
  Number((2n * numerator + denominator) / (2n * denominator));

export interface TaxSplit {
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * The tax on `taxablePaise` at `ratePercent` (18 means 18 %, at most 2 decimals), in paise. Within the supplier's
 * state CGST and SGST are each half the rate, each rounded on its own to the paisa, half up; across states IGST is
 * the full rate, rounded once. So 0.50 at 18 % is 0.05 + 0.05 within a state and 0.09 across states.
 */
export function splitTax(taxablePaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const product = BigInt(taxablePaise) * BigInt(Math.round(ratePercent * 100));
  if (intraState) {
    const half = halfUp(product, 20_000n);
    return { cgst: half, sgst: half, igst: 0, total: taxablePaise + 2 * half };
  }
  const igst = halfUp(product, 10_000n);
  return { cgst: 0, sgst: 0, igst, total: taxablePaise + igst };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in Indian words: crore, lakh, thousand, hundred ("One Lakh Twenty Thousand"). */
export function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees One Thousand One Hundred Seventy Nine and Ninety Nine Paise Only" for 117999 paise. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}
