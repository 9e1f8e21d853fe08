import { intlDate } from './dates';
import type { GuestTexts } from './en';

/** The server's guest texts in Hindi (en.ts has the keys). */
export const textsHi: GuestTexts = {
  reminders: {
    date: intlDate('hi'),
    stop: 'संदेश बंद करें',
    checkoutTitle: (count) => `आपके ${count} वाउचर अभी इस्तेमाल नहीं हुए हैं`,
    checkout: ({ name, count, hotel }) => ({
      line: `नमस्ते ${name}, ${hotel} में आपके ठहराव के ${count} वाउचर अभी इस्तेमाल नहीं हुए हैं।`,
      link: 'देखें',
    }),
    expiryTitle: 'आपका वाउचर जल्द ख़त्म हो रहा है',
    expiry: ({ name, offer, merchant, date }) => ({
      line: `नमस्ते ${name}, ${merchant} पर आपका वाउचर ("${offer}") ${date} तक मान्य है।`,
      link: 'देखें',
    }),
    reviewTitle: (hotel) => `${hotel} में आपका ठहराव कैसा रहा?`,
    review: ({ name, hotel }) => ({
      line: `नमस्ते ${name}, ${hotel} में ठहरने के लिए धन्यवाद।`,
      link: 'Google पर अपना अनुभव बताएँ',
    }),
  },
  pages: {
    lang: 'hi',
    vouchersTitle: 'आपके वाउचर',
    greeting: (name: string) => `नमस्ते ${name}`,
    fromStay: (hotel: string) => `${hotel} में आपके ठहराव के वाउचर। दुकान पर कोड दिखाएँ।`,
    noVouchers: 'इस ठहराव का कोई वाउचर बाकी नहीं है।',
    code: 'कूपन कोड',
    validUntil: (date: string) => `${date} तक मान्य`,
    usable: 'इस्तेमाल के लिए तैयार',
    redeemed: (date: string) => `${date} को इस्तेमाल हुआ`,
    expired: 'समय-सीमा ख़त्म',
    map: 'Google Maps में खोलें',
    call: (phone: string) => `${phone} पर कॉल करें`,
    hours: (from: string, to: string) => `खुला: ${from} – ${to}`,
    percentOff: (value: string) => `${value}% की छूट`,
    rupeesOff: (value: string) => `₹${value} की छूट`,
    stopLink: 'इस ठहराव के बारे में संदेश बंद करें',
    expiredTitle: 'इस लिंक की समय-सीमा ख़त्म हो गई है',
    expiredText: 'अपने वाउचर फिर से देखने के लिए अपने होटल का StayPerks पेज खोलें और “मेरे वाउचर दिखाएँ” दबाएँ।',
    openHotelPage: (hotel: string) => `${hotel} का पेज खोलें`,
    notValidTitle: 'यह लिंक मान्य नहीं है',
    notValidText: 'अपने संदेश का पूरा लिंक खोलें, या अपने होटल के रिसेप्शन से पूछें।',
    stopTitle: 'संदेश बंद करें',
    stopText: (hotel: string) =>
      `${hotel} में आपके ठहराव के बारे में आपको किसी भी माध्यम से कोई रिमाइंडर या रिव्यू का अनुरोध नहीं मिलेगा। आपके वाउचर चलते रहेंगे।`,
    stopButton: 'संदेश बंद करें',
    stoppedTitle: 'संदेश बंद हो गए',
    stopped: 'आपको अपने ठहराव के बारे में अब कोई संदेश नहीं मिलेगा',
    stoppedText: 'आपके वाउचर उनकी समय-सीमा तक चलते रहेंगे।',
  },
  roomCard: {
    title: 'हमारे मेहमानों के लिए ख़ास ऑफ़र',
    steps: ['स्कैन करें', '3 वाउचर तक चुनें', 'दुकान पर कोड दिखाएँ'],
  },
  voucher: {
    title: 'StayPerks वाउचर',
    guestOf: (hotel: string) => `${hotel} के मेहमान`,
    yourCode: 'आपका कोड',
    forTheShop: 'दुकान के लिए',
  },
};
