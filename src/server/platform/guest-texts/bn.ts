import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Bengali (en.ts has the keys). */
export const textsBn: GuestTexts = {
  reminders: {
    date: intlDate('bn'),
    stop: 'মেসেজ বন্ধ করুন',
    checkoutTitle: (count) => `আপনার ${count}টি ভাউচার এখনও ব্যবহার হয়নি`,
    checkout: ({ name, count, hotel }) => ({
      line: `নমস্কার ${name}, ${hotel}-এ থাকার ${count}টি ভাউচার আপনি এখনও ব্যবহার করেননি।`,
      link: 'দেখুন',
    }),
    expiryTitle: 'আপনার ভাউচারের মেয়াদ শীঘ্রই শেষ হচ্ছে',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `নমস্কার ${name}, ${merchant}-এর ভাউচার ("${offer}") ${date} পর্যন্ত বৈধ।`,
      link: 'দেখুন',
    }),
    reviewTitle: (hotel) => `${hotel}-এ থাকা কেমন লাগল?`,
    review: ({ name, hotel }) => ({
      line: `নমস্কার ${name}, ${hotel}-এ থাকার জন্য ধন্যবাদ।`,
      link: 'Google-এ আপনার অভিজ্ঞতা জানান',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'bn',
    vouchersTitle: 'আপনার ভাউচার',
    greeting: (name: string) => `নমস্কার ${name}`,
    fromStay: (hotel: string) => `${hotel}-এ থাকার সময় পাওয়া আপনার ভাউচার। দোকানে কোডটি দেখান।`,
    noVouchers: 'এবারের থাকার আর কোনো ভাউচার বাকি নেই।',
    code: 'কুপন কোড',
    validUntil: (date: string) => `${date} পর্যন্ত বৈধ`,
    usable: 'ব্যবহারের জন্য তৈরি',
    redeemed: (date: string) => `${date} তারিখে ব্যবহার হয়েছে`,
    expired: 'মেয়াদ শেষ',
    map: 'Google Maps-এ খুলুন',
    call: (phone: string) => `${phone} নম্বরে ফোন করুন`,
    hours: (from: string, to: string) => `খোলা: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% ছাড়`,
    rupeesOff: (value: string) => `₹${value} ছাড়`,
    stopLink: 'এবারের থাকা নিয়ে মেসেজ বন্ধ করুন',
    expiredTitle: 'এই লিংকের মেয়াদ শেষ হয়ে গেছে',
    expiredText: 'আপনার ভাউচার আবার দেখতে, আপনার হোটেলের StayPerks পেজ খুলে “আমার ভাউচার দেখান” চাপুন।',
    openHotelPage: (hotel: string) => `${hotel}-এর পেজ খুলুন`,
    notValidTitle: 'এই লিংকটি সঠিক নয়',
    notValidText: 'আপনার মেসেজের পুরো লিংকটি খুলুন, অথবা আপনার হোটেলের রিসেপশনে জিজ্ঞেস করুন।',
    stopTitle: 'মেসেজ বন্ধ করুন',
    stopText: (hotel: string) =>
      `${hotel}-এ আপনার থাকা নিয়ে কোনো মাধ্যমেই আর কোনো রিমাইন্ডার বা রিভিউয়ের অনুরোধ পাবেন না। আপনার ভাউচার আগের মতোই কাজ করবে।`,
    stopButton: 'মেসেজ বন্ধ করুন',
    stoppedTitle: 'মেসেজ বন্ধ হয়েছে',
    stopped: 'আপনার থাকা নিয়ে আর কোনো মেসেজ পাবেন না',
    stoppedText: 'মেয়াদ শেষ না হওয়া পর্যন্ত আপনার ভাউচার কাজ করবে।',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'আমাদের অতিথিদের জন্য অফার',
    steps: ['স্ক্যান করুন', '3টি পর্যন্ত ভাউচার বেছে নিন', 'দোকানে কোড দেখান'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks ভাউচার',
    guestOf: (hotel: string) => `${hotel}-এর অতিথি`,
    yourCode: 'আপনার কোড',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'দোকানের জন্য',
  },
};
