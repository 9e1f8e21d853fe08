import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Telugu (en.ts has the keys). */
export const textsTe: GuestTexts = {
  reminders: {
    date: intlDate('te'),
    stop: 'మెసేజ్‌లు ఆపండి',
    checkoutTitle: (count) => `మీ దగ్గర వాడని ${count} ${count === 1 ? 'వోచర్ ఉంది' : 'వోచర్లు ఉన్నాయి'}`,
    checkout: ({ name, count, hotel }) => ({
      line: `${name} గారూ, ${hotel}లో మీ బసకు చెందిన ${count} ${count === 1 ? 'వోచర్' : 'వోచర్లు'} ఇంకా వాడలేదు.`,
      link: 'చూడండి',
    }),
    expiryTitle: 'మీ వోచర్ గడువు త్వరలో ముగుస్తుంది',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `${name} గారూ, మీ ${merchant} వోచర్ ("${offer}") ${date} వరకు చెల్లుతుంది.`,
      link: 'చూడండి',
    }),
    reviewTitle: (hotel) => `${hotel}లో మీ బస ఎలా ఉంది?`,
    review: ({ name, hotel }) => ({
      line: `${name} గారూ, ${hotel}లో బస చేసినందుకు ధన్యవాదాలు.`,
      link: 'Googleలో మీ అనుభవాన్ని పంచుకోండి',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'te',
    vouchersTitle: 'మీ వోచర్లు',
    greeting: (name: string) => `నమస్తే ${name}`,
    fromStay: (hotel: string) => `${hotel}లో మీ బసకు చెందిన వోచర్లు ఇవి. దుకాణంలో కోడ్ చూపించండి.`,
    noVouchers: 'ఈ బసకు వోచర్లు ఏవీ మిగల్లేదు.',
    code: 'కూపన్ కోడ్',
    validUntil: (date: string) => `${date} వరకు చెల్లుతుంది`,
    usable: 'వాడటానికి సిద్ధంగా ఉంది',
    redeemed: (date: string) => `${date}న వాడారు`,
    expired: 'గడువు ముగిసింది',
    map: 'Google Mapsలో తెరవండి',
    call: (phone: string) => `${phone}కు కాల్ చేయండి`,
    hours: (from: string, to: string) => `తెరిచి ఉండే సమయం: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% తగ్గింపు`,
    rupeesOff: (value: string) => `₹${value} తగ్గింపు`,
    stopLink: 'ఈ బస గురించి మెసేజ్‌లు ఆపండి',
    expiredTitle: 'ఈ లింక్ గడువు ముగిసింది',
    expiredText: 'మీ వోచర్లను మళ్లీ చూడటానికి, మీ హోటల్ StayPerks పేజీని తెరిచి “నా వోచర్లు చూపించండి” నొక్కండి.',
    openHotelPage: (hotel: string) => `${hotel} పేజీని తెరవండి`,
    notValidTitle: 'ఈ లింక్ చెల్లదు',
    notValidText: 'మీ మెసేజ్‌లోని పూర్తి లింక్‌ను తెరవండి, లేదా మీ హోటల్ రిసెప్షన్‌ను అడగండి.',
    stopTitle: 'మెసేజ్‌లు ఆపండి',
    stopText: (hotel: string) =>
      `${hotel}లో మీ బస గురించి ఇకపై ఏ మార్గంలోనూ మీకు రిమైండర్లు గానీ రివ్యూ అభ్యర్థనలు గానీ రావు. మీ వోచర్లు పని చేస్తూనే ఉంటాయి.`,
    stopButton: 'మెసేజ్‌లు ఆపండి',
    stoppedTitle: 'మెసేజ్‌లు ఆగిపోయాయి',
    stopped: 'మీ బస గురించి ఇకపై మీకు మెసేజ్‌లు రావు',
    stoppedText: 'మీ వోచర్లు గడువు ముగిసే వరకు పని చేస్తాయి.',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'మా అతిథులకు ప్రత్యేక ఆఫర్లు',
    steps: ['స్కాన్ చేయండి', '3 వోచర్ల వరకు ఎంచుకోండి', 'దుకాణంలో కోడ్ చూపించండి'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks వోచర్',
    guestOf: (hotel: string) => `${hotel} అతిథి`,
    yourCode: 'మీ కోడ్',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'దుకాణదారు కోసం',
  },
};
