import { describe, expect, it } from 'vitest';
import { rateText, resultsText } from '../../src/web/features/offers/results';

/** My Offers' and All Offers' line of an offer's results (docs/DATA.md "Per-offer results"). */
describe('offer results in words', () => {
  const period = {
    issued: 12,
    redeemed: 5,
    redemption_rate: 5 / 12,
    bill_total: 3400,
    average_bill: 680,
    bills_entered: 5,
  };

  it('names issued, used with the rate, and the spend with its average and number of bills', () => {
    expect(resultsText(period)).toBe('12 issued · 5 used (42 %) · ₹3,400 spent, avg ₹680 (5 bills)');
  });

  it('leaves the spend out without a bill, and says "bill" for one', () => {
    expect(resultsText({ ...period, bill_total: 0, average_bill: null, bills_entered: 0 })).toBe(
      '12 issued · 5 used (42 %)',
    );
    expect(resultsText({ ...period, bill_total: 680, average_bill: 680, bills_entered: 1 })).toContain('(1 bill)');
  });

  it('has no rate when nothing was issued in the period, and says so when nothing happened', () => {
    // Redemptions this month of vouchers issued before it.
    expect(resultsText({ ...period, issued: 0, redemption_rate: null, bills_entered: 0 })).toBe('0 issued · 5 used');
    expect(
      resultsText({
        issued: 0,
        redeemed: 0,
        redemption_rate: null,
        bill_total: 0,
        average_bill: null,
        bills_entered: 0,
      }),
    ).toBe('None issued');
    expect(rateText(null)).toBe('-');
    expect(rateText(1.25)).toBe('125 %');
  });

  it('groups large numbers the Indian way', () => {
    expect(resultsText({ ...period, issued: 123456, redeemed: 54321, bill_total: 1234567, average_bill: 22.73 })).toBe(
      '1,23,456 issued · 54,321 used (42 %) · ₹12,34,567 spent, avg ₹23 (5 bills)',
    );
  });
});
