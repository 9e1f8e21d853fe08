import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Tamil (en.ts has the keys). */
export const textsTa: GuestTexts = {
  reminders: {
    date: intlDate('ta'),
    stop: 'செய்திகளை நிறுத்து',
    checkoutTitle: (count) => `உங்களிடம் பயன்படுத்தாத ${count} ${count === 1 ? 'வவுச்சர் உள்ளது' : 'வவுச்சர்கள் உள்ளன'}`,
    checkout: ({ name, count, hotel }) => ({
      line: `வணக்கம் ${name}, ${hotel}-இல் பெற்ற ${count} ${count === 1 ? 'வவுச்சரை' : 'வவுச்சர்களை'} இன்னும் பயன்படுத்தவில்லை.`,
      link: 'பார்க்க',
    }),
    expiryTitle: 'உங்கள் வவுச்சர் விரைவில் காலாவதியாகும்',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `வணக்கம் ${name}, ${merchant} வவுச்சர் "${offer}" ${date} வரை செல்லும்.`,
      link: 'பார்க்க',
    }),
    reviewTitle: (hotel) => `உங்கள் ${hotel} அனுபவம் எப்படி இருந்தது?`,
    review: ({ name, hotel }) => ({
      line: `வணக்கம் ${name}, ${hotel}-இல் தங்கியதற்கு நன்றி.`,
      link: 'Google-இல் உங்கள் அனுபவத்தைப் பகிர',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'ta',
    vouchersTitle: 'உங்கள் வவுச்சர்கள்',
    greeting: (name: string) => `வணக்கம் ${name}`,
    fromStay: (hotel: string) => `${hotel}-இல் தங்கியபோது பெற்ற உங்கள் வவுச்சர்கள். கடையில் குறியீட்டைக் காட்டவும்.`,
    noVouchers: 'இந்தத் தங்குதலுக்கு வவுச்சர்கள் எதுவும் மீதம் இல்லை.',
    code: 'கூப்பன் குறியீடு',
    validUntil: (date: string) => `${date} வரை செல்லுபடியாகும்`,
    usable: 'பயன்படுத்தத் தயார்',
    redeemed: (date: string) => `${date} அன்று பயன்படுத்தப்பட்டது`,
    expired: 'காலாவதியானது',
    map: 'Google Maps-இல் திற',
    call: (phone: string) => `அழைக்க: ${phone}`,
    hours: (from: string, to: string) => `திறந்திருக்கும்: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% தள்ளுபடி`,
    rupeesOff: (value: string) => `₹${value} தள்ளுபடி`,
    stopLink: 'இந்தத் தங்குதல் பற்றிய செய்திகளை நிறுத்து',
    expiredTitle: 'இந்த இணைப்பு காலாவதியாகிவிட்டது',
    expiredText:
      'உங்கள் வவுச்சர்களை மீண்டும் பார்க்க, உங்கள் ஹோட்டலின் StayPerks பக்கத்தைத் திறந்து “என் வவுச்சர்களைக் காட்டு” என்பதைத் தட்டவும்.',
    openHotelPage: (hotel: string) => `${hotel} பக்கத்தைத் திற`,
    notValidTitle: 'இந்த இணைப்பு செல்லாது',
    notValidText: 'உங்கள் செய்தியில் உள்ள முழு இணைப்பையும் திறக்கவும், அல்லது உங்கள் ஹோட்டலின் வரவேற்பறையில் கேட்கவும்.',
    stopTitle: 'செய்திகளை நிறுத்து',
    stopText: (hotel: string) =>
      `${hotel}-இல் நீங்கள் தங்கியது பற்றி, எந்த வழியிலும், இனி நினைவூட்டல்களோ மதிப்புரைக் கோரிக்கைகளோ வராது. உங்கள் வவுச்சர்கள் தொடர்ந்து செல்லுபடியாகும்.`,
    stopButton: 'செய்திகளை நிறுத்து',
    stoppedTitle: 'செய்திகள் நிறுத்தப்பட்டன',
    stopped: 'நீங்கள் தங்கியது பற்றி இனி எந்தச் செய்தியும் வராது',
    stoppedText: 'உங்கள் வவுச்சர்கள் காலாவதியாகும் வரை செல்லுபடியாகும்.',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'எங்கள் விருந்தினர்களுக்கான சலுகைகள்',
    steps: ['ஸ்கேன் செய்யுங்கள்', '3 வவுச்சர்கள் வரை தேர்ந்தெடுங்கள்', 'கடையில் குறியீட்டைக் காட்டுங்கள்'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks வவுச்சர்',
    guestOf: (hotel: string) => `${hotel} விருந்தினர்`,
    yourCode: 'உங்கள் குறியீடு',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'கடைக்கு',
  },
};
