import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  documentNumber,
  financialYearOf,
  GST_STATE_CODES,
  gstinCheckChar,
  gstinProblem,
  indianWords,
  MAX_NUMBER_LENGTH,
  MAX_PREFIX_LENGTH,
  MAX_SERIAL,
  splitTax,
} from '../../src/shared/gst';

/** The GST rules of the tax invoices (docs/PRODUCT.md "Tax invoices"), against worked examples. */
describe('GSTIN', () => {
  it('takes real GSTINs and refuses a wrong check character, state code or shape', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8'])
      expect(gstinProblem(gstin)).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/15 characters/); // the 14th is always Z
    expect(gstinProblem('27AAPFU0939F0ZV')).toMatch(/15 characters/); // entity number 0
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
  });

  it('check character: the mod-36 sum of values weighted 1, 2, 1, 2... (digit and quotient of each product)', () => {
    // 27AAPFU0939F1Z: the published example's first 14 characters; its 15th is V.
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('state codes: 01 to 38 and 97', () => {
    expect(GST_STATE_CODES).toHaveLength(39);
    expect(GST_STATE_CODES).toContain('38');
    expect(GST_STATE_CODES).toContain('97');
    expect(GST_STATE_CODES).not.toContain('39');
  });
});

describe('tax split', () => {
  // Amounts in paise; 18 %: 9 % + 9 % within a state, each half rounded to the paisa on its own, half up.
  it.each([
    // taxable, CGST = SGST, IGST: why
    [99_999, 9_000, 18_000, '999.99: 89.9991 -> 90.00 each; 179.9982 -> 180.00'],
    [50, 5, 9, '0.50: 0.045 -> 0.05 each (0.10 in all), but 0.09 across states'],
    [10_005, 900, 1_801, '100.05: 9.0045 -> 9.00 each (18.00), but 18.009 -> 18.01 across states'],
    [2_400_000, 216_000, 432_000, '24,000.00: exact'],
    [1, 0, 0, '0.01: 0.0009 -> 0.00'],
  ])('%i paise: CGST and SGST %i each, IGST %i (%s)', (taxable, half, igst) => {
    expect(splitTax(taxable, 18, true)).toEqual({ cgst: half, sgst: half, igst: 0, total: taxable + 2 * half });
    expect(splitTax(taxable, 18, false)).toEqual({ cgst: 0, sgst: 0, igst, total: taxable + igst });
  });

  it('other rates, with decimals', () => {
    // 5 %: 2.5 % each. 1,000.10 x 2.5 % = 25.0025 -> 25.00.
    expect(splitTax(100_010, 5, true)).toMatchObject({ cgst: 2_500, sgst: 2_500 });
    // 12.5 % (rates with decimals are halves of 6.25 %): 10.00 x 6.25 % = 0.625 -> 0.63.
    expect(splitTax(1_000, 12.5, true)).toMatchObject({ cgst: 63, sgst: 63 });
    expect(splitTax(1_000, 0, false)).toEqual({ cgst: 0, sgst: 0, igst: 0, total: 1_000 });
  });

  it('is exact for the largest amount a period holds (numeric(12,2))', () => {
    // 9,999,999,999.99 x 18 % = 1,799,999,999.9982 -> 1,800,000,000.00; x 9 % = 899,999,999.9991 -> 900,000,000.00.
    const taxable = 999_999_999_999;
    expect(splitTax(taxable, 18, false).igst).toBe(180_000_000_000);
    expect(splitTax(taxable, 18, true).cgst).toBe(90_000_000_000);
    // 9,999,999,999.97 x 18 % = 1,799,999,999.9946 -> 1,799,999,999.99.
    expect(splitTax(999_999_999_997, 18, false).igst).toBe(179_999_999_999);
  });
});

describe('amount in words (Indian style)', () => {
  it.each([
    [117_999, 'Rupees One Thousand One Hundred Seventy Nine and Ninety Nine Paise Only'],
    [14_160_060, 'Rupees One Lakh Forty One Thousand Six Hundred and Sixty Paise Only'],
    [
      1_234_567_890,
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    ],
    [100, 'Rupees One Only'],
    [5, 'Rupees Zero and Five Paise Only'],
  ])('%i paise', (paise, words) => expect(amountInWords(paise)).toBe(words));

  it('crores of crores', () => expect(indianWords(12_00_00_00_000)).toBe('One Thousand Two Hundred Crore'));
});

describe('numbers and financial years', () => {
  it('the financial year starts on 1 April', () => {
    expect(financialYearOf('2027-03-31')).toBe(2026);
    expect(financialYearOf('2027-04-01')).toBe(2027);
    expect(financialYearOf('2100-01-15')).toBe(2099);
  });

  it('invoice and credit note numbers fit 16 characters at the longest prefix and the largest serial', () => {
    expect(documentNumber('SP', 'invoice', 2026, 1)).toBe('SP/26-27/00001');
    expect(documentNumber('SP', 'credit_note', 2026, 1)).toBe('SP/26-27/C0001');
    expect(documentNumber('SP', 'invoice', 2099, 1)).toBe('SP/99-00/00001');
    const prefix = 'X'.repeat(MAX_PREFIX_LENGTH);
    for (const kind of ['invoice', 'credit_note'] as const)
      expect(documentNumber(prefix, kind, 2026, MAX_SERIAL[kind]).length).toBe(MAX_NUMBER_LENGTH);
  });
});
