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

/** English: the default; other languages' trust texts are in their catalogue (i18n/<language>.ts). */
export const TRUST_EN: TrustTexts = en;
