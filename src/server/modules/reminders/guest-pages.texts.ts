import type { GuestLanguage } from '../../../shared/guest-languages';

/**
 * The words of the pages a guest's message links to (`/v/<token>`, `/o/<token>`; docs/PRODUCT.md "Reminders"), one
 * object per language with the same keys (tests/unit/guest-pages.test.ts checks): the page speaks the language the
 * guest used when claiming (customer_scans.language). The voucher's words are the guest page's
 * (src/web/features/guest/i18n).
 */
const en = {
  lang: 'en',
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
};

export type GuestPageTexts = typeof en;

const hi: GuestPageTexts = {
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
};

export const GUEST_PAGE_TEXTS: Record<GuestLanguage, GuestPageTexts> = { en, hi };
