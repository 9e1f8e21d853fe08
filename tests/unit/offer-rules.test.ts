import { describe, expect, it } from 'vitest';
import {
  billRefusal,
  blackoutDayCount,
  describeOfferRules,
  effectivePerGuestDays,
  firstRedeemableDay,
  isoWeekday,
  redeemableDaysInStay,
  redeemableOn,
  weekdayRuns,
  weekdaysText,
  type OfferRules,
} from '../../src/shared/offer-rules';

/** docs/PRODUCT.md "Offer rules": the rules in words, and the days an offer can be redeemed on. */

const NONE: OfferRules = {
  redeem_weekdays: null,
  blackout_dates: null,
  min_bill: null,
  max_party: null,
  per_guest_days: null,
};
const validity = { validity_from: '2026-11-01', validity_to: '2026-11-30' };

describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    // 2026-11-16 is a Monday.
    expect(['2026-11-16', '2026-11-20', '2026-11-21', '2026-11-22'].map(isoWeekday)).toEqual([1, 5, 6, 7]);
  });
});

describe('weekdaysText', () => {
  it.each([
    [[1, 2, 3, 4, 5], 'Monday to Friday'],
    [[6, 7], 'Saturday and Sunday'],
    [[1, 3, 5], 'Monday, Wednesday and Friday'],
    [[1, 2, 3, 5], 'Monday to Wednesday and Friday'],
    [[1, 5, 6, 7], 'Friday to Monday'],
    [[2], 'Tuesday'],
    [[1, 2, 3, 4, 5, 6, 7], 'every day'],
  ])('%j → %s', (days, text) => {
    expect(weekdaysText(days)).toBe(text);
  });
});

describe('weekdayRuns', () => {
  it('groups consecutive days, across Sunday-Monday too', () => {
    expect(weekdayRuns([1, 2, 3, 5])).toEqual([[1, 2, 3], [5]]);
    expect(weekdayRuns([7, 6, 5, 1])).toEqual([[5, 6, 7, 1]]);
    expect(weekdayRuns([])).toEqual([]);
    expect(weekdayRuns([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3, 4, 5, 6, 7]]);
  });
});

describe('redeemableOn', () => {
  it('answers null with no rules', () => {
    expect(redeemableOn(NONE, '2026-11-21')).toBeNull();
  });

  it('names the weekday rule on another day', () => {
    const rules = { ...NONE, redeem_weekdays: [1, 2, 3, 4, 5] };
    expect(redeemableOn(rules, '2026-11-20')).toBeNull(); // Friday
    expect(redeemableOn(rules, '2026-11-21')).toEqual({ rule: 'weekday', message: 'Valid Monday to Friday only' });
  });

  it('names the blackout range the day is in, one day or several', () => {
    const rules = {
      ...NONE,
      blackout_dates: [
        { from: '2026-11-01', to: '2026-11-03' },
        { from: '2026-11-14', to: '2026-11-14' },
      ],
    };
    expect(redeemableOn(rules, '2026-11-02')).toEqual({
      rule: 'blackout',
      message: 'Not valid from 1 Nov 2026 to 3 Nov 2026',
    });
    expect(redeemableOn(rules, '2026-11-14')).toEqual({ rule: 'blackout', message: 'Not valid on 14 Nov 2026' });
    expect(redeemableOn(rules, '2026-11-04')).toBeNull();
    expect(redeemableOn(rules, '2026-11-03')).not.toBeNull(); // both ends included
  });

  it('takes every weekday as no weekday rule', () => {
    expect(redeemableOn({ ...NONE, redeem_weekdays: [1, 2, 3, 4, 5, 6, 7] }, '2026-11-22')).toBeNull();
  });
});

