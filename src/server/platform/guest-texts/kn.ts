import { intlDate } from './dates';
import type { GuestTexts } from './en';

/**
 * The server's guest texts in Kannada (en.ts has the keys). A hotel or a shop is named as part of "your stay" or
 * "your voucher" ("ನಿಮ್ಮ <hotel> ವಾಸ್ತವ್ಯ") so no case ending has to join a name; a number or a date (ending in the
 * year) takes its ending directly, as Kannada writes it after digits.
 */
export const textsKn: GuestTexts = {
  reminders: {
    date: intlDate('kn'),
    stop: 'ಸಂದೇಶ ನಿಲ್ಲಿಸಿ',
    checkoutTitle: (count) => `ನಿಮ್ಮ ${count} ${count === 1 ? 'ವೋಚರ್' : 'ವೋಚರ್‌ಗಳು'} ಇನ್ನೂ ಬಳಕೆಯಾಗಿಲ್ಲ`,
    checkout: ({ name, count, hotel }) => ({
      line: `ನಮಸ್ಕಾರ ${name}, ನಿಮ್ಮ ${hotel} ವಾಸ್ತವ್ಯದ ${count} ${count === 1 ? 'ವೋಚರ್' : 'ವೋಚರ್‌ಗಳು'} ಇನ್ನೂ ಬಳಕೆಯಾಗಿಲ್ಲ.`,
      link: 'ನೋಡಿ',
    }),
    expiryTitle: 'ನಿಮ್ಮ ವೋಚರ್‌ನ ಅವಧಿ ಶೀಘ್ರದಲ್ಲೇ ಮುಗಿಯಲಿದೆ',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `ನಮಸ್ಕಾರ ${name}, ನಿಮ್ಮ ${merchant} ವೋಚರ್ ("${offer}") ${date}ರವರೆಗೆ ಮಾನ್ಯ.`,
      link: 'ನೋಡಿ',
    }),
    reviewTitle: (hotel) => `ನಿಮ್ಮ ${hotel} ವಾಸ್ತವ್ಯ ಹೇಗಿತ್ತು?`,
    review: ({ name, hotel }) => ({
      line: `ನಮಸ್ಕಾರ ${name}, ${hotel} ನಲ್ಲಿ ತಂಗಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು.`,
      link: 'Google ನಲ್ಲಿ ನಿಮ್ಮ ಅನುಭವ ತಿಳಿಸಿ',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'kn',
    vouchersTitle: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳು',
    greeting: (name: string) => `ನಮಸ್ಕಾರ ${name}`,
    fromStay: (hotel: string) => `ನಿಮ್ಮ ${hotel} ವಾಸ್ತವ್ಯದ ವೋಚರ್‌ಗಳು. ಅಂಗಡಿಯಲ್ಲಿ ಕೋಡ್ ತೋರಿಸಿ.`,
    noVouchers: 'ಈ ವಾಸ್ತವ್ಯದ ಯಾವುದೇ ವೋಚರ್ ಉಳಿದಿಲ್ಲ.',
    code: 'ಕೂಪನ್ ಕೋಡ್',
    validUntil: (date: string) => `${date}ರವರೆಗೆ ಮಾನ್ಯ`,
    usable: 'ಬಳಸಲು ಸಿದ್ಧ',
    redeemed: (date: string) => `${date}ರಂದು ಬಳಸಲಾಗಿದೆ`,
    expired: 'ಅವಧಿ ಮುಗಿದಿದೆ',
    map: 'Google Maps ನಲ್ಲಿ ತೆರೆಯಿರಿ',
    call: (phone: string) => `${phone}ಗೆ ಕರೆ ಮಾಡಿ`,
    hours: (from: string, to: string) => `ತೆರೆದಿರುವ ಸಮಯ: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% ರಿಯಾಯಿತಿ`,
    rupeesOff: (value: string) => `₹${value} ರಿಯಾಯಿತಿ`,
    stopLink: 'ಈ ವಾಸ್ತವ್ಯದ ಬಗ್ಗೆ ಸಂದೇಶಗಳನ್ನು ನಿಲ್ಲಿಸಿ',
    expiredTitle: 'ಈ ಲಿಂಕ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ',
    expiredText: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳನ್ನು ಮತ್ತೆ ನೋಡಲು, ನಿಮ್ಮ ಹೋಟೆಲ್‌ನ StayPerks ಪುಟವನ್ನು ತೆರೆದು “ನನ್ನ ವೋಚರ್‌ಗಳನ್ನು ತೋರಿಸಿ” ಒತ್ತಿ.',
    openHotelPage: (hotel: string) => `${hotel} ಪುಟವನ್ನು ತೆರೆಯಿರಿ`,
    notValidTitle: 'ಈ ಲಿಂಕ್ ಮಾನ್ಯವಾಗಿಲ್ಲ',
    notValidText: 'ನಿಮ್ಮ ಸಂದೇಶದಲ್ಲಿರುವ ಪೂರ್ಣ ಲಿಂಕ್ ಅನ್ನು ತೆರೆಯಿರಿ, ಅಥವಾ ನಿಮ್ಮ ಹೋಟೆಲ್‌ನ ರಿಸೆಪ್ಷನ್‌ನಲ್ಲಿ ಕೇಳಿ.',
    stopTitle: 'ಸಂದೇಶಗಳನ್ನು ನಿಲ್ಲಿಸಿ',
    stopText: (hotel: string) =>
      `ನಿಮ್ಮ ${hotel} ವಾಸ್ತವ್ಯದ ಬಗ್ಗೆ ಇನ್ನು ಮುಂದೆ ಯಾವುದೇ ಮಾಧ್ಯಮದ ಮೂಲಕ ಜ್ಞಾಪನೆಗಳು ಅಥವಾ ರಿವ್ಯೂ ವಿನಂತಿಗಳು ಬರುವುದಿಲ್ಲ. ನಿಮ್ಮ ವೋಚರ್‌ಗಳು ಕೆಲಸ ಮಾಡುತ್ತಲೇ ಇರುತ್ತವೆ.`,
    stopButton: 'ಸಂದೇಶಗಳನ್ನು ನಿಲ್ಲಿಸಿ',
    stoppedTitle: 'ಸಂದೇಶಗಳನ್ನು ನಿಲ್ಲಿಸಲಾಗಿದೆ',
    stopped: 'ನಿಮ್ಮ ವಾಸ್ತವ್ಯದ ಬಗ್ಗೆ ಇನ್ನು ಮುಂದೆ ನಿಮಗೆ ಯಾವುದೇ ಸಂದೇಶ ಬರುವುದಿಲ್ಲ',
    stoppedText: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳು ಅವುಗಳ ಅವಧಿ ಮುಗಿಯುವವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತವೆ.',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'ನಮ್ಮ ಅತಿಥಿಗಳಿಗಾಗಿ ಆಫರ್‌ಗಳು',
    steps: ['ಸ್ಕ್ಯಾನ್ ಮಾಡಿ', 'ಗರಿಷ್ಠ 3 ವೋಚರ್ ಆಯ್ಕೆಮಾಡಿ', 'ಅಂಗಡಿಯಲ್ಲಿ ಕೋಡ್ ತೋರಿಸಿ'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks ವೋಚರ್',
    guestOf: (hotel: string) => `${hotel} ಅತಿಥಿ`,
    yourCode: 'ನಿಮ್ಮ ಕೋಡ್',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'ಅಂಗಡಿಯವರಿಗಾಗಿ',
  },
};
