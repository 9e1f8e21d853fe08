import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Telugu (en.ts has the keys). */
export const textsTe: GuestTexts = {
  reminders: {
    date: intlDate('te'),
    stop: 'Stop messages',
    checkoutTitle: (count) => `You have ${count} unused ${count === 1 ? 'voucher' : 'vouchers'}`,
    checkout: ({ name, count, hotel }) => ({
      line: `Hi ${name}, you have ${count} unused ${count === 1 ? 'voucher' : 'vouchers'} from your stay at ${hotel}.`,
      link: `See ${count === 1 ? 'it' : 'them'}`,
    }),
    expiryTitle: 'Your voucher ends soon',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `Hi ${name}, your ${merchant} voucher ("${offer}") is valid until ${date}.`,
      link: 'See it',
    }),
    reviewTitle: (hotel) => `How was your stay at ${hotel}?`,
    review: ({ name, hotel }) => ({
      line: `Hi ${name}, thanks for staying at ${hotel}.`,
      link: 'Share your experience on Google',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'te',
    vouchersTitle: 'Your vouchers',
    greeting: (name: string) => `Hi ${name}`,
    fromStay: (hotel: string) => `Your vouchers from your stay at ${hotel}. Show the code at the shop.`,
    noVouchers: 'No vouchers are left for this stay.',
    code: 'Coupon code',
    validUntil: (date: string) => `Valid until ${date}`,
    usable: 'Ready to use',
    redeemed: (date: string) => `Used on ${date}`,
    expired: 'Expired',
    map: 'Open in Google Maps',
    call: (phone: string) => `Call ${phone}`,
    hours: (from: string, to: string) => `Open ${from} – ${to}`,
    percentOff: (value: string) => `${value}% OFF`,
    rupeesOff: (value: string) => `₹${value} OFF`,
    stopLink: 'Stop messages about this stay',
    expiredTitle: 'This link has expired',
    expiredText: 'To see your vouchers again, open your hotel’s StayPerks page and tap “Show my vouchers”.',
    openHotelPage: (hotel: string) => `Open ${hotel}’s page`,
    notValidTitle: 'This link is not valid',
    notValidText: 'Open the whole link from your message, or ask your hotel’s reception.',
    stopTitle: 'Stop messages',
    stopText: (hotel: string) =>
      `You will get no more reminders or review requests about your stay at ${hotel}, on any channel. Your vouchers keep working.`,
    stopButton: 'Stop messages',
    stoppedTitle: 'Messages stopped',
    stopped: 'You will get no more messages about your stay',
    stoppedText: 'Your vouchers keep working until they expire.',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'Offers for our guests',
    steps: ['Scan', 'Pick up to 3 vouchers', 'Show the code at the shop'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks voucher',
    guestOf: (hotel: string) => `Guest of ${hotel}`,
    yourCode: 'YOUR CODE',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'For the shop',
  },
};
