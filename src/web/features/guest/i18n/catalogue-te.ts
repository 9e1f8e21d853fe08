import { rulesTe } from '../../../../shared/rule-texts/te';
import type { Catalogue } from './catalogue';

/** Telugu: every guest text, with English's keys (catalogue.ts); loaded only when a guest picks Telugu. */
export const catalogue: Catalogue = {
  messages: {
    language: {
      /** What the header switch does, read after the other language's name (LANGUAGE_NAMES, i18n.tsx). */
      label: 'Language',
    },
    header: {
      welcome: 'Welcome to',
      yourHotel: 'your hotel',
    },
    status: {
      hotelNotFound: 'This hotel was not found. Please scan the QR code in your room again.',
      hotelInactive: 'This hotel is not offering vouchers right now. Please ask the front desk.',
      hotelLoadFailed: 'Failed to load hotel data',
      offlineNoHotel: 'You are offline. Connect to the internet to see the offers.',
      offlineBanner: 'You are offline. You can browse offers you have seen; getting vouchers needs a connection.',
      offlineSubmit: 'You are offline. Connect to the internet to get your vouchers. Everything you entered is kept.',
      verifyFailed: 'Failed to verify mobile number',
      submitFailed: 'Failed to submit',
    },
    /** The shared schemas' and the server's messages the guest may see, by case (docs/PRODUCT.md "Forms and messages"). */
    messages: {
      nameRequired: 'Please enter your name',
      nameTooLong: 'Name must be at most 100 characters',
      nameCharacters: 'Name contains characters that are not allowed',
      phoneInvalid: 'Please enter a valid 10-digit mobile number',
      checkoutRequired: 'Please select your check-out date',
      checkoutPast: 'Check-out date cannot be earlier than today',
      checkoutTooFar: 'Check-out date must be within a year',
      consentRequired: 'Please tick the consent box to agree to the privacy notice',
      selectAtLeastOne: 'Please select at least one voucher',
      selectAtMostThree: 'You can select maximum 3 vouchers',
      alreadyCollected: 'You have already collected vouchers for this stay',
      offersUnavailable: 'One or more selected vouchers are no longer available. Please choose again.',
    },
    details: {
      title: 'Enter Your Details',
      intro: 'Get up to 3 free vouchers from the best local places.',
      name: 'Name',
      phone: 'Phone Number',
      phonePlaceholder: '10-digit mobile number',
      checkout: 'Check Out Date',
      consent:
        'I agree to share my name and mobile number with StayPerks and the merchants I pick, to receive and use my vouchers.',
      privacyLink: 'Privacy notice',
      /** The reminders box (docs/PRODUCT.md "Reminders"): unticked, separate; without it nothing is sent later. */
      reminders: 'Remind me about my vouchers and ask me for a review',
      marketing: 'Send me offers from StayPerks partners later (optional)',
      checking: 'Checking...',
      continue: 'Continue',
      topCategories: 'Top Categories',
    },
    categories: {
      title: 'Choose a Category',
      intro: 'Pick what you would like to enjoy during your stay.',
      loading: 'Loading offers...',
      none: 'No offers are available right now. Please check again later.',
      offerCount: (n: number) => `${n} ${n === 1 ? 'offer' : 'offers'}`,
    },
    offers: {
      back: 'Back to Categories',
      intro: 'Tap Select on up to 3 vouchers in all.',
      validUntil: (date: string) => `Valid until ${date}`,
      viewDetails: 'View Details',
      select: 'Select',
      selected: '✓ Selected',
      /** A percentage ("20% OFF") and a rupee amount ("₹150 OFF"), formatted for the language. */
      percentOff: (value: string) => `${value}% OFF`,
      rupeesOff: (value: string) => `₹${value} OFF`,
    },
    offerDetails: {
      title: 'Offer details',
      merchant: 'Merchant',
      timings: 'Timings',
      notAvailable: 'N/A',
      valid: 'Valid',
      until: (date: string) => `Until ${date}`,
      description: 'Description',
      terms: 'Terms & Conditions',
      loading: 'Loading details...',
      offline: 'You are offline. Connect to the internet to see the full details.',
      failed: 'Failed to load offers',
    },
    /**
     * An offer's rules (docs/PRODUCT.md "Offer rules"), in the words of src/shared/offer-rules.ts describeOfferRules
     * (tests/unit/guest-i18n.test.ts checks they match), and when it can be used during the stay.
     */
    rules: rulesTe,
    selection: {
      label: 'Selected vouchers',
      /** "<strong>2</strong> of 3 vouchers selected": the number is drawn in bold before this text. */
      countAfter: (max: number) => ` of ${max} vouchers selected`,
      selectMore: 'Select More',
      confirm: (n: number) => `Confirm ${n} Voucher(s)`,
      busy: 'Getting your vouchers...',
    },
    rating: {
      title: (hotel: string) => `Enjoying your stay at ${hotel}?`,
      theHotel: 'the hotel',
      intro: 'Your vouchers are ready. If you have a moment, tell others about your stay.',
      rate: 'Rate us on Google',
      disclaimer:
        'Your vouchers are yours whether or not you leave a review. They are not a reward for reviews, and any review, good or bad, is welcome.',
      /** "Showing your vouchers in <strong>12</strong> seconds...": the number is drawn in bold between the two. */
      countdownBefore: 'Showing your vouchers in ',
      countdownAfter: (n: number) => ` second${n === 1 ? '' : 's'}...`,
    },
    vouchers: {
      congratulations: (firstName: string) => `Congratulations${firstName ? `, ${firstName}` : ''}!`,
      saved: 'Your vouchers are saved on this phone. Show the code at the counter to redeem.',
      offline: ' You are offline: your saved vouchers are shown.',
      /** "Need help? Call our support line <phone>." (or "at the front desk" without a phone). */
      supportBefore: 'Need help? Call our support line ',
      supportFrontDesk: 'at the front desk',
      supportAfter: '.',
      iosNote:
        'On iPhone, Safari may clear saved vouchers after 7 days without a visit. Add this page to your Home Screen (Share, then Add to Home Screen) or download your vouchers.',
      moreTitle: 'Want More Vouchers?',
      moreText: 'Stay at a StayPerks partner hotel and unlock local deals wherever you travel.',
      discover: 'Discover StayPerks',
      /** The link to My data (docs/PRIVACY.md "My data"). */
      myData: 'My data: see, download or erase what we keep',
    },
    voucher: {
      label: (code: string) => `Voucher ${code}`,
      code: 'Coupon code',
      qrAlt: (code: string) => `QR code of ${code}`,
      validUntil: (date: string) => `Valid until ${date}`,
      download: 'Download Voucher',
      saving: 'Saving...',
      downloaded: 'Voucher downloaded!',
      saveFailed: 'Could not save the voucher. Take a screenshot instead.',
      pdf: 'PDF',
      share: 'Share',
      shareWhatsApp: 'Share on WhatsApp',
      shareFailed: 'Could not share the voucher. Download it instead.',
      /** The shared text: merchant, offer, code, valid until, and the guest's own page (the vouchers open again there). */
      shareTitle: 'My StayPerks voucher',
      shareCode: (code: string) => `Code: ${code}`,
      shareOpen: 'My vouchers:',
      /** Google's own words for its badge (docs/PRODUCT.md "Google Wallet"). */
      wallet: 'Add to Google Wallet',
      walletFailed: 'Could not open Google Wallet. Please try again.',
      forTheShop: 'For the shop',
    },
    /** Where the shop is, on a voucher and in View Details (docs/PRODUCT.md "Screens", the guest flow). */
    place: {
      map: 'Open in Google Maps',
      call: (phone: string) => `Call ${phone}`,
      hours: (from: string, to: string) => `Open ${from} – ${to}`,
    },
    privacy: {
      title: 'Privacy notice',
      back: 'Back',
      updated: (version: string) => `Version ${version}`,
      intro:
        'StayPerks gives hotel guests free vouchers from local shops and restaurants. This notice says what we keep about you and why.',
      whatTitle: 'What we collect',
      what: 'Your name, your mobile number, your check-out date, the hotel you stay at, the vouchers you pick, the language of the page, and which optional boxes you tick (reminders, offers later).',
      whyTitle: 'Why',
      why: 'To give you your vouchers, to let a merchant check your voucher at the counter, to stop the same stay collecting twice, and to count how the programme is used.',
      howLongTitle: 'For how long',
      howLong: (days: number) =>
        `Your name and mobile number are erased ${days} days after your check-out date. Counts that name nobody (how many vouchers were given and used) are kept.`,
      whoTitle: 'Who sees it',
      who: 'StayPerks staff. The merchants you pick see your name and part of your mobile number (the first 2 and last 3 digits) when you use a voucher; your hotel sees the same for its guests. We do not sell your data.',
      deleteTitle: 'Erasing your data',
      delete:
        'You can ask us to erase your name and mobile number at any time. Vouchers you have not used yet are then cancelled.',
      contactTitle: 'Contact',
      contactPhone: 'Call or message:',
      contactEmail: 'Email:',
      contactNone: 'Ask the front desk of your hotel to contact StayPerks.',
      myData: 'Or do it yourself: My data',
    },
  },
  trust: {
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
      intro:
        'Opened the page on another phone? Prove the number is yours with a code, and your vouchers show here too.',
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
  },
  privacy: {
    remindersTitle: 'Reminders and a review request',
    reminders:
      'Only if you tick "Remind me about my vouchers and ask me for a review": on your check-out morning we remind you of the vouchers you have not used; 48 hours before a voucher expires, if it is unused and that day is within 3 days after your check-out, we remind you of it; and the day after check-out we send you your hotel\'s Google review link, once, whether or not you used a voucher. Nothing is sent between 21:00 and 09:00. Every message has a link that stops them in one tap.',
    processorsTitle: 'Who delivers the messages',
    processors:
      "To send them we use Meta (WhatsApp) and the SMS gateway Gupshup, which get your mobile number and the message; your browser's push service (for example Google's or Apple's) for notifications, only if you allow them on this phone, which gets the message but not your number; and Google, for the hotel's review page and, if you add a voucher to Google Wallet, its pass. We keep a record of each message; your number is erased from it the day after it is sent.",
  },
  push: {
    ask: 'Remind me on this phone',
    asking: 'Turning on…',
    done: 'Reminders will come to this phone',
    blocked: 'Notifications are blocked for this page: reminders will come by message.',
    failed: 'Reminders could not be turned on here: they will come by message.',
  },
};
