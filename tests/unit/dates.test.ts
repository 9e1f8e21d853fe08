import { describe, expect, it } from 'vitest';
import { addDays, addMonths, laterDate, todayIn } from '../../src/shared/dates';

describe('todayIn', () => {
  it('is the IST day at 23:30 IST', () => {
    // 23:30 IST on 10 March 2024 = 18:00 UTC the same day.
    expect(todayIn('Asia/Kolkata', new Date('2024-03-10T18:00:00Z'))).toBe('2024-03-10');
  });

  it('is already the next IST day at 00:30 IST while UTC is still on the previous day', () => {
    // 00:30 IST on 11 March 2024 = 19:00 UTC on 10 March.
    expect(todayIn('Asia/Kolkata', new Date('2024-03-10T19:00:00Z'))).toBe('2024-03-11');
    expect(todayIn('UTC', new Date('2024-03-10T19:00:00Z'))).toBe('2024-03-10');
  });

  it('follows the given zone', () => {
    const at = new Date('2024-01-01T03:00:00Z');
    expect(todayIn('America/New_York', at)).toBe('2023-12-31');
    expect(todayIn('Asia/Kolkata', at)).toBe('2024-01-01');
  });
});

describe('addMonths', () => {
  it('clamps 31 January to the end of February', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
  });

  it('adds whole months and crosses years', () => {
    expect(addMonths('2024-03-15', 1)).toBe('2024-04-15');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2024-06-10', 12)).toBe('2025-06-10');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  });
});

describe('addDays and laterDate', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('picks the later date', () => {
    expect(laterDate('2024-05-01', '2024-04-30')).toBe('2024-05-01');
    expect(laterDate('2024-04-30', '2024-05-01')).toBe('2024-05-01');
  });
});
