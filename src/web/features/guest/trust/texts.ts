import type { Lang } from '../i18n/i18n';

/**
 * The texts of phone verification, "Show my vouchers" and My data (docs/PRODUCT.md "Guest trust", docs/PRIVACY.md "My
 * data"), in English and Hindi. They load with those screens, never with the guest page's first screen (docs/
 * DEVELOPING.md "Guest page first load"); tests/unit/guest-trust-i18n.test.ts checks both have every key.
 */
const en = {
  verify: {
    title: 'Verify your mobile number',
    intro: (mobile: string) => `We will send a 6-digit code to ${mobile}.`,
    send: 'Send code',
    sending: 'Sending...',
    sent: (mobile: string, channel: string) =>
      `We sent a code to ${mobile}${channel === 'whatsapp' ? ' on WhatsApp' : channel === 'sms' ? ' by SMS' : ''}.`,
    code: '6-digit code',
    verify: 'Verify',
    verifying: 'Checking...',
    resendIn: (seconds: number) => `Send a new code in ${seconds} s`,
    resend: 'Send a new code',
    changeNumber: 'Change number',
  },
  /** The server's refusals (src/shared/schemas/verification.ts and my-data.ts), by case. */
  refusals: {
    wait: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code`,
    tooManyToday: 'Too many codes for this number today',
    unavailable: 'Codes cannot be sent right now, please ask reception',
    wrong: (left: number) => `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`,
    expired: 'This code has expired, ask for a new one',
    tooManyWrong: 'Too many wrong codes, ask for a new one',
    verifyFirst: 'Please verify your mobile number first',
    invalid: 'Your verification has expired, please verify your mobile number again',
    codeInvalid: 'Please enter the 6-digit code',
    noStay: 'No vouchers were found for this number at this hotel',
    failed: 'Something went wrong, please try again',
  },
  recover: {
    title: 'You have already collected vouchers for this stay',
    intro: 'Opened the page on another phone? Prove the number is yours with a code, and your vouchers show here too.',
    show: 'Show my vouchers',
    back: 'Back',
    /** Without a provider: whom to ask instead. */
    askBefore: 'The hotel reception can help you',
    /** ", or call our support line <phone>": the number is drawn as a link between the two. */
    askPhoneBefore: ', or call our support line ',
    askPhoneAfter: '',
    askAfter: '.',
  },
  myData: {
    title: 'My data',
    intro:
      'See what StayPerks keeps about your mobile number, download it, correct your name, withdraw your consent to offers or reminders, or erase it all.',
    phone: 'Mobile number',
    next: 'Continue',
    none: 'We keep nothing about this number.',
    stays: 'Your stays',
    stay: (hotel: string) => hotel,
    dates: (scanned: string, checkout: string) => `Scanned ${scanned} · check-out ${checkout}`,
    name: (name: string) => `Name: ${name}`,
    offersYes: 'Offers later: yes',
    vouchers: 'Vouchers',
    states: { unused: 'Not used', redeemed: 'Used', cancelled: 'Cancelled', expired: 'Expired' },
    download: 'Download my data (JSON)',
    correctTitle: 'Correct my name',
    newName: 'Name',
    save: 'Save name',
    saved: 'Your name was corrected.',
    withdraw: 'Stop offers later',
    withdrawn: 'You will not get offers later.',
    remindersYes: 'Reminders and a review request: yes',
    remindersStopped: 'Reminders and a review request: stopped',
    stopReminders: 'Stop reminders',
    remindersStoppedNotice: 'You will get no more reminders or review requests.',
    eraseTitle: 'Erase my data',
    eraseText:
      'Your name and number are erased from every stay, and vouchers you have not used are cancelled. This cannot be undone.',
    erase: 'Erase my data',
    eraseConfirm: 'Yes, erase everything',
    cancel: 'Cancel',
    erased: 'Your data was erased.',
    again: 'Check another number',
    /** Without a provider (503): the support line of GET /api/config. */
    askSupport: (phone: string) => `Call our support line ${phone} for help.`,
  },
};

export type TrustTexts = typeof en;

const hi: TrustTexts = {
  verify: {
    title: 'अपना मोबाइल नंबर सत्यापित करें',
    intro: (mobile: string) => `हम ${mobile} पर 6 अंकों का कोड भेजेंगे।`,
    send: 'कोड भेजें',
    sending: 'भेजा जा रहा है...',
    sent: (mobile: string, channel: string) =>
      `हमने ${mobile} पर ${channel === 'whatsapp' ? 'WhatsApp से ' : channel === 'sms' ? 'SMS से ' : ''}कोड भेजा है।`,
    code: '6 अंकों का कोड',
    verify: 'सत्यापित करें',
    verifying: 'जाँच हो रही है...',
    resendIn: (seconds: number) => `${seconds} सेकंड में नया कोड भेजें`,
    resend: 'नया कोड भेजें',
    changeNumber: 'नंबर बदलें',
  },
  refusals: {
    wait: (seconds: number) => `नया कोड माँगने से पहले कृपया ${seconds} सेकंड रुकें`,
    tooManyToday: 'इस नंबर के लिए आज बहुत सारे कोड माँगे जा चुके हैं',
    unavailable: 'अभी कोड नहीं भेजे जा सकते, कृपया रिसेप्शन से पूछें',
    wrong: (left: number) => `यह कोड सही नहीं है: ${left} कोशिश बाकी`,
    expired: 'इस कोड की समय-सीमा ख़त्म हो गई है, नया कोड माँगें',
    tooManyWrong: 'बहुत सारे ग़लत कोड, नया कोड माँगें',
    verifyFirst: 'कृपया पहले अपना मोबाइल नंबर सत्यापित करें',
    invalid: 'आपका सत्यापन ख़त्म हो गया है, कृपया अपना मोबाइल नंबर फिर से सत्यापित करें',
    codeInvalid: 'कृपया 6 अंकों का कोड डालें',
    noStay: 'इस होटल में इस नंबर के कोई वाउचर नहीं मिले',
    failed: 'कुछ ग़लत हो गया, कृपया फिर से कोशिश करें',
  },
  recover: {
    title: 'आप इस ठहराव के वाउचर पहले ही ले चुके हैं',
    intro: 'दूसरे फ़ोन पर पेज खोला है? कोड से साबित करें कि नंबर आपका है, और आपके वाउचर यहाँ भी दिखेंगे।',
    show: 'मेरे वाउचर दिखाएँ',
    back: 'वापस',
    askBefore: 'होटल का रिसेप्शन आपकी मदद कर सकता है',
    askPhoneBefore: ', या हमारी सहायता लाइन ',
    askPhoneAfter: ' पर कॉल करें',
    askAfter: '।',
  },
  myData: {
    title: 'मेरा डेटा',
    intro:
      'देखें कि StayPerks आपके मोबाइल नंबर के बारे में क्या रखता है, उसे डाउनलोड करें, अपना नाम सुधारें, ऑफ़र या याद दिलाने की सहमति वापस लें, या सब मिटा दें।',
    phone: 'मोबाइल नंबर',
    next: 'आगे बढ़ें',
    none: 'इस नंबर के बारे में हम कुछ नहीं रखते।',
    stays: 'आपके ठहराव',
    stay: (hotel: string) => hotel,
    dates: (scanned: string, checkout: string) => `स्कैन ${scanned} · चेक-आउट ${checkout}`,
    name: (name: string) => `नाम: ${name}`,
    offersYes: 'बाद में ऑफ़र: हाँ',
    vouchers: 'वाउचर',
    states: { unused: 'इस्तेमाल नहीं हुआ', redeemed: 'इस्तेमाल हुआ', cancelled: 'रद्द', expired: 'समय-सीमा ख़त्म' },
    download: 'मेरा डेटा डाउनलोड करें (JSON)',
    correctTitle: 'मेरा नाम सुधारें',
    newName: 'नाम',
    save: 'नाम सहेजें',
    saved: 'आपका नाम सुधार दिया गया।',
    withdraw: 'बाद के ऑफ़र बंद करें',
    withdrawn: 'आपको बाद में ऑफ़र नहीं भेजे जाएँगे।',
    remindersYes: 'याद दिलाना और रिव्यू के लिए पूछना: हाँ',
    remindersStopped: 'याद दिलाना और रिव्यू के लिए पूछना: बंद',
    stopReminders: 'याद दिलाना बंद करें',
    remindersStoppedNotice: 'अब आपको याद दिलाने या रिव्यू के लिए पूछने वाले संदेश नहीं आएँगे।',
    eraseTitle: 'मेरा डेटा मिटाएँ',
    eraseText:
      'हर ठहराव से आपका नाम और नंबर मिटा दिया जाता है, और बिना इस्तेमाल किए वाउचर रद्द हो जाते हैं। इसे वापस नहीं किया जा सकता।',
    erase: 'मेरा डेटा मिटाएँ',
    eraseConfirm: 'हाँ, सब मिटा दें',
    cancel: 'रद्द करें',
    erased: 'आपका डेटा मिटा दिया गया।',
    again: 'दूसरा नंबर देखें',
    askSupport: (phone: string) => `मदद के लिए हमारी सहायता लाइन ${phone} पर कॉल करें।`,
  },
};

export const TRUST_TEXTS: Record<Lang, TrustTexts> = { en, hi };
