import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Malayalam (en.ts has the keys). */
export const textsMl: GuestTexts = {
  reminders: {
    // "ഹായ്" and "സന്ദേശങ്ങൾ വേണ്ട" rather than the longer "നമസ്കാരം" and "… നിർത്തുക": Malayalam words run long, and
    // a whole message stays near 300 characters (reminders.ts).
    date: intlDate('ml'),
    stop: 'സന്ദേശങ്ങൾ വേണ്ട',
    checkoutTitle: (count) => `ഉപയോഗിക്കാത്ത ${count} ${count === 1 ? 'വൗച്ചർ' : 'വൗച്ചറുകൾ'} ബാക്കിയുണ്ട്`,
    checkout: ({ name, count, hotel }) => ({
      line: `ഹായ് ${name}, ${hotel}-ലെ താമസത്തിന്റെ ${count} ${count === 1 ? 'വൗച്ചർ' : 'വൗച്ചറുകൾ'} ഇനിയും ഉപയോഗിച്ചിട്ടില്ല.`,
      link: 'കാണുക',
    }),
    expiryTitle: 'നിങ്ങളുടെ വൗച്ചറിന്റെ കാലാവധി ഉടൻ തീരും',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `ഹായ് ${name}, ${merchant}-ലെ വൗച്ചർ ("${offer}") ${date} വരെ സാധുവാണ്.`,
      link: 'കാണുക',
    }),
    reviewTitle: (hotel) => `${hotel}-ലെ താമസം എങ്ങനെയുണ്ടായിരുന്നു?`,
    review: ({ name, hotel }) => ({
      line: `ഹായ് ${name}, ${hotel}-ൽ താമസിച്ചതിന് നന്ദി.`,
      link: 'നിങ്ങളുടെ അനുഭവം Google-ൽ പങ്കിടൂ',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'ml',
    vouchersTitle: 'നിങ്ങളുടെ വൗച്ചറുകൾ',
    greeting: (name: string) => `നമസ്കാരം ${name}`,
    fromStay: (hotel: string) => `${hotel}-ലെ താമസത്തിന്റെ നിങ്ങളുടെ വൗച്ചറുകൾ. കടയിൽ കോഡ് കാണിക്കുക.`,
    noVouchers: 'ഈ താമസത്തിന്റെ വൗച്ചറുകളൊന്നും ബാക്കിയില്ല.',
    code: 'കൂപ്പൺ കോഡ്',
    validUntil: (date: string) => `${date} വരെ സാധുവാണ്`,
    usable: 'ഉപയോഗിക്കാൻ തയ്യാർ',
    redeemed: (date: string) => `${date}-ന് ഉപയോഗിച്ചു`,
    expired: 'കാലാവധി കഴിഞ്ഞു',
    map: 'Google Maps-ൽ തുറക്കുക',
    call: (phone: string) => `വിളിക്കുക: ${phone}`,
    hours: (from: string, to: string) => `പ്രവർത്തന സമയം: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% കിഴിവ്`,
    rupeesOff: (value: string) => `₹${value} കിഴിവ്`,
    stopLink: 'ഈ താമസത്തെക്കുറിച്ചുള്ള സന്ദേശങ്ങൾ നിർത്തുക',
    expiredTitle: 'ഈ ലിങ്കിന്റെ കാലാവധി കഴിഞ്ഞു',
    expiredText: 'വൗച്ചറുകൾ വീണ്ടും കാണാൻ, നിങ്ങളുടെ ഹോട്ടലിന്റെ StayPerks പേജ് തുറന്ന് “എന്റെ വൗച്ചറുകൾ കാണിക്കുക” ടാപ്പ് ചെയ്യുക.',
    openHotelPage: (hotel: string) => `${hotel}-ന്റെ പേജ് തുറക്കുക`,
    notValidTitle: 'ഈ ലിങ്ക് സാധുവല്ല',
    notValidText: 'സന്ദേശത്തിലെ ലിങ്ക് മുഴുവനായി തുറക്കുക, അല്ലെങ്കിൽ നിങ്ങളുടെ ഹോട്ടലിന്റെ റിസപ്ഷനിൽ ചോദിക്കുക.',
    stopTitle: 'സന്ദേശങ്ങൾ നിർത്തുക',
    stopText: (hotel: string) =>
      `${hotel}-ലെ താമസത്തെക്കുറിച്ച് ഇനി ഒരു ചാനലിലൂടെയും ഓർമ്മപ്പെടുത്തലുകളോ റിവ്യൂ അഭ്യർത്ഥനകളോ ലഭിക്കില്ല. നിങ്ങളുടെ വൗച്ചറുകൾ തുടർന്നും ഉപയോഗിക്കാം.`,
    stopButton: 'സന്ദേശങ്ങൾ നിർത്തുക',
    stoppedTitle: 'സന്ദേശങ്ങൾ നിർത്തി',
    stopped: 'നിങ്ങളുടെ താമസത്തെക്കുറിച്ച് ഇനി സന്ദേശങ്ങളൊന്നും ലഭിക്കില്ല',
    stoppedText: 'കാലാവധി കഴിയുന്നതുവരെ നിങ്ങളുടെ വൗച്ചറുകൾ ഉപയോഗിക്കാം.',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'ഞങ്ങളുടെ അതിഥികൾക്കുള്ള ഓഫറുകൾ',
    steps: ['സ്കാൻ ചെയ്യുക', '3 വൗച്ചറുകൾ വരെ തിരഞ്ഞെടുക്കുക', 'കടയിൽ കോഡ് കാണിക്കുക'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks വൗച്ചർ',
    guestOf: (hotel: string) => `${hotel}-ലെ അതിഥി`,
    yourCode: 'നിങ്ങളുടെ കോഡ്',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'കടയ്ക്കായി',
  },
};