describe('billRefusal', () => {
  it('refuses a bill below the minimum with "Minimum bill ₹500"', () => {
    expect(billRefusal(500, 499.99)).toEqual({ rule: 'min_bill', message: 'Minimum bill ₹500' });
    expect(billRefusal(500, 500)).toBeNull();
    expect(billRefusal(null, 1)).toBeNull();
    expect(billRefusal(1250.5, 10)?.message).toBe('Minimum bill ₹1,250.50');
  });
});

describe('redeemableDaysInStay and firstRedeemableDay', () => {
  it('keeps the days of the stay within validity, on its weekdays and off its blackout dates', () => {
    const rules = {
      ...NONE,
      redeem_weekdays: [1, 2, 3, 4, 5],
      blackout_dates: [{ from: '2026-11-17', to: '2026-11-18' }],
    };
    // Saturday 14 to Friday 20 November.
    expect(redeemableDaysInStay(rules, validity, '2026-11-14', '2026-11-20')).toEqual([
      '2026-11-16',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(firstRedeemableDay(rules, validity, '2026-11-14', '2026-11-20')).toBe('2026-11-16');
  });

  it('finds none for a weekend stay at a weekday offer, or a stay outside validity', () => {
    const weekdays = { ...NONE, redeem_weekdays: [1, 2, 3, 4, 5] };
    expect(redeemableDaysInStay(weekdays, validity, '2026-11-21', '2026-11-22')).toEqual([]);
    expect(firstRedeemableDay(weekdays, validity, '2026-11-21', '2026-11-22')).toBeNull();
    expect(redeemableDaysInStay(NONE, validity, '2026-12-01', '2026-12-05')).toEqual([]);
    expect(redeemableDaysInStay(NONE, validity, '2026-10-28', '2026-11-02')).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('counts a one-day stay (check-out today)', () => {
    expect(redeemableDaysInStay(NONE, validity, '2026-11-30', '2026-11-30')).toEqual(['2026-11-30']);
  });
});

describe('blackoutDayCount', () => {
  it('counts days, overlaps once', () => {
    expect(blackoutDayCount([])).toBe(0);
    expect(blackoutDayCount([{ from: '2026-11-01', to: '2026-11-03' }])).toBe(3);
    expect(
      blackoutDayCount([
        { from: '2026-11-01', to: '2026-11-05' },
        { from: '2026-11-03', to: '2026-11-07' },
        { from: '2026-11-04', to: '2026-11-04' },
        { from: '2026-12-31', to: '2027-01-01' },
      ]),
    ).toBe(9);
    expect(blackoutDayCount([{ from: '2026-01-01', to: '2026-12-31' }])).toBe(365);
  });
});

describe('describeOfferRules', () => {
  it('says nothing without rules', () => {
    expect(describeOfferRules(NONE)).toEqual([]);
  });

  it('gives one line a rule, one a blackout range, in the order a guest reads them', () => {
    expect(
      describeOfferRules({
        redeem_weekdays: [1, 2, 3, 4, 5],
        blackout_dates: [
          { from: '2026-11-01', to: '2026-11-03' },
          { from: '2026-11-14', to: '2026-11-14' },
        ],
        min_bill: 500,
        max_party: 4,
        per_guest_days: 30,
      }),
    ).toEqual([
      'Valid Monday to Friday only',
      'Not valid from 1 Nov 2026 to 3 Nov 2026',
      'Not valid on 14 Nov 2026',
      'Minimum bill ₹500',
      'Up to 4 people',
      'One voucher per guest every 30 days',
    ]);
    expect(describeOfferRules({ ...NONE, max_party: 1, per_guest_days: 1, min_bill: 0 })).toEqual([
      'Minimum bill ₹0',
      'Up to 1 person',
      'One voucher per guest a day',
    ]);
  });
});

describe('effectivePerGuestDays', () => {
  it("is the offer's own, else the merchant's", () => {
    expect(effectivePerGuestDays(7, 30)).toBe(7);
    expect(effectivePerGuestDays(null, 30)).toBe(30);
    expect(effectivePerGuestDays(null, null)).toBeNull();
  });
});
