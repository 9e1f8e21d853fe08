import { describe, expect, it } from 'vitest';
import { addMonthsToMonth, isIsoMonth, lastMonths, monthOf } from '../../src/shared/dates';
import {
  donePercent,
  formatDate,
  formatDateTime,
  formatIndianNumber,
  formatMonth,
  formatPercent,
  formatRating,
  formatRatingChange,
  formatRupees,
  percentTone,
  ratingChangeTone,
  roundRupees,
} from '../../src/shared/format';

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(1234567.5, 2)).toBe('₹12,34,567.50');
    expect(formatRupees(100000, 2)).toBe('₹1,00,000.00');
    expect(formatRupees(99999.999, 2)).toBe('₹1,00,000.00');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
    expect(formatRupees(999)).toBe('₹999');
  });

  it('shows 0 (0.00 on revenue cards) for nothing', () => {
    expect(formatRupees(0, 2)).toBe('₹0.00');
    expect(formatRupees(null, 2)).toBe('₹0.00');
    expect(formatRupees(undefined)).toBe('₹0');
    expect(formatRupees(Number.NaN, 2)).toBe('₹0.00');
  });

  it('keeps paise on the cards', () => {
    expect(formatRupees(15434.81, 2)).toBe('₹15,434.81');
    expect(formatRupees(0.1 + 0.2, 2)).toBe('₹0.30');
  });
});

describe('formatIndianNumber', () => {
  it('groups counts without a sign', () => {
    expect(formatIndianNumber(1234567)).toBe('12,34,567');
    expect(formatIndianNumber(0)).toBe('0');
  });
});

describe('dates', () => {
  it('formats day, short month, year', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('2026-03-31T18:00:00Z', 'Asia/Kolkata')).toBe('31 Mar 2026');
    expect(formatDate('2026-03-31T18:40:00Z', 'Asia/Kolkata')).toBe('1 Apr 2026');
  });

  it('formats a date and time in the given zone', () => {
    expect(formatDateTime('2026-03-31T18:00:00Z', 'Asia/Kolkata')).toBe('31 Mar 2026, 23:30');
    expect(formatDateTime(undefined)).toBe('-');
  });
});

describe('months', () => {
  it('labels a YYYY-MM month', () => {
    expect(formatMonth('2026-04')).toBe('April 2026');
    expect(formatMonth('2026-12', 'short')).toBe('Dec 2026');
    expect(formatMonth('not a month')).toBe('not a month');
  });

  it('does month arithmetic across years', () => {
    expect(monthOf('2026-03-31')).toBe('2026-03');
    expect(addMonthsToMonth('2026-11', 3)).toBe('2027-02');
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
    expect(lastMonths('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(lastMonths('2026-11', 12)).toHaveLength(12);
    expect(lastMonths('2026-11', 12).at(-1)).toBe('2025-12');
  });

  it('recognises a month', () => {
    expect(isIsoMonth('2026-04')).toBe(true);
    expect(isIsoMonth('2026-13')).toBe(false);
    expect(isIsoMonth('2026-4')).toBe(false);
  });
});

describe('Done % (docs/PRODUCT.md "Constants")', () => {
  it('rounds done / count * 100, and is empty without renewals', () => {
    expect(donePercent(2, 3)).toBe(67);
    expect(donePercent(1, 3)).toBe(33);
    expect(donePercent(1, 2)).toBe(50);
    expect(donePercent(0, 4)).toBe(0);
    expect(donePercent(0, 0)).toBeNull();
    expect(formatPercent(67)).toBe('67%');
    expect(formatPercent(null)).toBe('-');
  });

  it('colours 65 and more green, 40 to 64 orange, below 40 red', () => {
    expect(percentTone(100)).toBe('green');
    expect(percentTone(65)).toBe('green');
    expect(percentTone(64)).toBe('orange');
    expect(percentTone(40)).toBe('orange');
    expect(percentTone(39)).toBe('red');
    expect(percentTone(0)).toBe('red');
  });
});

describe('ratings', () => {
  it('shows the rating with one decimal', () => {
    expect(formatRating(4.38)).toBe('4.4');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(null)).toBe('-');
  });

  it('shows the change with two decimals and a sign, coloured up green, down red, zero grey', () => {
    expect(formatRatingChange(0.08)).toBe('+0.08');
    expect(formatRatingChange(-0.05)).toBe('-0.05');
    expect(formatRatingChange(0)).toBe('0.00');
    expect(formatRatingChange(-0.001)).toBe('0.00');
    expect(formatRatingChange(null)).toBe('-');
    expect(ratingChangeTone(0.08)).toBe('green');
    expect(ratingChangeTone(-0.05)).toBe('red');
    expect(ratingChangeTone(0)).toBe('grey');
    expect(ratingChangeTone(0.001)).toBe('grey');
    expect(ratingChangeTone(null)).toBe('grey');
  });
});

describe('roundRupees', () => {
  it('rounds to paise', () => {
    expect(roundRupees(0.1 + 0.2)).toBe(0.3);
    expect(roundRupees(1.005)).toBe(1.01);
    expect(roundRupees(25100.84 + 27184.56)).toBe(52285.4);
  });
});
