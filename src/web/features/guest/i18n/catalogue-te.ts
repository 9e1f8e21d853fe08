import { rulesTe } from '../../../../shared/rule-texts/te';
import type { Catalogue } from './catalogue';

/** Telugu: every guest text, with English's keys (catalogue.ts); loaded only when a guest picks Telugu. */
export const catalogue: Catalogue = {
  messages: {
    language: {
      /** What the header switch does, read after the other language's name (LANGUAGE_NAMES, i18n.tsx). */
      label: 'భాష (Language)',
    },
    header: {
      welcome: 'స్వాగతం',
      yourHotel: 'మీ హోటల్',
    },
    status: {
      hotelNotFound: 'ఈ హోటల్ కనిపించలేదు. దయచేసి మీ గదిలోని QR కోడ్‌ను మళ్లీ స్కాన్ చేయండి.',
      hotelInactive: 'ఈ హోటల్ ప్రస్తుతం వోచర్లు ఇవ్వడం లేదు. దయచేసి ఫ్రంట్ డెస్క్‌ను అడగండి.',
      hotelLoadFailed: 'హోటల్ వివరాలు లోడ్ కాలేదు',
      offlineNoHotel: 'మీరు ఆఫ్‌లైన్‌లో ఉన్నారు. ఆఫర్లు చూడటానికి ఇంటర్నెట్‌కు కనెక్ట్ అవ్వండి.',
      offlineBanner: 'మీరు ఆఫ్‌లైన్‌లో ఉన్నారు. ఇంతకు ముందు చూసిన ఆఫర్లను చూడవచ్చు; వోచర్లు పొందడానికి ఇంటర్నెట్ కావాలి.',
      offlineSubmit: 'మీరు ఆఫ్‌లైన్‌లో ఉన్నారు. మీ వోచర్లు పొందడానికి ఇంటర్నెట్‌కు కనెక్ట్ అవ్వండి. మీరు నింపినవన్నీ అలాగే ఉంటాయి.',
      verifyFailed: 'మొబైల్ నంబర్‌ను ధృవీకరించలేకపోయాం',
      submitFailed: 'పంపలేకపోయాం',
    },
    /** The shared schemas' and the server's messages the guest may see, by case (docs/PRODUCT.md "Forms and messages"). */
    messages: {
      nameRequired: 'దయచేసి మీ పేరు నమోదు చేయండి',
      nameTooLong: 'పేరు 100 అక్షరాలకు మించకూడదు',
      nameCharacters: 'పేరులో అనుమతి లేని అక్షరాలు ఉన్నాయి',
      phoneInvalid: 'దయచేసి సరైన 10 అంకెల మొబైల్ నంబర్ నమోదు చేయండి',
      checkoutRequired: 'దయచేసి మీ చెక్-అవుట్ తేదీని ఎంచుకోండి',
      checkoutPast: 'చెక్-అవుట్ తేదీ ఈ రోజు కంటే ముందు ఉండకూడదు',
      checkoutTooFar: 'చెక్-అవుట్ తేదీ ఒక సంవత్సరం లోపు ఉండాలి',
      consentRequired: 'గోప్యతా నోటీసుకు అంగీకరించడానికి దయచేసి సమ్మతి బాక్స్‌ను టిక్ చేయండి',
      selectAtLeastOne: 'దయచేసి కనీసం ఒక వోచర్‌ను ఎంచుకోండి',
      selectAtMostThree: 'మీరు గరిష్ఠంగా 3 వోచర్లు ఎంచుకోవచ్చు',
      alreadyCollected: 'ఈ బసకు మీరు ఇప్పటికే వోచర్లు తీసుకున్నారు',
      offersUnavailable: 'మీరు ఎంచుకున్న వోచర్లలో ఒకటి లేదా అంతకంటే ఎక్కువ ఇప్పుడు అందుబాటులో లేవు. దయచేసి మళ్లీ ఎంచుకోండి.',
    },
    details: {
      title: 'మీ వివరాలు నమోదు చేయండి',
      intro: 'మీ చుట్టుపక్కల ఉత్తమ ప్రదేశాల నుండి 3 వరకు ఉచిత వోచర్లు పొందండి.',
      name: 'పేరు',
      phone: 'ఫోన్ నంబర్',
      phonePlaceholder: '10 అంకెల మొబైల్ నంబర్',
      checkout: 'చెక్-అవుట్ తేదీ',
      consent:
        'నా వోచర్లు పొందడానికి, వాడుకోవడానికి నా పేరు, మొబైల్ నంబర్‌ను StayPerksతో, నేను ఎంచుకునే వ్యాపారులతో పంచుకోవడానికి నేను అంగీకరిస్తున్నాను.',
      privacyLink: 'గోప్యతా నోటీసు',
      /** The reminders box (docs/PRODUCT.md "Reminders"): unticked, separate; without it nothing is sent later. */
      reminders: 'నా వోచర్ల గురించి నాకు గుర్తు చేయండి, రివ్యూ ఇవ్వమని నన్ను అడగండి',
      marketing: 'తర్వాత StayPerks భాగస్వాముల ఆఫర్లు నాకు పంపండి (ఐచ్ఛికం)',
      checking: 'తనిఖీ చేస్తున్నాం...',
      continue: 'కొనసాగించండి',
      topCategories: 'ముఖ్య విభాగాలు',
    },
    categories: {
      title: 'ఒక విభాగాన్ని ఎంచుకోండి',
      intro: 'మీ బసలో మీరు ఏం ఆస్వాదించాలనుకుంటున్నారో ఎంచుకోండి.',
      loading: 'ఆఫర్లు లోడ్ అవుతున్నాయి...',
      none: 'ప్రస్తుతం ఆఫర్లు ఏవీ అందుబాటులో లేవు. దయచేసి తర్వాత మళ్లీ చూడండి.',
      offerCount: (n: number) => `${n} ${n === 1 ? 'ఆఫర్' : 'ఆఫర్లు'}`,
    },
    offers: {
      back: 'విభాగాలకు వెనక్కి',
      intro: 'మొత్తం 3 వోచర్ల వరకు “ఎంచుకోండి” నొక్కండి.',
      validUntil: (date: string) => `${date} వరకు చెల్లుతుంది`,
      viewDetails: 'వివరాలు చూడండి',
      select: 'ఎంచుకోండి',
      selected: '✓ ఎంచుకున్నారు',
      /** A percentage ("20% OFF") and a rupee amount ("₹150 OFF"), formatted for the language. */
      percentOff: (value: string) => `${value}% తగ్గింపు`,
      rupeesOff: (value: string) => `₹${value} తగ్గింపు`,
    },
    offerDetails: {
      title: 'ఆఫర్ వివరాలు',
      merchant: 'వ్యాపారి',
      timings: 'సమయాలు',
      notAvailable: 'అందుబాటులో లేదు',
      valid: 'చెల్లుబాటు',
      until: (date: string) => `${date} వరకు`,
      description: 'వివరణ',
      terms: 'నిబంధనలు మరియు షరతులు',
      loading: 'వివరాలు లోడ్ అవుతున్నాయి...',
      offline: 'మీరు ఆఫ్‌లైన్‌లో ఉన్నారు. పూర్తి వివరాలు చూడటానికి ఇంటర్నెట్‌కు కనెక్ట్ అవ్వండి.',
      failed: 'ఆఫర్లు లోడ్ కాలేదు',
    },
    /**
     * An offer's rules (docs/PRODUCT.md "Offer rules"), in the words of src/shared/offer-rules.ts describeOfferRules
     * (tests/unit/guest-i18n.test.ts checks they match), and when it can be used during the stay.
     */
    rules: rulesTe,
    selection: {
      label: 'ఎంచుకున్న వోచర్లు',
      /** "<strong>2</strong> of 3 vouchers selected": the number is drawn in bold before this text. */
      countAfter: (max: number) => ` / ${max} వోచర్లు ఎంచుకున్నారు`,
      selectMore: 'మరిన్ని ఎంచుకోండి',
      confirm: (n: number) => `${n} ${n === 1 ? 'వోచర్‌ను' : 'వోచర్లను'} నిర్ధారించండి`,
      busy: 'మీ వోచర్లు సిద్ధమవుతున్నాయి...',
    },
    rating: {
      title: (hotel: string) => `${hotel}లో మీ బస బాగుందా?`,
      theHotel: 'హోటల్',
      intro: 'మీ వోచర్లు సిద్ధంగా ఉన్నాయి. మీకు కొంచెం సమయం ఉంటే, మీ బస గురించి ఇతరులకు చెప్పండి.',
      rate: 'Googleలో మాకు రేటింగ్ ఇవ్వండి',
      disclaimer: 'మీరు రివ్యూ ఇచ్చినా ఇవ్వకపోయినా మీ వోచర్లు మీవే. అవి రివ్యూలకు బహుమతి కాదు; మంచిదైనా చెడ్డదైనా, ఏ రివ్యూ అయినా స్వాగతమే.',
      /** "Showing your vouchers in <strong>12</strong> seconds...": the number is drawn in bold between the two. */
      countdownBefore: 'మీ వోచర్లు ',
      countdownAfter: (n: number) => (n === 1 ? ' సెకనులో కనిపిస్తాయి...' : ' సెకన్లలో కనిపిస్తాయి...'),
    },
    vouchers: {
      congratulations: (firstName: string) => `అభినందనలు${firstName ? `, ${firstName}` : ''}!`,
      saved: 'మీ వోచర్లు ఈ ఫోన్‌లో సేవ్ అయ్యాయి. వాడుకోవడానికి కౌంటర్ దగ్గర కోడ్ చూపించండి.',
      offline: ' మీరు ఆఫ్‌లైన్‌లో ఉన్నారు: సేవ్ చేసిన మీ వోచర్లను చూపిస్తున్నాం.',
      /** "Need help? Call our support line <phone>." (or "at the front desk" without a phone). */
      supportBefore: 'సహాయం కావాలా? ',
      supportFrontDesk: 'ఫ్రంట్ డెస్క్‌',
      supportAfter: 'కు కాల్ చేయండి.',
      iosNote:
        'iPhoneలో ఈ పేజీని 7 రోజులు తెరవకపోతే, సేవ్ చేసిన వోచర్లను Safari తొలగించవచ్చు. ఈ పేజీని మీ హోమ్ స్క్రీన్‌కు జోడించండి (షేర్, తర్వాత "Add to Home Screen") లేదా మీ వోచర్లను డౌన్‌లోడ్ చేసుకోండి.',
      moreTitle: 'మరిన్ని వోచర్లు కావాలా?',
      moreText: 'StayPerks భాగస్వామ్య హోటల్‌లో బస చేయండి, మీరు ఎక్కడికి వెళ్లినా అక్కడి స్థానిక ఆఫర్లు పొందండి.',
      discover: 'StayPerks గురించి తెలుసుకోండి',
      /** The link to My data (docs/PRIVACY.md "My data"). */
      myData: 'నా డేటా: మేము ఉంచుకునే వివరాలను చూడండి, డౌన్‌లోడ్ చేయండి లేదా తొలగించండి',
    },
    voucher: {
      label: (code: string) => `వోచర్ ${code}`,
      code: 'కూపన్ కోడ్',
      qrAlt: (code: string) => `${code} కోసం QR కోడ్`,
      validUntil: (date: string) => `${date} వరకు చెల్లుతుంది`,
      download: 'వోచర్ డౌన్‌లోడ్ చేయండి',
      saving: 'సేవ్ చేస్తున్నాం...',
      downloaded: 'వోచర్ డౌన్‌లోడ్ అయింది!',
      saveFailed: 'వోచర్‌ను సేవ్ చేయలేకపోయాం. బదులుగా స్క్రీన్‌షాట్ తీసుకోండి.',
      pdf: 'PDF',
      share: 'షేర్ చేయండి',
      shareWhatsApp: 'WhatsAppలో షేర్ చేయండి',
      shareFailed: 'వోచర్‌ను షేర్ చేయలేకపోయాం. బదులుగా డౌన్‌లోడ్ చేసుకోండి.',
      /** The shared text: merchant, offer, code, valid until, and the guest's own page (the vouchers open again there). */
      shareTitle: 'నా StayPerks వోచర్',
      shareCode: (code: string) => `కోడ్: ${code}`,
      shareOpen: 'నా వోచర్లు:',
      /** Google's own words for its badge (docs/PRODUCT.md "Google Wallet"). */
      wallet: 'Google Walletకు జోడించండి',
      walletFailed: 'Google Wallet తెరుచుకోలేదు. దయచేసి మళ్లీ ప్రయత్నించండి.',
      /** Over the English lines a non-English voucher adds for the merchant (value and rules). */
      forTheShop: 'దుకాణదారు కోసం',
    },
    /** Where the shop is, on a voucher and in View Details (docs/PRODUCT.md "Screens", the guest flow). */
    place: {
      map: 'Google Mapsలో తెరవండి',
      call: (phone: string) => `${phone}కు కాల్ చేయండి`,
      hours: (from: string, to: string) => `తెరిచి ఉండే సమయం: ${from} – ${to}`,
    },
    privacy: {
      title: 'గోప్యతా నోటీసు',
      back: 'వెనక్కి',
      updated: (version: string) => `వెర్షన్ ${version}`,
      intro:
        'StayPerks హోటల్ అతిథులకు స్థానిక దుకాణాలు, రెస్టారెంట్ల నుండి ఉచిత వోచర్లు ఇస్తుంది. మేము మీ గురించి ఏమి ఉంచుకుంటామో, ఎందుకో ఈ నోటీసు చెబుతుంది.',
      whatTitle: 'మేము ఏమి సేకరిస్తాం',
      what: 'మీ పేరు, మీ మొబైల్ నంబర్, మీ చెక్-అవుట్ తేదీ, మీరు బస చేసే హోటల్, మీరు ఎంచుకునే వోచర్లు, పేజీ భాష, ఇంకా మీరు ఏ ఐచ్ఛిక బాక్స్‌లను టిక్ చేశారో (రిమైండర్లు, తర్వాత ఆఫర్లు).',
      whyTitle: 'ఎందుకు',
      why: 'మీకు మీ వోచర్లు ఇవ్వడానికి, కౌంటర్ దగ్గర వ్యాపారి మీ వోచర్‌ను తనిఖీ చేయగలిగేలా, ఒకే బసకు రెండుసార్లు వోచర్లు తీసుకోకుండా ఆపడానికి, ఈ కార్యక్రమాన్ని ఎలా వాడుతున్నారో లెక్కించడానికి.',
      howLongTitle: 'ఎంత కాలం',
      howLong: (days: number) =>
        `మీ చెక్-అవుట్ తేదీ నుండి ${days} రోజుల తర్వాత మీ పేరు, మొబైల్ నంబర్‌ను తొలగిస్తాం. ఎవరి పేరునూ చూపని లెక్కలను (ఎన్ని వోచర్లు ఇచ్చాం, ఎన్ని వాడారు) ఉంచుకుంటాం.`,
      whoTitle: 'ఎవరు చూస్తారు',
      who: 'StayPerks సిబ్బంది. మీరు వోచర్ వాడినప్పుడు, మీరు ఎంచుకున్న వ్యాపారులు మీ పేరును, మీ మొబైల్ నంబర్‌లో కొంత భాగాన్ని (మొదటి 2, చివరి 3 అంకెలు) చూస్తారు; మీ హోటల్ కూడా తన అతిథుల విషయంలో ఇంతే చూస్తుంది. మేము మీ డేటాను అమ్మము.',
      deleteTitle: 'మీ డేటా తొలగింపు',
      delete: 'మీ పేరు, మొబైల్ నంబర్‌ను తొలగించమని మీరు ఎప్పుడైనా మమ్మల్ని అడగవచ్చు. అప్పుడు మీరు ఇంకా వాడని వోచర్లు రద్దవుతాయి.',
      contactTitle: 'సంప్రదించండి',
      contactPhone: 'కాల్ లేదా మెసేజ్ చేయండి:',
      contactEmail: 'ఈమెయిల్:',
      contactNone: 'StayPerksను సంప్రదించమని మీ హోటల్ ఫ్రంట్ డెస్క్‌ను అడగండి.',
      myData: 'లేదా మీరే చేయండి: నా డేటా',
    },
  },
  trust: {
    verify: {
      title: 'మీ మొబైల్ నంబర్‌ను ధృవీకరించండి',
      intro: (mobile: string) => `${mobile}కు 6 అంకెల కోడ్ పంపుతాం.`,
      send: 'కోడ్ పంపండి',
      sending: 'పంపుతున్నాం...',
      sent: (mobile: string, channel: string) =>
        `${mobile}కు ${channel === 'whatsapp' ? 'WhatsAppలో ' : channel === 'sms' ? 'SMS ద్వారా ' : ''}కోడ్ పంపాం.`,
      code: '6 అంకెల కోడ్',
      verify: 'ధృవీకరించండి',
      verifying: 'తనిఖీ చేస్తున్నాం...',
      resendIn: (seconds: number) => `${seconds} సెకన్లలో కొత్త కోడ్ పంపవచ్చు`,
      resend: 'కొత్త కోడ్ పంపండి',
      changeNumber: 'నంబర్ మార్చండి',
    },
    /** The server's refusals (src/shared/schemas/verification.ts and my-data.ts), by case. */
    refusals: {
      wait: (seconds: number) => `కొత్త కోడ్ అడిగే ముందు దయచేసి ${seconds} సెకన్లు ఆగండి`,
      tooManyToday: 'ఈ నంబర్‌కు ఈ రోజు చాలా ఎక్కువ కోడ్‌లు అడిగారు',
      unavailable: 'ప్రస్తుతం కోడ్‌లు పంపలేకపోతున్నాం, దయచేసి రిసెప్షన్‌ను అడగండి',
      wrong: (left: number) => `ఈ కోడ్ సరైనది కాదు: ఇంకా ${left} ${left === 1 ? 'ప్రయత్నం మిగిలి ఉంది' : 'ప్రయత్నాలు మిగిలి ఉన్నాయి'}`,
      expired: 'ఈ కోడ్ గడువు ముగిసింది, కొత్త కోడ్ అడగండి',
      tooManyWrong: 'చాలాసార్లు తప్పు కోడ్ ఇచ్చారు, కొత్త కోడ్ అడగండి',
      verifyFirst: 'దయచేసి ముందుగా మీ మొబైల్ నంబర్‌ను ధృవీకరించండి',
      invalid: 'మీ ధృవీకరణ గడువు ముగిసింది, దయచేసి మీ మొబైల్ నంబర్‌ను మళ్లీ ధృవీకరించండి',
      codeInvalid: 'దయచేసి 6 అంకెల కోడ్ నమోదు చేయండి',
      noStay: 'ఈ హోటల్‌లో ఈ నంబర్‌కు వోచర్లు ఏవీ కనిపించలేదు',
      failed: 'ఏదో పొరపాటు జరిగింది, దయచేసి మళ్లీ ప్రయత్నించండి',
    },
    recover: {
      title: 'ఈ బసకు మీరు ఇప్పటికే వోచర్లు తీసుకున్నారు',
      intro: 'వేరే ఫోన్‌లో పేజీ తెరిచారా? ఈ నంబర్ మీదేనని కోడ్‌తో నిరూపించండి, మీ వోచర్లు ఇక్కడ కూడా కనిపిస్తాయి.',
      show: 'నా వోచర్లు చూపించండి',
      back: 'వెనక్కి',
      /** Without a provider: whom to ask instead. */
      askBefore: 'హోటల్ రిసెప్షన్ మీకు సహాయం చేయగలదు',
      /** ", or call our support line <phone>": the number is drawn as a link between the two. */
      askPhoneBefore: ', లేదా మా హెల్ప్‌లైన్ ',
      askPhoneAfter: 'కు కాల్ చేయండి',
      askAfter: '.',
    },
    myData: {
      title: 'నా డేటా',
      intro:
        'మీ మొబైల్ నంబర్ గురించి StayPerks ఏమి ఉంచుకుంటుందో చూడండి, దాన్ని డౌన్‌లోడ్ చేయండి, మీ పేరు సరిచేయండి, ఆఫర్లకు లేదా రిమైండర్లకు ఇచ్చిన సమ్మతిని ఉపసంహరించుకోండి, లేదా అంతా తొలగించండి.',
      phone: 'మొబైల్ నంబర్',
      next: 'కొనసాగించండి',
      none: 'ఈ నంబర్ గురించి మేము ఏమీ ఉంచుకోవడం లేదు.',
      stays: 'మీ బసలు',
      stay: (hotel: string) => hotel,
      dates: (scanned: string, checkout: string) => `స్కాన్: ${scanned} · చెక్-అవుట్: ${checkout}`,
      name: (name: string) => `పేరు: ${name}`,
      offersYes: 'తర్వాత ఆఫర్లు: అవును',
      vouchers: 'వోచర్లు',
      states: { unused: 'వాడలేదు', redeemed: 'వాడారు', cancelled: 'రద్దయింది', expired: 'గడువు ముగిసింది' },
      download: 'నా డేటాను డౌన్‌లోడ్ చేయండి (JSON)',
      correctTitle: 'నా పేరు సరిచేయండి',
      newName: 'పేరు',
      save: 'పేరు సేవ్ చేయండి',
      saved: 'మీ పేరును సరిచేశాం.',
      withdraw: 'తర్వాత ఆఫర్లు ఆపండి',
      withdrawn: 'తర్వాత మీకు ఆఫర్లు రావు.',
      remindersYes: 'రిమైండర్లు, రివ్యూ అభ్యర్థన: అవును',
      remindersStopped: 'రిమైండర్లు, రివ్యూ అభ్యర్థన: ఆగిపోయాయి',
      stopReminders: 'రిమైండర్లు ఆపండి',
      remindersStoppedNotice: 'ఇకపై మీకు రిమైండర్లు గానీ రివ్యూ అభ్యర్థనలు గానీ రావు.',
      eraseTitle: 'నా డేటాను తొలగించండి',
      eraseText: 'ప్రతి బస నుండి మీ పేరు, నంబర్‌ను తొలగిస్తాం, మీరు వాడని వోచర్లు రద్దవుతాయి. దీన్ని వెనక్కి తీసుకోవడం కుదరదు.',
      erase: 'నా డేటాను తొలగించండి',
      eraseConfirm: 'అవును, అంతా తొలగించండి',
      cancel: 'రద్దు చేయండి',
      erased: 'మీ డేటాను తొలగించాం.',
      again: 'మరో నంబర్‌ను చూడండి',
      /** Without a provider (503): the support line of GET /api/config. */
      askSupport: (phone: string) => `సహాయం కోసం మా హెల్ప్‌లైన్ ${phone}కు కాల్ చేయండి.`,
    },
  },
  privacy: {
    remindersTitle: 'రిమైండర్లు, రివ్యూ అభ్యర్థన',
    reminders:
      'మీరు "నా వోచర్ల గురించి నాకు గుర్తు చేయండి, రివ్యూ ఇవ్వమని నన్ను అడగండి" అని టిక్ చేస్తేనే: మీ చెక్-అవుట్ రోజు ఉదయం, మీరు వాడని వోచర్ల గురించి గుర్తు చేస్తాం; ఏదైనా వోచర్ గడువు ముగియడానికి 48 గంటల ముందు, అది వాడకుండా ఉండి, ఆ రోజు మీ చెక్-అవుట్ తర్వాత 3 రోజుల లోపు ఉంటే, దాని గురించి గుర్తు చేస్తాం; ఇంకా చెక్-అవుట్ మరుసటి రోజు, మీరు వోచర్ వాడినా వాడకపోయినా, మీ హోటల్ Google రివ్యూ లింక్‌ను ఒక్కసారి పంపుతాం. 21:00 నుండి 09:00 వరకు ఏమీ పంపము. ప్రతి మెసేజ్‌లో ఒక లింక్ ఉంటుంది, దాన్ని ఒక్కసారి నొక్కితే అవి ఆగిపోతాయి.',
    processorsTitle: 'మెసేజ్‌లను ఎవరు అందిస్తారు',
    processors:
      'వాటిని పంపడానికి మేము Meta (WhatsApp)ను, SMS గేట్‌వే Gupshupను వాడతాం, వీటికి మీ మొబైల్ నంబర్, మెసేజ్ అందుతాయి; నోటిఫికేషన్ల కోసం మీ బ్రౌజర్ పుష్ సర్వీస్‌ను (ఉదాహరణకు Google లేదా Apple పుష్ సర్వీస్), మీరు ఈ ఫోన్‌లో వాటిని అనుమతిస్తేనే వాడతాం, దానికి మెసేజ్ అందుతుంది కానీ మీ నంబర్ అందదు; ఇంకా Googleను హోటల్ రివ్యూ పేజీ కోసం, మీరు ఏదైనా వోచర్‌ను Google Walletకు జోడిస్తే దాని పాస్ కోసం వాడతాం. ప్రతి మెసేజ్‌కు మేము ఒక రికార్డు ఉంచుతాం; మెసేజ్ పంపిన మరుసటి రోజు అందులో నుండి మీ నంబర్‌ను తొలగిస్తాం.',
  },
  push: {
    ask: 'ఈ ఫోన్‌లోనే గుర్తు చేయండి',
    asking: 'ఆన్ చేస్తున్నాం…',
    done: 'రిమైండర్లు ఈ ఫోన్‌కు వస్తాయి',
    blocked: 'ఈ పేజీకి నోటిఫికేషన్లు బ్లాక్ అయ్యాయి: రిమైండర్లు మెసేజ్ ద్వారా వస్తాయి.',
    failed: 'ఇక్కడ రిమైండర్లను ఆన్ చేయలేకపోయాం: అవి మెసేజ్ ద్వారా వస్తాయి.',
  },
};
