import { rulesKn } from '../../../../shared/rule-texts/kn';
import type { Catalogue } from './catalogue';

/**
 * Kannada: every guest text, with English's keys (catalogue.ts); loaded only when a guest picks Kannada. English
 * loanwords take their case endings after a zero-width non-joiner (ವೋಚರ್‌ಗಳು, not a conjunct), as Kannada print does;
 * a Latin name or a placeholder that is not a number takes them after a space ("Google ನಲ್ಲಿ"), as Google's Kannada does.
 */
export const catalogue: Catalogue = {
  messages: {
    language: {
      /** What the header switch does, read after the other language's name (LANGUAGE_NAMES, i18n.tsx). */
      label: 'ಭಾಷೆ (Language)',
    },
    header: {
      welcome: 'ಸುಸ್ವಾಗತ',
      yourHotel: 'ನಿಮ್ಮ ಹೋಟೆಲ್',
    },
    status: {
      hotelNotFound: 'ಈ ಹೋಟೆಲ್ ಸಿಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಕೊಠಡಿಯಲ್ಲಿರುವ QR ಕೋಡ್ ಅನ್ನು ಮತ್ತೆ ಸ್ಕ್ಯಾನ್ ಮಾಡಿ.',
      hotelInactive: 'ಈ ಹೋಟೆಲ್ ಸದ್ಯಕ್ಕೆ ವೋಚರ್‌ಗಳನ್ನು ನೀಡುತ್ತಿಲ್ಲ. ದಯವಿಟ್ಟು ಫ್ರಂಟ್ ಡೆಸ್ಕ್‌ನಲ್ಲಿ ಕೇಳಿ.',
      hotelLoadFailed: 'ಹೋಟೆಲ್ ಮಾಹಿತಿ ಲೋಡ್ ಆಗಲಿಲ್ಲ',
      offlineNoHotel: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ. ಆಫರ್‌ಗಳನ್ನು ನೋಡಲು ಇಂಟರ್ನೆಟ್‌ಗೆ ಸಂಪರ್ಕಿಸಿ.',
      offlineBanner: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ. ನೀವು ಈಗಾಗಲೇ ನೋಡಿದ ಆಫರ್‌ಗಳನ್ನು ಮತ್ತೆ ನೋಡಬಹುದು; ವೋಚರ್ ಪಡೆಯಲು ಇಂಟರ್ನೆಟ್ ಸಂಪರ್ಕ ಬೇಕು.',
      offlineSubmit: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ. ನಿಮ್ಮ ವೋಚರ್‌ಗಳನ್ನು ಪಡೆಯಲು ಇಂಟರ್ನೆಟ್‌ಗೆ ಸಂಪರ್ಕಿಸಿ. ನೀವು ನಮೂದಿಸಿದ ಎಲ್ಲವೂ ಹಾಗೆಯೇ ಉಳಿದಿದೆ.',
      verifyFailed: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ಪರಿಶೀಲಿಸಲು ಆಗಲಿಲ್ಲ',
      submitFailed: 'ಸಲ್ಲಿಸಲು ಆಗಲಿಲ್ಲ',
    },
    /** The shared schemas' and the server's messages the guest may see, by case (docs/PRODUCT.md "Forms and messages"). */
    messages: {
      nameRequired: 'ದಯವಿಟ್ಟು ನಿಮ್ಮ ಹೆಸರನ್ನು ನಮೂದಿಸಿ',
      nameTooLong: 'ಹೆಸರು ಗರಿಷ್ಠ 100 ಅಕ್ಷರಗಳಲ್ಲಿರಬೇಕು',
      nameCharacters: 'ಹೆಸರಿನಲ್ಲಿ ಅನುಮತಿ ಇಲ್ಲದ ಅಕ್ಷರಗಳಿವೆ',
      phoneInvalid: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ 10 ಅಂಕಿಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ನಮೂದಿಸಿ',
      checkoutRequired: 'ದಯವಿಟ್ಟು ನಿಮ್ಮ ಚೆಕ್-ಔಟ್ ದಿನಾಂಕವನ್ನು ಆಯ್ಕೆಮಾಡಿ',
      checkoutPast: 'ಚೆಕ್-ಔಟ್ ದಿನಾಂಕ ಇಂದಿಗಿಂತ ಹಿಂದಿನದಾಗಿರಬಾರದು',
      checkoutTooFar: 'ಚೆಕ್-ಔಟ್ ದಿನಾಂಕ ಒಂದು ವರ್ಷದೊಳಗಿರಬೇಕು',
      consentRequired: 'ಗೌಪ್ಯತಾ ಸೂಚನೆಗೆ ಒಪ್ಪಿಗೆ ನೀಡಲು ದಯವಿಟ್ಟು ಸಮ್ಮತಿ ಬಾಕ್ಸ್ ಅನ್ನು ಟಿಕ್ ಮಾಡಿ',
      selectAtLeastOne: 'ದಯವಿಟ್ಟು ಕನಿಷ್ಠ ಒಂದು ವೋಚರ್ ಆಯ್ಕೆಮಾಡಿ',
      selectAtMostThree: 'ನೀವು ಗರಿಷ್ಠ 3 ವೋಚರ್‌ಗಳನ್ನು ಆಯ್ಕೆಮಾಡಬಹುದು',
      alreadyCollected: 'ಈ ವಾಸ್ತವ್ಯಕ್ಕೆ ನೀವು ಈಗಾಗಲೇ ವೋಚರ್‌ಗಳನ್ನು ಪಡೆದಿದ್ದೀರಿ',
      offersUnavailable: 'ನೀವು ಆಯ್ಕೆಮಾಡಿದ ಒಂದು ಅಥವಾ ಹೆಚ್ಚು ವೋಚರ್‌ಗಳು ಈಗ ಲಭ್ಯವಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೆ ಆಯ್ಕೆಮಾಡಿ.',
    },
    details: {
      title: 'ನಿಮ್ಮ ವಿವರಗಳನ್ನು ನಮೂದಿಸಿ',
      intro: 'ಸುತ್ತಮುತ್ತಲಿನ ಅತ್ಯುತ್ತಮ ಸ್ಥಳಗಳಿಂದ 3ರವರೆಗೆ ಉಚಿತ ವೋಚರ್‌ಗಳನ್ನು ಪಡೆಯಿರಿ.',
      name: 'ಹೆಸರು',
      phone: 'ಫೋನ್ ಸಂಖ್ಯೆ',
      phonePlaceholder: '10 ಅಂಕಿಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ',
      checkout: 'ಚೆಕ್-ಔಟ್ ದಿನಾಂಕ',
      consent:
        'ನನ್ನ ವೋಚರ್‌ಗಳನ್ನು ಪಡೆಯಲು ಮತ್ತು ಬಳಸಲು, ನನ್ನ ಹೆಸರು ಮತ್ತು ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು StayPerks ಮತ್ತು ನಾನು ಆಯ್ಕೆಮಾಡುವ ವ್ಯಾಪಾರಿಗಳೊಂದಿಗೆ ಹಂಚಿಕೊಳ್ಳಲು ನಾನು ಒಪ್ಪುತ್ತೇನೆ.',
      privacyLink: 'ಗೌಪ್ಯತಾ ಸೂಚನೆ',
      /** The reminders box (docs/PRODUCT.md "Reminders"): unticked, separate; without it nothing is sent later. */
      reminders: 'ನನ್ನ ವೋಚರ್‌ಗಳ ಬಗ್ಗೆ ನನಗೆ ನೆನಪಿಸಿ ಮತ್ತು ರಿವ್ಯೂ ನೀಡಲು ಕೇಳಿ',
      marketing: 'ನಂತರ StayPerks ಪಾಲುದಾರರ ಆಫರ್‌ಗಳನ್ನು ನನಗೆ ಕಳುಹಿಸಿ (ಐಚ್ಛಿಕ)',
      checking: 'ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ...',
      continue: 'ಮುಂದುವರಿಸಿ',
      topCategories: 'ಪ್ರಮುಖ ವರ್ಗಗಳು',
    },
    categories: {
      title: 'ವರ್ಗವನ್ನು ಆಯ್ಕೆಮಾಡಿ',
      intro: 'ನಿಮ್ಮ ವಾಸ್ತವ್ಯದಲ್ಲಿ ನೀವು ಏನನ್ನು ಆನಂದಿಸಲು ಬಯಸುತ್ತೀರಿ ಎಂದು ಆಯ್ಕೆಮಾಡಿ.',
      loading: 'ಆಫರ್‌ಗಳು ಲೋಡ್ ಆಗುತ್ತಿವೆ...',
      none: 'ಸದ್ಯಕ್ಕೆ ಯಾವುದೇ ಆಫರ್ ಲಭ್ಯವಿಲ್ಲ. ದಯವಿಟ್ಟು ನಂತರ ಮತ್ತೆ ನೋಡಿ.',
      offerCount: (n: number) => `${n} ${n === 1 ? 'ಆಫರ್' : 'ಆಫರ್‌ಗಳು'}`,
    },
    offers: {
      back: 'ವರ್ಗಗಳಿಗೆ ಹಿಂತಿರುಗಿ',
      intro: 'ಒಟ್ಟು 3 ವೋಚರ್‌ಗಳವರೆಗೆ “ಆಯ್ಕೆಮಾಡಿ” ಒತ್ತಿ.',
      validUntil: (date: string) => `${date}ರವರೆಗೆ ಮಾನ್ಯ`,
      viewDetails: 'ವಿವರಗಳನ್ನು ನೋಡಿ',
      select: 'ಆಯ್ಕೆಮಾಡಿ',
      selected: '✓ ಆಯ್ಕೆಯಾಗಿದೆ',
      /** A percentage ("20% OFF") and a rupee amount ("₹150 OFF"), formatted for the language. */
      percentOff: (value: string) => `${value}% ರಿಯಾಯಿತಿ`,
      rupeesOff: (value: string) => `₹${value} ರಿಯಾಯಿತಿ`,
    },
    offerDetails: {
      title: 'ಆಫರ್ ವಿವರಗಳು',
      merchant: 'ವ್ಯಾಪಾರಿ',
      timings: 'ಸಮಯ',
      notAvailable: 'ಲಭ್ಯವಿಲ್ಲ',
      valid: 'ಮಾನ್ಯತೆ',
      until: (date: string) => `${date}ರವರೆಗೆ`,
      description: 'ವಿವರಣೆ',
      terms: 'ನಿಯಮಗಳು ಮತ್ತು ಷರತ್ತುಗಳು',
      loading: 'ವಿವರಗಳು ಲೋಡ್ ಆಗುತ್ತಿವೆ...',
      offline: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ. ಪೂರ್ಣ ವಿವರಗಳನ್ನು ನೋಡಲು ಇಂಟರ್ನೆಟ್‌ಗೆ ಸಂಪರ್ಕಿಸಿ.',
      failed: 'ಆಫರ್‌ಗಳು ಲೋಡ್ ಆಗಲಿಲ್ಲ',
    },
    /**
     * An offer's rules (docs/PRODUCT.md "Offer rules"), in the words of src/shared/offer-rules.ts describeOfferRules
     * (tests/unit/guest-i18n.test.ts checks they match), and when it can be used during the stay.
     */
    rules: rulesKn,
    selection: {
      label: 'ಆಯ್ಕೆಮಾಡಿದ ವೋಚರ್‌ಗಳು',
      /** "<strong>2</strong> / 3 …": the number is drawn in bold before this text; the passive fits 1 and 2 alike. */
      countAfter: (max: number) => ` / ${max} ವೋಚರ್ ಆಯ್ಕೆಮಾಡಲಾಗಿದೆ`,
      selectMore: 'ಇನ್ನಷ್ಟು ಆಯ್ಕೆಮಾಡಿ',
      confirm: (n: number) => `${n} ವೋಚರ್ ಖಚಿತಪಡಿಸಿ`,
      busy: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳನ್ನು ಪಡೆಯಲಾಗುತ್ತಿದೆ...',
    },
    rating: {
      /** "ನಿಮ್ಮ <hotel> ವಾಸ್ತವ್ಯ…": the name reads as part of "your stay", so theHotel fits the same words. */
      title: (hotel: string) => `ನಿಮ್ಮ ${hotel} ವಾಸ್ತವ್ಯವನ್ನು ಆನಂದಿಸುತ್ತಿದ್ದೀರಾ?`,
      theHotel: 'ಹೋಟೆಲ್',
      intro: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳು ಸಿದ್ಧವಾಗಿವೆ. ನಿಮಗೆ ಸಮಯವಿದ್ದರೆ, ನಿಮ್ಮ ವಾಸ್ತವ್ಯದ ಬಗ್ಗೆ ಇತರರಿಗೆ ತಿಳಿಸಿ.',
      rate: 'Google ನಲ್ಲಿ ರೇಟಿಂಗ್ ನೀಡಿ',
      disclaimer:
        'ನೀವು ರಿವ್ಯೂ ನೀಡಲಿ ಅಥವಾ ನೀಡದಿರಲಿ, ನಿಮ್ಮ ವೋಚರ್‌ಗಳು ನಿಮ್ಮವೇ. ಅವು ರಿವ್ಯೂಗೆ ನೀಡುವ ಬಹುಮಾನವಲ್ಲ, ಮತ್ತು ಒಳ್ಳೆಯದಿರಲಿ ಕೆಟ್ಟದಿರಲಿ, ಯಾವುದೇ ರಿವ್ಯೂಗೆ ಸ್ವಾಗತ.',
      /** "ನಿಮ್ಮ ವೋಚರ್‌ಗಳು <strong>12</strong> ಸೆಕೆಂಡಿನಲ್ಲಿ…": a count of seconds takes the singular in Kannada. */
      countdownBefore: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳು ',
      countdownAfter: () => ' ಸೆಕೆಂಡಿನಲ್ಲಿ ಕಾಣಿಸುತ್ತವೆ...',
    },
    vouchers: {
      congratulations: (firstName: string) => `ಅಭಿನಂದನೆಗಳು${firstName ? `, ${firstName}` : ''}!`,
      saved: 'ನಿಮ್ಮ ವೋಚರ್‌ಗಳನ್ನು ಈ ಫೋನ್‌ನಲ್ಲಿ ಉಳಿಸಲಾಗಿದೆ. ಬಳಸಲು ಕೌಂಟರ್‌ನಲ್ಲಿ ಕೋಡ್ ತೋರಿಸಿ.',
      offline: ' ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿದ್ದೀರಿ: ಉಳಿಸಿದ ವೋಚರ್‌ಗಳನ್ನು ತೋರಿಸಲಾಗುತ್ತಿದೆ.',
      /**
       * "ಸಹಾಯ ಬೇಕೇ? <phone>ಗೆ ಕರೆ ಮಾಡಿ." or "… ಫ್ರಂಟ್ ಡೆಸ್ಕ್‌ಗೆ ಕರೆ ಮಾಡಿ.": the ending joins the number as Kannada
       * writes it after digits, and the front desk ends in a non-joiner so the same ending follows it.
       */
      supportBefore: 'ಸಹಾಯ ಬೇಕೇ? ',
      supportFrontDesk: 'ಫ್ರಂಟ್ ಡೆಸ್ಕ್‌',
      supportAfter: 'ಗೆ ಕರೆ ಮಾಡಿ.',
      iosNote:
        'iPhone ನಲ್ಲಿ, 7 ದಿನ ಈ ಪುಟವನ್ನು ತೆರೆಯದಿದ್ದರೆ Safari ಉಳಿಸಿದ ವೋಚರ್‌ಗಳನ್ನು ಅಳಿಸಬಹುದು. ಈ ಪುಟವನ್ನು ನಿಮ್ಮ ಹೋಮ್ ಸ್ಕ್ರೀನ್‌ಗೆ ಸೇರಿಸಿ (Share, ನಂತರ “Add to Home Screen”) ಅಥವಾ ನಿಮ್ಮ ವೋಚರ್‌ಗಳನ್ನು ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ.',
      moreTitle: 'ಇನ್ನಷ್ಟು ವೋಚರ್‌ಗಳು ಬೇಕೇ?',
      moreText: 'StayPerks ಪಾಲುದಾರ ಹೋಟೆಲ್‌ನಲ್ಲಿ ತಂಗಿ, ನೀವು ಎಲ್ಲಿಗೆ ಹೋದರೂ ಅಲ್ಲಿನ ಸ್ಥಳೀಯ ಆಫರ್‌ಗಳನ್ನು ಪಡೆಯಿರಿ.',
      discover: 'StayPerks ಬಗ್ಗೆ ತಿಳಿಯಿರಿ',
      /** The link to My data (docs/PRIVACY.md "My data"). */
      myData: 'ನನ್ನ ಡೇಟಾ: ನಾವು ಇಟ್ಟುಕೊಳ್ಳುವುದನ್ನು ನೋಡಿ, ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ ಅಥವಾ ಅಳಿಸಿ',
    },
    voucher: {
      label: (code: string) => `ವೋಚರ್ ${code}`,
      code: 'ಕೂಪನ್ ಕೋಡ್',
      qrAlt: (code: string) => `QR ಕೋಡ್: ${code}`,
      validUntil: (date: string) => `${date}ರವರೆಗೆ ಮಾನ್ಯ`,
      download: 'ವೋಚರ್ ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ',
      saving: 'ಉಳಿಸಲಾಗುತ್ತಿದೆ...',
      downloaded: 'ವೋಚರ್ ಡೌನ್‌ಲೋಡ್ ಆಗಿದೆ!',
      saveFailed: 'ವೋಚರ್ ಉಳಿಸಲು ಆಗಲಿಲ್ಲ. ಬದಲಿಗೆ ಸ್ಕ್ರೀನ್‌ಶಾಟ್ ತೆಗೆದುಕೊಳ್ಳಿ.',
      pdf: 'PDF',
      share: 'ಹಂಚಿಕೊಳ್ಳಿ',
      shareWhatsApp: 'WhatsApp ನಲ್ಲಿ ಹಂಚಿಕೊಳ್ಳಿ',
      shareFailed: 'ವೋಚರ್ ಹಂಚಿಕೊಳ್ಳಲು ಆಗಲಿಲ್ಲ. ಬದಲಿಗೆ ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ.',
      /** The shared text: merchant, offer, code, valid until, and the guest's own page (the vouchers open again there). */
      shareTitle: 'ನನ್ನ StayPerks ವೋಚರ್',
      shareCode: (code: string) => `ಕೋಡ್: ${code}`,
      shareOpen: 'ನನ್ನ ವೋಚರ್‌ಗಳು:',
      /** Google's own words for its badge (docs/PRODUCT.md "Google Wallet"). */
      wallet: 'Google Wallet ಗೆ ಸೇರಿಸಿ',
      walletFailed: 'Google Wallet ತೆರೆಯಲು ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
      forTheShop: 'ಅಂಗಡಿಯವರಿಗಾಗಿ',
    },
    /** Where the shop is, on a voucher and in View Details (docs/PRODUCT.md "Screens", the guest flow). */
    place: {
      map: 'Google Maps ನಲ್ಲಿ ತೆರೆಯಿರಿ',
      call: (phone: string) => `${phone}ಗೆ ಕರೆ ಮಾಡಿ`,
      hours: (from: string, to: string) => `ತೆರೆದಿರುವ ಸಮಯ: ${from} – ${to}`,
    },
    privacy: {
      title: 'ಗೌಪ್ಯತಾ ಸೂಚನೆ',
      back: 'ಹಿಂದೆ',
      updated: (version: string) => `ಆವೃತ್ತಿ ${version}`,
      intro:
        'StayPerks ಹೋಟೆಲ್ ಅತಿಥಿಗಳಿಗೆ ಸ್ಥಳೀಯ ಅಂಗಡಿಗಳು ಮತ್ತು ರೆಸ್ಟೋರೆಂಟ್‌ಗಳ ಉಚಿತ ವೋಚರ್‌ಗಳನ್ನು ನೀಡುತ್ತದೆ. ನಾವು ನಿಮ್ಮ ಬಗ್ಗೆ ಏನನ್ನು ಇಟ್ಟುಕೊಳ್ಳುತ್ತೇವೆ ಮತ್ತು ಏಕೆ ಎಂದು ಈ ಸೂಚನೆ ತಿಳಿಸುತ್ತದೆ.',
      whatTitle: 'ನಾವು ಏನನ್ನು ಸಂಗ್ರಹಿಸುತ್ತೇವೆ',
      what: 'ನಿಮ್ಮ ಹೆಸರು, ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ, ನಿಮ್ಮ ಚೆಕ್-ಔಟ್ ದಿನಾಂಕ, ನೀವು ತಂಗಿರುವ ಹೋಟೆಲ್, ನೀವು ಆಯ್ಕೆಮಾಡುವ ವೋಚರ್‌ಗಳು, ಪುಟದ ಭಾಷೆ, ಮತ್ತು ನೀವು ಯಾವ ಐಚ್ಛಿಕ ಬಾಕ್ಸ್‌ಗಳನ್ನು ಟಿಕ್ ಮಾಡುತ್ತೀರಿ (ಜ್ಞಾಪನೆಗಳು, ನಂತರದ ಆಫರ್‌ಗಳು).',
      whyTitle: 'ಏಕೆ',
      why: 'ನಿಮಗೆ ನಿಮ್ಮ ವೋಚರ್‌ಗಳನ್ನು ನೀಡಲು, ಕೌಂಟರ್‌ನಲ್ಲಿ ವ್ಯಾಪಾರಿ ನಿಮ್ಮ ವೋಚರ್ ಅನ್ನು ಪರಿಶೀಲಿಸಲು ಅವಕಾಶ ನೀಡಲು, ಒಂದೇ ವಾಸ್ತವ್ಯಕ್ಕೆ ಎರಡು ಬಾರಿ ವೋಚರ್ ಪಡೆಯುವುದನ್ನು ತಡೆಯಲು, ಮತ್ತು ಈ ಕಾರ್ಯಕ್ರಮ ಹೇಗೆ ಬಳಕೆಯಾಗುತ್ತಿದೆ ಎಂದು ಎಣಿಸಲು.',
      howLongTitle: 'ಎಷ್ಟು ಕಾಲ',
      howLong: (days: number) =>
        `ನಿಮ್ಮ ಚೆಕ್-ಔಟ್ ದಿನಾಂಕದ ${days} ದಿನಗಳ ನಂತರ ನಿಮ್ಮ ಹೆಸರು ಮತ್ತು ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ. ಯಾರ ಹೆಸರೂ ಇಲ್ಲದ ಎಣಿಕೆಗಳನ್ನು (ಎಷ್ಟು ವೋಚರ್‌ಗಳನ್ನು ನೀಡಲಾಯಿತು ಮತ್ತು ಬಳಸಲಾಯಿತು) ಇಟ್ಟುಕೊಳ್ಳಲಾಗುತ್ತದೆ.`,
      whoTitle: 'ಯಾರು ನೋಡುತ್ತಾರೆ',
      who: 'StayPerks ಸಿಬ್ಬಂದಿ. ನೀವು ವೋಚರ್ ಬಳಸುವಾಗ, ನೀವು ಆಯ್ಕೆಮಾಡಿದ ವ್ಯಾಪಾರಿಗಳು ನಿಮ್ಮ ಹೆಸರು ಮತ್ತು ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯ ಒಂದು ಭಾಗವನ್ನು (ಮೊದಲ 2 ಮತ್ತು ಕೊನೆಯ 3 ಅಂಕಿಗಳು) ನೋಡುತ್ತಾರೆ; ನಿಮ್ಮ ಹೋಟೆಲ್ ತನ್ನ ಅತಿಥಿಗಳ ಬಗ್ಗೆ ಇಷ್ಟನ್ನೇ ನೋಡುತ್ತದೆ. ನಾವು ನಿಮ್ಮ ಡೇಟಾವನ್ನು ಮಾರಾಟ ಮಾಡುವುದಿಲ್ಲ.',
      deleteTitle: 'ನಿಮ್ಮ ಡೇಟಾವನ್ನು ಅಳಿಸುವುದು',
      delete:
        'ನಿಮ್ಮ ಹೆಸರು ಮತ್ತು ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ಅಳಿಸುವಂತೆ ನೀವು ಯಾವಾಗ ಬೇಕಾದರೂ ನಮ್ಮನ್ನು ಕೇಳಬಹುದು. ಆಗ ನೀವು ಇನ್ನೂ ಬಳಸದ ವೋಚರ್‌ಗಳು ರದ್ದಾಗುತ್ತವೆ.',
      contactTitle: 'ಸಂಪರ್ಕ',
      contactPhone: 'ಕರೆ ಮಾಡಿ ಅಥವಾ ಸಂದೇಶ ಕಳುಹಿಸಿ:',
      contactEmail: 'ಇಮೇಲ್:',
      contactNone: 'StayPerks ಅನ್ನು ಸಂಪರ್ಕಿಸುವಂತೆ ನಿಮ್ಮ ಹೋಟೆಲ್‌ನ ಫ್ರಂಟ್ ಡೆಸ್ಕ್‌ಗೆ ಕೇಳಿ.',
      myData: 'ಅಥವಾ ನೀವೇ ಮಾಡಿ: ನನ್ನ ಡೇಟಾ',
    },
  },
  trust: {
    verify: {
      title: 'ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ಪರಿಶೀಲಿಸಿ',
      intro: (mobile: string) => `ನಾವು ${mobile}ಗೆ 6 ಅಂಕಿಯ ಕೋಡ್ ಕಳುಹಿಸುತ್ತೇವೆ.`,
      send: 'ಕೋಡ್ ಕಳುಹಿಸಿ',
      sending: 'ಕಳುಹಿಸಲಾಗುತ್ತಿದೆ...',
      sent: (mobile: string, channel: string) =>
        `ನಾವು ${mobile}ಗೆ ${channel === 'whatsapp' ? 'WhatsApp ಮೂಲಕ ' : channel === 'sms' ? 'SMS ಮೂಲಕ ' : ''}ಕೋಡ್ ಕಳುಹಿಸಿದ್ದೇವೆ.`,
      code: '6 ಅಂಕಿಯ ಕೋಡ್',
      verify: 'ಪರಿಶೀಲಿಸಿ',
      verifying: 'ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ...',
      resendIn: (seconds: number) => `${seconds} ಸೆಕೆಂಡಿನ ನಂತರ ಹೊಸ ಕೋಡ್ ಕಳುಹಿಸಿ`,
      resend: 'ಹೊಸ ಕೋಡ್ ಕಳುಹಿಸಿ',
      changeNumber: 'ಸಂಖ್ಯೆ ಬದಲಾಯಿಸಿ',
    },
    /** The server's refusals (src/shared/schemas/verification.ts and my-data.ts), by case. */
    refusals: {
      wait: (seconds: number) => `ಹೊಸ ಕೋಡ್ ಕೇಳುವ ಮೊದಲು ದಯವಿಟ್ಟು ${seconds} ಸೆಕೆಂಡು ಕಾಯಿರಿ`,
      tooManyToday: 'ಇಂದು ಈ ಸಂಖ್ಯೆಗೆ ತುಂಬಾ ಕೋಡ್‌ಗಳನ್ನು ಕೇಳಲಾಗಿದೆ',
      unavailable: 'ಸದ್ಯಕ್ಕೆ ಕೋಡ್ ಕಳುಹಿಸಲು ಆಗುತ್ತಿಲ್ಲ, ದಯವಿಟ್ಟು ರಿಸೆಪ್ಷನ್‌ನಲ್ಲಿ ಕೇಳಿ',
      wrong: (left: number) => `ಈ ಕೋಡ್ ಸರಿಯಿಲ್ಲ: ಇನ್ನು ${left} ಪ್ರಯತ್ನ ಬಾಕಿ ಇದೆ`,
      expired: 'ಈ ಕೋಡ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ, ಹೊಸ ಕೋಡ್ ಕೇಳಿ',
      tooManyWrong: 'ತುಂಬಾ ತಪ್ಪು ಕೋಡ್‌ಗಳು, ಹೊಸ ಕೋಡ್ ಕೇಳಿ',
      verifyFirst: 'ದಯವಿಟ್ಟು ಮೊದಲು ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ಪರಿಶೀಲಿಸಿ',
      invalid: 'ನಿಮ್ಮ ಪರಿಶೀಲನೆಯ ಅವಧಿ ಮುಗಿದಿದೆ, ದಯವಿಟ್ಟು ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯನ್ನು ಮತ್ತೆ ಪರಿಶೀಲಿಸಿ',
      codeInvalid: 'ದಯವಿಟ್ಟು 6 ಅಂಕಿಯ ಕೋಡ್ ನಮೂದಿಸಿ',
      noStay: 'ಈ ಹೋಟೆಲ್‌ನಲ್ಲಿ ಈ ಸಂಖ್ಯೆಗೆ ಯಾವುದೇ ವೋಚರ್ ಸಿಗಲಿಲ್ಲ',
      failed: 'ಏನೋ ತಪ್ಪಾಗಿದೆ, ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
    },
    recover: {
      title: 'ಈ ವಾಸ್ತವ್ಯಕ್ಕೆ ನೀವು ಈಗಾಗಲೇ ವೋಚರ್‌ಗಳನ್ನು ಪಡೆದಿದ್ದೀರಿ',
      intro: 'ಬೇರೆ ಫೋನ್‌ನಲ್ಲಿ ಪುಟ ತೆರೆದಿದ್ದೀರಾ? ಸಂಖ್ಯೆ ನಿಮ್ಮದೆಂದು ಕೋಡ್ ಮೂಲಕ ಸಾಬೀತುಪಡಿಸಿ, ನಿಮ್ಮ ವೋಚರ್‌ಗಳು ಇಲ್ಲಿಯೂ ಕಾಣಿಸುತ್ತವೆ.',
      show: 'ನನ್ನ ವೋಚರ್‌ಗಳನ್ನು ತೋರಿಸಿ',
      back: 'ಹಿಂದೆ',
      /** Without a provider: whom to ask instead. */
      askBefore: 'ಹೋಟೆಲ್ ರಿಸೆಪ್ಷನ್ ನಿಮಗೆ ಸಹಾಯ ಮಾಡಬಹುದು',
      /** ", ಅಥವಾ ನಮ್ಮ ಸಹಾಯವಾಣಿ <phone>ಗೆ ಕರೆ ಮಾಡಿ": the number is drawn as a link between the two. */
      askPhoneBefore: ', ಅಥವಾ ನಮ್ಮ ಸಹಾಯವಾಣಿ ',
      askPhoneAfter: 'ಗೆ ಕರೆ ಮಾಡಿ',
      askAfter: '.',
    },
    myData: {
      title: 'ನನ್ನ ಡೇಟಾ',
      intro:
        'ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯ ಬಗ್ಗೆ StayPerks ಏನನ್ನು ಇಟ್ಟುಕೊಂಡಿದೆ ಎಂದು ನೋಡಿ, ಅದನ್ನು ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ, ನಿಮ್ಮ ಹೆಸರನ್ನು ಸರಿಪಡಿಸಿ, ಆಫರ್‌ಗಳು ಅಥವಾ ಜ್ಞಾಪನೆಗಳಿಗೆ ನೀಡಿದ ಸಮ್ಮತಿಯನ್ನು ಹಿಂಪಡೆಯಿರಿ, ಅಥವಾ ಎಲ್ಲವನ್ನೂ ಅಳಿಸಿ.',
      phone: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆ',
      next: 'ಮುಂದುವರಿಸಿ',
      none: 'ಈ ಸಂಖ್ಯೆಯ ಬಗ್ಗೆ ನಾವು ಏನನ್ನೂ ಇಟ್ಟುಕೊಂಡಿಲ್ಲ.',
      stays: 'ನಿಮ್ಮ ವಾಸ್ತವ್ಯಗಳು',
      stay: (hotel: string) => hotel,
      dates: (scanned: string, checkout: string) => `ಸ್ಕ್ಯಾನ್: ${scanned} · ಚೆಕ್-ಔಟ್: ${checkout}`,
      name: (name: string) => `ಹೆಸರು: ${name}`,
      offersYes: 'ನಂತರದ ಆಫರ್‌ಗಳು: ಹೌದು',
      vouchers: 'ವೋಚರ್‌ಗಳು',
      states: { unused: 'ಬಳಸಿಲ್ಲ', redeemed: 'ಬಳಸಲಾಗಿದೆ', cancelled: 'ರದ್ದಾಗಿದೆ', expired: 'ಅವಧಿ ಮುಗಿದಿದೆ' },
      download: 'ನನ್ನ ಡೇಟಾ ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ (JSON)',
      correctTitle: 'ನನ್ನ ಹೆಸರನ್ನು ಸರಿಪಡಿಸಿ',
      newName: 'ಹೆಸರು',
      save: 'ಹೆಸರು ಉಳಿಸಿ',
      saved: 'ನಿಮ್ಮ ಹೆಸರನ್ನು ಸರಿಪಡಿಸಲಾಗಿದೆ.',
      withdraw: 'ನಂತರದ ಆಫರ್‌ಗಳನ್ನು ನಿಲ್ಲಿಸಿ',
      withdrawn: 'ನಿಮಗೆ ಇನ್ನು ಮುಂದೆ ಆಫರ್‌ಗಳು ಬರುವುದಿಲ್ಲ.',
      remindersYes: 'ಜ್ಞಾಪನೆಗಳು ಮತ್ತು ರಿವ್ಯೂ ವಿನಂತಿ: ಹೌದು',
      remindersStopped: 'ಜ್ಞಾಪನೆಗಳು ಮತ್ತು ರಿವ್ಯೂ ವಿನಂತಿ: ನಿಲ್ಲಿಸಲಾಗಿದೆ',
      stopReminders: 'ಜ್ಞಾಪನೆಗಳನ್ನು ನಿಲ್ಲಿಸಿ',
      remindersStoppedNotice: 'ಇನ್ನು ಮುಂದೆ ನಿಮಗೆ ಯಾವುದೇ ಜ್ಞಾಪನೆ ಅಥವಾ ರಿವ್ಯೂ ವಿನಂತಿ ಬರುವುದಿಲ್ಲ.',
      eraseTitle: 'ನನ್ನ ಡೇಟಾ ಅಳಿಸಿ',
      eraseText:
        'ಪ್ರತಿ ವಾಸ್ತವ್ಯದಿಂದ ನಿಮ್ಮ ಹೆಸರು ಮತ್ತು ಸಂಖ್ಯೆಯನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ, ಮತ್ತು ನೀವು ಬಳಸದ ವೋಚರ್‌ಗಳು ರದ್ದಾಗುತ್ತವೆ. ಇದನ್ನು ರದ್ದುಗೊಳಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ.',
      erase: 'ನನ್ನ ಡೇಟಾ ಅಳಿಸಿ',
      eraseConfirm: 'ಹೌದು, ಎಲ್ಲವನ್ನೂ ಅಳಿಸಿ',
      cancel: 'ರದ್ದುಮಾಡಿ',
      erased: 'ನಿಮ್ಮ ಡೇಟಾವನ್ನು ಅಳಿಸಲಾಗಿದೆ.',
      again: 'ಇನ್ನೊಂದು ಸಂಖ್ಯೆಯನ್ನು ಪರಿಶೀಲಿಸಿ',
      /** Without a provider (503): the support line of GET /api/config. */
      askSupport: (phone: string) => `ಸಹಾಯಕ್ಕಾಗಿ ನಮ್ಮ ಸಹಾಯವಾಣಿ ${phone}ಗೆ ಕರೆ ಮಾಡಿ.`,
    },
  },
  privacy: {
    remindersTitle: 'ಜ್ಞಾಪನೆಗಳು ಮತ್ತು ರಿವ್ಯೂ ವಿನಂತಿ',
    reminders:
      'ನೀವು "ನನ್ನ ವೋಚರ್‌ಗಳ ಬಗ್ಗೆ ನನಗೆ ನೆನಪಿಸಿ ಮತ್ತು ರಿವ್ಯೂ ನೀಡಲು ಕೇಳಿ" ಎಂಬುದನ್ನು ಟಿಕ್ ಮಾಡಿದರೆ ಮಾತ್ರ: ನಿಮ್ಮ ಚೆಕ್-ಔಟ್ ದಿನದ ಬೆಳಿಗ್ಗೆ, ನೀವು ಬಳಸದ ವೋಚರ್‌ಗಳನ್ನು ನಾವು ನಿಮಗೆ ನೆನಪಿಸುತ್ತೇವೆ; ವೋಚರ್‌ನ ಅವಧಿ ಮುಗಿಯುವ 48 ಗಂಟೆಗಳ ಮೊದಲು, ಅದು ಬಳಕೆಯಾಗದಿದ್ದರೆ ಮತ್ತು ಆ ದಿನ ನಿಮ್ಮ ಚೆಕ್-ಔಟ್‌ನ ನಂತರದ 3 ದಿನಗಳೊಳಗೆ ಇದ್ದರೆ, ಅದನ್ನು ನಾವು ನಿಮಗೆ ನೆನಪಿಸುತ್ತೇವೆ; ಮತ್ತು ಚೆಕ್-ಔಟ್‌ನ ಮರುದಿನ, ನೀವು ವೋಚರ್ ಬಳಸಿರಲಿ ಅಥವಾ ಇಲ್ಲದಿರಲಿ, ನಿಮ್ಮ ಹೋಟೆಲ್‌ನ Google ರಿವ್ಯೂ ಲಿಂಕ್ ಅನ್ನು ಒಮ್ಮೆ ಕಳುಹಿಸುತ್ತೇವೆ. 21:00ರಿಂದ 09:00ರ ನಡುವೆ ಏನನ್ನೂ ಕಳುಹಿಸಲಾಗುವುದಿಲ್ಲ. ಪ್ರತಿ ಸಂದೇಶದಲ್ಲೂ ಅವುಗಳನ್ನು ಒಂದೇ ಟ್ಯಾಪ್‌ನಲ್ಲಿ ನಿಲ್ಲಿಸುವ ಲಿಂಕ್ ಇರುತ್ತದೆ.',
    processorsTitle: 'ಸಂದೇಶಗಳನ್ನು ಯಾರು ತಲುಪಿಸುತ್ತಾರೆ',
    processors:
      'ಅವುಗಳನ್ನು ಕಳುಹಿಸಲು ನಾವು ಇವುಗಳನ್ನು ಬಳಸುತ್ತೇವೆ: Meta (WhatsApp) ಮತ್ತು SMS ಗೇಟ್‌ವೇ Gupshup, ಇವುಗಳಿಗೆ ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಮತ್ತು ಸಂದೇಶ ಸಿಗುತ್ತದೆ; ಅಧಿಸೂಚನೆಗಳಿಗಾಗಿ ನಿಮ್ಮ ಬ್ರೌಸರ್‌ನ ಪುಶ್ ಸೇವೆ (ಉದಾಹರಣೆಗೆ Google ಅಥವಾ Apple ನ ಸೇವೆ), ನೀವು ಈ ಫೋನ್‌ನಲ್ಲಿ ಅವುಗಳಿಗೆ ಅನುಮತಿ ನೀಡಿದರೆ ಮಾತ್ರ, ಇದಕ್ಕೆ ಸಂದೇಶ ಸಿಗುತ್ತದೆ ಆದರೆ ನಿಮ್ಮ ಸಂಖ್ಯೆ ಸಿಗುವುದಿಲ್ಲ; ಮತ್ತು Google, ಹೋಟೆಲ್‌ನ ರಿವ್ಯೂ ಪುಟಕ್ಕಾಗಿ ಹಾಗೂ, ನೀವು ವೋಚರ್ ಅನ್ನು Google Wallet ಗೆ ಸೇರಿಸಿದರೆ, ಅದರ ಪಾಸ್‌ಗಾಗಿ. ಪ್ರತಿ ಸಂದೇಶದ ದಾಖಲೆಯನ್ನು ನಾವು ಇಟ್ಟುಕೊಳ್ಳುತ್ತೇವೆ; ಸಂದೇಶ ಕಳುಹಿಸಿದ ಮರುದಿನ ಅದರಿಂದ ನಿಮ್ಮ ಸಂಖ್ಯೆಯನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ.',
  },
  push: {
    ask: 'ಈ ಫೋನ್‌ನಲ್ಲೇ ನೆನಪಿಸಿ',
    asking: 'ಆನ್ ಆಗುತ್ತಿದೆ…',
    done: 'ಜ್ಞಾಪನೆಗಳು ಈ ಫೋನ್‌ಗೆ ಬರುತ್ತವೆ',
    blocked: 'ಈ ಪುಟಕ್ಕೆ ಅಧಿಸೂಚನೆಗಳನ್ನು ನಿರ್ಬಂಧಿಸಲಾಗಿದೆ: ಜ್ಞಾಪನೆಗಳು ಸಂದೇಶದ ಮೂಲಕ ಬರುತ್ತವೆ.',
    failed: 'ಇಲ್ಲಿ ಜ್ಞಾಪನೆಗಳನ್ನು ಆನ್ ಮಾಡಲು ಆಗಲಿಲ್ಲ: ಅವು ಸಂದೇಶದ ಮೂಲಕ ಬರುತ್ತವೆ.',
  },
};
