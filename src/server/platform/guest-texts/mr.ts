import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Marathi (en.ts has the keys). */
export const textsMr: GuestTexts = {
  reminders: {
    date: intlDate('mr'),
    stop: 'मेसेज बंद करा',
    checkoutTitle: (count) =>
      count === 1 ? `तुमचा ${count} व्हाउचर अजून वापरलेला नाही` : `तुमचे ${count} व्हाउचर अजून वापरलेले नाहीत`,
    checkout: ({ name, count, hotel }) => ({
      line:
        count === 1
          ? `नमस्कार ${name}, ${hotel} मधील मुक्कामाचा तुमचा ${count} व्हाउचर अजून वापरलेला नाही.`
          : `नमस्कार ${name}, ${hotel} मधील मुक्कामाचे तुमचे ${count} व्हाउचर अजून वापरलेले नाहीत.`,
      link: 'पाहा',
    }),
    expiryTitle: 'तुमच्या व्हाउचरची मुदत लवकरच संपत आहे',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `नमस्कार ${name}, तुमचा ${merchant} व्हाउचर ("${offer}") ${date} पर्यंत वैध.`,
      link: 'पाहा',
    }),
    reviewTitle: (hotel) => `${hotel} मधील तुमचा मुक्काम कसा होता?`,
    review: ({ name, hotel }) => ({
      line: `नमस्कार ${name}, ${hotel} मध्ये राहिल्याबद्दल धन्यवाद.`,
      link: 'Google वर तुमचा अनुभव सांगा',
    }),
  },
  /** The pages a guest's message links to (docs/PRODUCT.md "Reminders"). */
  pages: {
    lang: 'mr',
    vouchersTitle: 'तुमचे व्हाउचर',
    greeting: (name: string) => `नमस्कार ${name}`,
    fromStay: (hotel: string) => `${hotel} मधील मुक्कामाचे तुमचे व्हाउचर. दुकानात कोड दाखवा.`,
    noVouchers: 'या मुक्कामाचे कोणतेही व्हाउचर शिल्लक नाहीत.',
    code: 'कूपन कोड',
    validUntil: (date: string) => `${date} पर्यंत वैध`,
    usable: 'वापरण्यास तयार',
    redeemed: (date: string) => `${date} रोजी वापरला`,
    expired: 'मुदत संपली',
    map: 'Google Maps मध्ये उघडा',
    call: (phone: string) => `${phone} वर कॉल करा`,
    hours: (from: string, to: string) => `उघडे: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% सूट`,
    rupeesOff: (value: string) => `₹${value} सूट`,
    stopLink: 'या मुक्कामाबद्दलचे मेसेज बंद करा',
    expiredTitle: 'या लिंकची मुदत संपली आहे',
    expiredText: 'तुमचे व्हाउचर पुन्हा पाहण्यासाठी तुमच्या हॉटेलचे StayPerks पेज उघडा आणि “माझे व्हाउचर दाखवा” वर टॅप करा.',
    openHotelPage: (hotel: string) => `${hotel} चे पेज उघडा`,
    notValidTitle: 'ही लिंक वैध नाही',
    notValidText: 'तुमच्या मेसेजमधील संपूर्ण लिंक उघडा, किंवा तुमच्या हॉटेलच्या रिसेप्शनवर विचारा.',
    stopTitle: 'मेसेज बंद करा',
    stopText: (hotel: string) =>
      `${hotel} मधील तुमच्या मुक्कामाबद्दल यापुढे तुम्हाला कोणत्याही माध्यमातून रिमाइंडर किंवा रिव्ह्यूची विनंती येणार नाही. तुमचे व्हाउचर पूर्वीसारखेच वापरता येतील.`,
    stopButton: 'मेसेज बंद करा',
    stoppedTitle: 'मेसेज बंद झाले',
    stopped: 'तुमच्या मुक्कामाबद्दल यापुढे तुम्हाला कोणतेही मेसेज येणार नाहीत',
    stoppedText: 'तुमचे व्हाउचर त्यांची मुदत संपेपर्यंत वापरता येतील.',
  },
  /** The printed room card: a title and three steps, under the English (modules/hotels/room-cards-pdf.ts). */
  roomCard: {
    title: 'आमच्या पाहुण्यांसाठी खास ऑफर',
    steps: ['स्कॅन करा', '3 पर्यंत व्हाउचर निवडा', 'दुकानात कोड दाखवा'],
  },
  /** The voucher PDF's own words (modules/coupons/coupon-pdf.ts); value, dates and the shop's lines are `pages`'. */
  voucher: {
    title: 'StayPerks व्हाउचर',
    guestOf: (hotel: string) => `${hotel} चे पाहुणे`,
    yourCode: 'तुमचा कोड',
    /** Over the English lines a non-English voucher adds for the merchant (offer, value, rules). */
    forTheShop: 'दुकानासाठी',
  },
};
