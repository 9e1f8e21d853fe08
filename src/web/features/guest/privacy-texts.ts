import type { Lang } from './i18n/i18n';

/**
 * The privacy notice's sections on reminders (docs/PRIVACY.md "Reminders and review requests"): what is sent, when,
 * only with the reminders box, and who delivers it. Kept beside the notice, which loads on its own, so the guest's
 * first screen does not carry them (docs/DEVELOPING.md "Guest page first load"); English and Hindi with the same keys
 * (tests/unit/reminder-texts.test.ts).
 */
export const PRIVACY_REMINDER_TEXTS = {
  en: {
    remindersTitle: 'Reminders and a review request',
    reminders:
      'Only if you tick "Remind me about my vouchers and ask me for a review": on your check-out morning we remind you of the vouchers you have not used; 48 hours before a voucher expires, if it is unused and that day is within 3 days after your check-out, we remind you of it; and the day after check-out we send you your hotel\'s Google review link, once, whether or not you used a voucher. Nothing is sent between 21:00 and 09:00. Every message has a link that stops them in one tap.',
    processorsTitle: 'Who delivers the messages',
    processors:
      "To send them we use Meta (WhatsApp) and the SMS gateway Gupshup, which get your mobile number and the message; your browser's push service (for example Google's or Apple's) for notifications, only if you allow them on this phone, which gets the message but not your number; and Google, for the hotel's review page and, if you add a voucher to Google Wallet, its pass. We keep a record of each message; your number is erased from it the day after it is sent.",
  },
  hi: {
    remindersTitle: 'याद दिलाना और रिव्यू का अनुरोध',
    reminders:
      'सिर्फ़ तभी, जब आप "मुझे मेरे वाउचर की याद दिलाएँ और रिव्यू के लिए पूछें" पर टिक करें: चेक-आउट की सुबह हम आपको बिना इस्तेमाल किए वाउचर की याद दिलाते हैं; किसी वाउचर के ख़त्म होने से 48 घंटे पहले, अगर वह इस्तेमाल नहीं हुआ है और वह दिन चेक-आउट के 3 दिन के भीतर है, तो हम उसकी याद दिलाते हैं; और चेक-आउट के अगले दिन हम आपके होटल का Google रिव्यू लिंक एक बार भेजते हैं, चाहे आपने कोई वाउचर इस्तेमाल किया हो या नहीं। रात 21:00 से सुबह 09:00 तक कुछ नहीं भेजा जाता। हर संदेश में एक लिंक होता है, जिससे एक टैप में संदेश बंद हो जाते हैं।',
    processorsTitle: 'संदेश कौन पहुँचाता है',
    processors:
      'संदेश भेजने के लिए हम Meta (WhatsApp) और SMS गेटवे Gupshup का इस्तेमाल करते हैं, जिन्हें आपका मोबाइल नंबर और संदेश मिलता है; सूचनाओं के लिए आपके ब्राउज़र की पुश सेवा (जैसे Google या Apple की), सिर्फ़ तब जब आप इस फ़ोन पर इसकी अनुमति दें, जिसे संदेश मिलता है पर आपका नंबर नहीं; और Google, होटल के रिव्यू पेज के लिए और, अगर आप कोई वाउचर Google Wallet में जोड़ें, तो उसके पास के लिए। हम हर संदेश का रिकॉर्ड रखते हैं; भेजे जाने के अगले दिन उसमें से आपका नंबर मिटा दिया जाता है।',
  },
} satisfies Record<Lang, Record<string, string>>;
