import { rulesBn } from '../../../../shared/rule-texts/bn';
import type { Catalogue } from './catalogue';

/** Bengali: every guest text, with English's keys (catalogue.ts); loaded only when a guest picks Bengali. */
export const catalogue: Catalogue = {
  messages: {
    language: {
      /** What the header switch does, read after the other language's name (LANGUAGE_NAMES, i18n.tsx). */
      label: 'ভাষা (Language)',
    },
    header: {
      welcome: 'স্বাগতম',
      yourHotel: 'আপনার হোটেল',
    },
    status: {
      hotelNotFound: 'এই হোটেলটি পাওয়া যায়নি। দয়া করে আপনার ঘরের QR কোডটি আবার স্ক্যান করুন।',
      hotelInactive: 'এই হোটেল এখন কোনো ভাউচার দিচ্ছে না। দয়া করে ফ্রন্ট ডেস্কে জিজ্ঞেস করুন।',
      hotelLoadFailed: 'হোটেলের তথ্য লোড করা যায়নি',
      offlineNoHotel: 'আপনি অফলাইনে আছেন। অফার দেখতে ইন্টারনেটে কানেক্ট করুন।',
      offlineBanner: 'আপনি অফলাইনে আছেন। আগে দেখা অফারগুলো দেখতে পারবেন; ভাউচার নিতে ইন্টারনেট লাগবে।',
      offlineSubmit: 'আপনি অফলাইনে আছেন। ভাউচার পেতে ইন্টারনেটে কানেক্ট করুন। আপনি যা লিখেছেন, সব রাখা আছে।',
      verifyFailed: 'মোবাইল নম্বর যাচাই করা যায়নি',
      submitFailed: 'পাঠানো যায়নি',
    },
    /** The shared schemas' and the server's messages the guest may see, by case (docs/PRODUCT.md "Forms and messages"). */
    messages: {
      nameRequired: 'দয়া করে আপনার নাম লিখুন',
      nameTooLong: 'নাম 100 অক্ষরের বেশি হতে পারবে না',
      nameCharacters: 'নামে এমন কিছু চিহ্ন আছে, যা ব্যবহার করা যাবে না',
      phoneInvalid: 'দয়া করে 10 সংখ্যার সঠিক মোবাইল নম্বর লিখুন',
      checkoutRequired: 'দয়া করে চেক-আউটের তারিখ বেছে নিন',
      checkoutPast: 'চেক-আউটের তারিখ আজকের আগে হতে পারে না',
      checkoutTooFar: 'চেক-আউটের তারিখ এক বছরের মধ্যে হতে হবে',
      consentRequired: 'গোপনীয়তা বিজ্ঞপ্তিতে সম্মতি জানাতে দয়া করে সম্মতির বক্সে টিক দিন',
      selectAtLeastOne: 'দয়া করে অন্তত একটি ভাউচার বেছে নিন',
      selectAtMostThree: 'আপনি সর্বোচ্চ 3টি ভাউচার বেছে নিতে পারেন',
      alreadyCollected: 'এবারের থাকার জন্য আপনি আগেই ভাউচার নিয়ে নিয়েছেন',
      offersUnavailable: 'বেছে নেওয়া এক বা একাধিক ভাউচার আর পাওয়া যাচ্ছে না। দয়া করে আবার বেছে নিন।',
    },
    details: {
      title: 'আপনার তথ্য দিন',
      intro: 'আশেপাশের সেরা জায়গাগুলো থেকে 3টি পর্যন্ত ফ্রি ভাউচার পান।',
      name: 'নাম',
      phone: 'ফোন নম্বর',
      phonePlaceholder: '10 সংখ্যার মোবাইল নম্বর',
      checkout: 'চেক-আউটের তারিখ',
      consent:
        'আমার ভাউচার পেতে ও ব্যবহার করতে আমি আমার নাম ও মোবাইল নম্বর StayPerks এবং আমার বেছে নেওয়া প্রতিষ্ঠানগুলোর সঙ্গে শেয়ার করতে সম্মত।',
      privacyLink: 'গোপনীয়তা বিজ্ঞপ্তি',
      /** The reminders box (docs/PRODUCT.md "Reminders"): unticked, separate; without it nothing is sent later. */
      reminders: 'আমার ভাউচারের কথা মনে করিয়ে দিন এবং আমার কাছে রিভিউ চান',
      marketing: 'পরে StayPerks-এর সহযোগীদের অফার আমাকে পাঠান (ঐচ্ছিক)',
      checking: 'যাচাই করা হচ্ছে...',
      continue: 'এগিয়ে যান',
      topCategories: 'প্রধান বিভাগ',
    },
    categories: {
      title: 'একটি বিভাগ বেছে নিন',
      intro: 'হোটেলে থাকার সময় কী উপভোগ করতে চান, বেছে নিন।',
      loading: 'অফার লোড হচ্ছে...',
      none: 'এখন কোনো অফার নেই। দয়া করে পরে আবার দেখুন।',
      offerCount: (n: number) => `${n}টি অফার`,
    },
    offers: {
      back: 'বিভাগে ফিরে যান',
      intro: 'মোট 3টি পর্যন্ত ভাউচারে “বেছে নিন” চাপুন।',
      validUntil: (date: string) => `${date} পর্যন্ত বৈধ`,
      viewDetails: 'বিস্তারিত দেখুন',
      select: 'বেছে নিন',
      selected: '✓ বেছে নিয়েছেন',
      /** A percentage ("20% OFF") and a rupee amount ("₹150 OFF"), formatted for the language. */
      percentOff: (value: string) => `${value}% ছাড়`,
      rupeesOff: (value: string) => `₹${value} ছাড়`,
    },
    offerDetails: {
      title: 'অফারের বিস্তারিত',
      merchant: 'প্রতিষ্ঠান',
      timings: 'সময়',
      notAvailable: 'তথ্য নেই',
      valid: 'মেয়াদ',
      until: (date: string) => `${date} পর্যন্ত`,
      description: 'বিবরণ',
      terms: 'নিয়ম ও শর্তাবলি',
      loading: 'বিস্তারিত লোড হচ্ছে...',
      offline: 'আপনি অফলাইনে আছেন। সব বিস্তারিত দেখতে ইন্টারনেটে কানেক্ট করুন।',
      failed: 'অফার লোড করা যায়নি',
    },
    /**
     * An offer's rules (docs/PRODUCT.md "Offer rules"), in the words of src/shared/offer-rules.ts describeOfferRules
     * (tests/unit/guest-i18n.test.ts checks they match), and when it can be used during the stay.
     */
    rules: rulesBn,
    selection: {
      label: 'বেছে নেওয়া ভাউচার',
      /** "<strong>2</strong> of 3 vouchers selected": the number is drawn in bold before this text. */
      countAfter: (max: number) => ` / ${max}টি ভাউচার বেছে নিয়েছেন`,
      selectMore: 'আরও বেছে নিন',
      confirm: (n: number) => `${n}টি ভাউচার নিশ্চিত করুন`,
      busy: 'আপনার ভাউচার আসছে...',
    },
    rating: {
      title: (hotel: string) => `${hotel}-এ থাকা উপভোগ করছেন তো?`,
      theHotel: 'হোটেল',
      intro: 'আপনার ভাউচার তৈরি হয়ে গেছে। একটু সময় থাকলে, এখানে থাকা কেমন লাগল তা অন্যদের জানান।',
      rate: 'Google-এ আমাদের রেটিং দিন',
      disclaimer:
        'রিভিউ দিন বা না দিন, ভাউচারগুলো আপনারই। এগুলো রিভিউয়ের পুরস্কার নয়, আর ভালো হোক বা খারাপ, যেকোনো রিভিউকেই আমরা স্বাগত জানাই।',
      /** "Showing your vouchers in <strong>12</strong> seconds...": the number is drawn in bold between the two. */
      countdownBefore: 'আপনার ভাউচার ',
      countdownAfter: () => ' সেকেন্ডের মধ্যে দেখানো হবে...',
    },
    vouchers: {
      congratulations: (firstName: string) => `অভিনন্দন${firstName ? `, ${firstName}` : ''}!`,
      saved: 'আপনার ভাউচার এই ফোনে সেভ করা আছে। ব্যবহার করতে কাউন্টারে কোডটি দেখান।',
      offline: ' আপনি অফলাইনে আছেন: সেভ করা ভাউচারগুলো দেখানো হচ্ছে।',
      /** "Need help? Call our support line <phone>." (or "at the front desk" without a phone). */
      supportBefore: 'সাহায্য লাগবে? ফোন করুন ',
      supportFrontDesk: 'ফ্রন্ট ডেস্কে',
      supportAfter: '।',
      iosNote:
        'iPhone-এ 7 দিন এই পেজে না এলে Safari সেভ করা ভাউচার মুছে দিতে পারে। এই পেজটি হোম স্ক্রিনে যোগ করুন (শেয়ার, তারপর "Add to Home Screen") অথবা আপনার ভাউচার ডাউনলোড করে রাখুন।',
      moreTitle: 'আরও ভাউচার চান?',
      moreText: 'StayPerks-এর সহযোগী হোটেলে থাকুন, আর যেখানেই যান সেখানকার স্থানীয় অফার পান।',
      discover: 'StayPerks সম্পর্কে জানুন',
      /** The link to My data (docs/PRIVACY.md "My data"). */
      myData: 'আমার ডেটা: আমরা যা রাখি তা দেখুন, ডাউনলোড করুন বা মুছে দিন',
    },
    voucher: {
      label: (code: string) => `ভাউচার ${code}`,
      code: 'কুপন কোড',
      qrAlt: (code: string) => `${code}-এর QR কোড`,
      validUntil: (date: string) => `${date} পর্যন্ত বৈধ`,
      download: 'ভাউচার ডাউনলোড করুন',
      saving: 'সেভ করা হচ্ছে...',
      downloaded: 'ভাউচার ডাউনলোড হয়েছে!',
      saveFailed: 'ভাউচারটি সেভ করা যায়নি। তার বদলে একটা স্ক্রিনশট নিন।',
      pdf: 'PDF',
      share: 'শেয়ার করুন',
      shareWhatsApp: 'WhatsApp-এ শেয়ার করুন',
      shareFailed: 'ভাউচারটি শেয়ার করা যায়নি। তার বদলে ডাউনলোড করে নিন।',
      /** The shared text: merchant, offer, code, valid until, and the guest's own page (the vouchers open again there). */
      shareTitle: 'আমার StayPerks ভাউচার',
      shareCode: (code: string) => `কোড: ${code}`,
      shareOpen: 'আমার ভাউচার:',
      /** Google's own words for its badge (docs/PRODUCT.md "Google Wallet"). */
      wallet: 'Google Wallet-এ যোগ করুন',
      walletFailed: 'Google Wallet খোলা যায়নি। দয়া করে আবার চেষ্টা করুন।',
      forTheShop: 'দোকানের জন্য',
    },
    /** Where the shop is, on a voucher and in View Details (docs/PRODUCT.md "Screens", the guest flow). */
    place: {
      map: 'Google Maps-এ খুলুন',
      call: (phone: string) => `${phone} নম্বরে ফোন করুন`,
      hours: (from: string, to: string) => `খোলা: ${from} – ${to}`,
    },
    privacy: {
      title: 'গোপনীয়তা বিজ্ঞপ্তি',
      back: 'ফিরে যান',
      updated: (version: string) => `সংস্করণ ${version}`,
      intro:
        'StayPerks হোটেলের অতিথিদের আশেপাশের দোকান ও রেস্তোরাঁর বিনামূল্যে ভাউচার দেয়। এই বিজ্ঞপ্তিতে বলা আছে, আমরা আপনার সম্পর্কে কী রাখি এবং কেন।',
      whatTitle: 'আমরা কী সংগ্রহ করি',
      what: 'আপনার নাম, আপনার মোবাইল নম্বর, আপনার চেক-আউটের তারিখ, আপনি যে হোটেলে আছেন, আপনার বেছে নেওয়া ভাউচার, পেজের ভাষা, এবং কোন কোন ঐচ্ছিক বক্সে আপনি টিক দিয়েছেন (রিমাইন্ডার, পরে অফার)।',
      whyTitle: 'কেন',
      why: 'আপনাকে ভাউচার দিতে, কাউন্টারে প্রতিষ্ঠান যাতে আপনার ভাউচার যাচাই করতে পারে, একবার থাকায় দুবার ভাউচার নেওয়া আটকাতে, এবং প্রোগ্রামটি কীভাবে ব্যবহার হচ্ছে তা গুনে দেখতে।',
      howLongTitle: 'কত দিনের জন্য',
      howLong: (days: number) =>
        `চেক-আউটের তারিখের ${days} দিন পরে আপনার নাম ও মোবাইল নম্বর মুছে ফেলা হয়। কারও নাম নেই এমন সংখ্যার হিসেব (কতগুলো ভাউচার দেওয়া ও ব্যবহার করা হয়েছে) রেখে দেওয়া হয়।`,
      whoTitle: 'কারা দেখতে পান',
      who: 'StayPerks-এর কর্মীরা। আপনি ভাউচার ব্যবহার করলে আপনার বেছে নেওয়া প্রতিষ্ঠানগুলো আপনার নাম ও মোবাইল নম্বরের কিছু অংশ (প্রথম 2টি ও শেষ 3টি সংখ্যা) দেখতে পায়; আপনার হোটেলও তার অতিথিদের ক্ষেত্রে ততটুকুই দেখতে পায়। আমরা আপনার ডেটা বিক্রি করি না।',
      deleteTitle: 'আপনার ডেটা মুছে ফেলা',
      delete:
        'আপনি যেকোনো সময় আমাদের আপনার নাম ও মোবাইল নম্বর মুছে ফেলতে বলতে পারেন। তখন আপনার যে ভাউচারগুলো এখনও ব্যবহার হয়নি, সেগুলো বাতিল হয়ে যায়।',
      contactTitle: 'যোগাযোগ',
      contactPhone: 'ফোন বা মেসেজ করুন:',
      contactEmail: 'ইমেল:',
      contactNone: 'StayPerks-এর সঙ্গে যোগাযোগ করতে আপনার হোটেলের ফ্রন্ট ডেস্ককে বলুন।',
      myData: 'অথবা নিজেই করুন: আমার ডেটা',
    },
  },
  trust: {
    verify: {
      title: 'আপনার মোবাইল নম্বর যাচাই করুন',
      intro: (mobile: string) => `আমরা ${mobile} নম্বরে একটি 6 সংখ্যার কোড পাঠাব।`,
      send: 'কোড পাঠান',
      sending: 'পাঠানো হচ্ছে...',
      sent: (mobile: string, channel: string) =>
        `আমরা ${mobile} নম্বরে ${channel === 'whatsapp' ? 'WhatsApp-এ ' : channel === 'sms' ? 'SMS-এ ' : ''}একটি কোড পাঠিয়েছি।`,
      code: '6 সংখ্যার কোড',
      verify: 'যাচাই করুন',
      verifying: 'যাচাই করা হচ্ছে...',
      resendIn: (seconds: number) => `${seconds} সেকেন্ড পরে নতুন কোড পাঠান`,
      resend: 'নতুন কোড পাঠান',
      changeNumber: 'নম্বর বদলান',
    },
    /** The server's refusals (src/shared/schemas/verification.ts and my-data.ts), by case. */
    refusals: {
      wait: (seconds: number) => `নতুন কোড চাওয়ার আগে দয়া করে ${seconds} সেকেন্ড অপেক্ষা করুন`,
      tooManyToday: 'আজ এই নম্বরে অনেক বেশি কোড চাওয়া হয়েছে',
      unavailable: 'এখন কোড পাঠানো যাচ্ছে না, দয়া করে রিসেপশনে জিজ্ঞেস করুন',
      wrong: (left: number) => `কোডটি সঠিক নয়: আর ${left} বার চেষ্টা করা যাবে`,
      expired: 'এই কোডের মেয়াদ শেষ হয়ে গেছে, নতুন কোড চেয়ে নিন',
      tooManyWrong: 'অনেকবার ভুল কোড দেওয়া হয়েছে, নতুন কোড চেয়ে নিন',
      verifyFirst: 'দয়া করে আগে আপনার মোবাইল নম্বর যাচাই করুন',
      invalid: 'আপনার যাচাইয়ের মেয়াদ শেষ হয়ে গেছে, দয়া করে আবার মোবাইল নম্বর যাচাই করুন',
      codeInvalid: 'দয়া করে 6 সংখ্যার কোডটি লিখুন',
      noStay: 'এই হোটেলে এই নম্বরে কোনো ভাউচার পাওয়া যায়নি',
      failed: 'কিছু একটা ভুল হয়েছে, দয়া করে আবার চেষ্টা করুন',
    },
    recover: {
      title: 'এবারের থাকার জন্য আপনি আগেই ভাউচার নিয়ে নিয়েছেন',
      intro: 'অন্য ফোনে পেজটি খুলেছেন? কোড দিয়ে প্রমাণ করুন যে নম্বরটি আপনার, তাহলে আপনার ভাউচার এখানেও দেখা যাবে।',
      show: 'আমার ভাউচার দেখান',
      back: 'ফিরে যান',
      /** Without a provider: whom to ask instead. */
      askBefore: 'হোটেলের রিসেপশন আপনাকে সাহায্য করতে পারে',
      /** ", or call our support line <phone>": the number is drawn as a link between the two. */
      askPhoneBefore: ', অথবা আমাদের সহায়তা লাইন ',
      askPhoneAfter: ' নম্বরে ফোন করুন',
      askAfter: '।',
    },
    myData: {
      title: 'আমার ডেটা',
      intro:
        'দেখুন আপনার মোবাইল নম্বর নিয়ে StayPerks কী কী রাখে, সেটি ডাউনলোড করুন, আপনার নাম ঠিক করুন, অফার বা রিমাইন্ডারের সম্মতি ফিরিয়ে নিন, অথবা সব মুছে দিন।',
      phone: 'মোবাইল নম্বর',
      next: 'এগিয়ে যান',
      none: 'এই নম্বর সম্পর্কে আমরা কিছুই রাখি না।',
      stays: 'আপনি যেসব হোটেলে থেকেছেন',
      stay: (hotel: string) => hotel,
      dates: (scanned: string, checkout: string) => `স্ক্যান ${scanned} · চেক-আউট ${checkout}`,
      name: (name: string) => `নাম: ${name}`,
      offersYes: 'পরে অফার: হ্যাঁ',
      vouchers: 'ভাউচার',
      states: { unused: 'ব্যবহার হয়নি', redeemed: 'ব্যবহার হয়েছে', cancelled: 'বাতিল', expired: 'মেয়াদ শেষ' },
      download: 'আমার ডেটা ডাউনলোড করুন (JSON)',
      correctTitle: 'আমার নাম ঠিক করুন',
      newName: 'নাম',
      save: 'নাম সেভ করুন',
      saved: 'আপনার নাম ঠিক করা হয়েছে।',
      withdraw: 'পরে অফার পাঠানো বন্ধ করুন',
      withdrawn: 'আপনাকে পরে আর অফার পাঠানো হবে না।',
      remindersYes: 'রিমাইন্ডার ও রিভিউয়ের অনুরোধ: হ্যাঁ',
      remindersStopped: 'রিমাইন্ডার ও রিভিউয়ের অনুরোধ: বন্ধ',
      stopReminders: 'রিমাইন্ডার বন্ধ করুন',
      remindersStoppedNotice: 'আপনি আর কোনো রিমাইন্ডার বা রিভিউয়ের অনুরোধ পাবেন না।',
      eraseTitle: 'আমার ডেটা মুছে দিন',
      eraseText:
        'প্রতিটি থাকার তথ্য থেকে আপনার নাম ও নম্বর মুছে ফেলা হয়, এবং যে ভাউচারগুলো ব্যবহার করেননি সেগুলো বাতিল হয়ে যায়। এটি আর ফেরানো যায় না।',
      erase: 'আমার ডেটা মুছে দিন',
      eraseConfirm: 'হ্যাঁ, সব মুছে দিন',
      cancel: 'বাতিল করুন',
      erased: 'আপনার ডেটা মুছে ফেলা হয়েছে।',
      again: 'অন্য নম্বর দেখুন',
      /** Without a provider (503): the support line of GET /api/config. */
      askSupport: (phone: string) => `সাহায্যের জন্য আমাদের সহায়তা লাইন ${phone} নম্বরে ফোন করুন।`,
    },
  },
  privacy: {
    remindersTitle: 'রিমাইন্ডার ও রিভিউয়ের অনুরোধ',
    reminders:
      'কেবল তখনই, যদি আপনি "আমার ভাউচারের কথা মনে করিয়ে দিন এবং আমার কাছে রিভিউ চান" বক্সে টিক দেন: চেক-আউটের দিন সকালে আমরা আপনার যে ভাউচারগুলো ব্যবহার হয়নি সেগুলোর কথা মনে করিয়ে দিই; কোনো ভাউচারের মেয়াদ শেষ হওয়ার 48 ঘণ্টা আগে, যদি সেটি ব্যবহার না হয়ে থাকে এবং সেই দিনটি আপনার চেক-আউটের পরে 3 দিনের মধ্যে পড়ে, তাহলে আমরা সেটির কথা মনে করিয়ে দিই; এবং চেক-আউটের পরের দিন আমরা আপনাকে আপনার হোটেলের Google রিভিউ লিংক একবার পাঠাই, আপনি কোনো ভাউচার ব্যবহার করুন বা না করুন। 21:00 থেকে 09:00-এর মধ্যে কিছুই পাঠানো হয় না। প্রতিটি মেসেজে একটি লিংক থাকে, যাতে এক ট্যাপেই মেসেজ বন্ধ করা যায়।',
    processorsTitle: 'কারা মেসেজ পৌঁছে দেয়',
    processors:
      'মেসেজ পাঠাতে আমরা Meta (WhatsApp) এবং SMS গেটওয়ে Gupshup ব্যবহার করি, যারা আপনার মোবাইল নম্বর ও মেসেজটি পায়; কেবল আপনি এই ফোনে নোটিফিকেশনের অনুমতি দিলে, নোটিফিকেশনের জন্য আপনার ব্রাউজারের পুশ সার্ভিস (যেমন Google বা Apple-এর), যা মেসেজটি পায় কিন্তু আপনার নম্বর পায় না; এবং Google, হোটেলের রিভিউ পেজের জন্য এবং, আপনি কোনো ভাউচার Google Wallet-এ যোগ করলে, সেই ভাউচারের পাসের জন্য। আমরা প্রতিটি মেসেজের রেকর্ড রাখি; পাঠানোর পরের দিন সেখান থেকে আপনার নম্বর মুছে ফেলা হয়।',
  },
  push: {
    ask: 'এই ফোনেই মনে করিয়ে দিন',
    asking: 'চালু হচ্ছে…',
    done: 'রিমাইন্ডার এই ফোনেই আসবে',
    blocked: 'এই পেজের নোটিফিকেশন বন্ধ করা আছে: রিমাইন্ডার মেসেজে আসবে।',
    failed: 'এখানে রিমাইন্ডার চালু করা গেল না: সেগুলো মেসেজে আসবে।',
  },
};
