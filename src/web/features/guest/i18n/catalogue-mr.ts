import { rulesMr } from '../../../../shared/rule-texts/mr';
import type { Catalogue } from './catalogue';

/** Marathi: every guest text, with English's keys (catalogue.ts); loaded only when a guest picks Marathi. */
export const catalogue: Catalogue = {
  messages: {
    language: {
      /** What the header switch does, read after the other language's name (LANGUAGE_NAMES, i18n.tsx). */
      label: 'भाषा (Language)',
    },
    header: {
      welcome: 'आपले स्वागत आहे',
      yourHotel: 'तुमचे हॉटेल',
    },
    status: {
      hotelNotFound: 'हे हॉटेल सापडले नाही. कृपया तुमच्या खोलीतील QR कोड पुन्हा स्कॅन करा.',
      hotelInactive: 'हे हॉटेल सध्या व्हाउचर देत नाही. कृपया फ्रंट डेस्कवर विचारा.',
      hotelLoadFailed: 'हॉटेलची माहिती लोड करता आली नाही',
      offlineNoHotel: 'तुम्ही ऑफलाइन आहात. ऑफर पाहण्यासाठी इंटरनेटशी कनेक्ट व्हा.',
      offlineBanner: 'तुम्ही ऑफलाइन आहात. आधी पाहिलेल्या ऑफर तुम्ही पाहू शकता; व्हाउचर मिळवण्यासाठी इंटरनेट हवे.',
      offlineSubmit: 'तुम्ही ऑफलाइन आहात. तुमचे व्हाउचर मिळवण्यासाठी इंटरनेटशी कनेक्ट व्हा. तुम्ही भरलेली सर्व माहिती जपून ठेवली आहे.',
      verifyFailed: 'मोबाइल नंबरची पडताळणी होऊ शकली नाही',
      submitFailed: 'पाठवता आले नाही',
    },
    /** The shared schemas' and the server's messages the guest may see, by case (docs/PRODUCT.md "Forms and messages"). */
    messages: {
      nameRequired: 'कृपया तुमचे नाव लिहा',
      nameTooLong: 'नाव जास्तीत जास्त 100 अक्षरांचे असावे',
      nameCharacters: 'नावात परवानगी नसलेली चिन्हे आहेत',
      phoneInvalid: 'कृपया 10 अंकी योग्य मोबाइल नंबर लिहा',
      checkoutRequired: 'कृपया चेक-आउटची तारीख निवडा',
      checkoutPast: 'चेक-आउटची तारीख आजच्या आधीची असू शकत नाही',
      checkoutTooFar: 'चेक-आउटची तारीख एका वर्षाच्या आत असावी',
      consentRequired: 'गोपनीयता सूचनेला संमती देण्यासाठी कृपया संमतीच्या चौकटीत टिक करा',
      selectAtLeastOne: 'कृपया किमान एक व्हाउचर निवडा',
      selectAtMostThree: 'तुम्ही जास्तीत जास्त 3 व्हाउचर निवडू शकता',
      alreadyCollected: 'या मुक्कामाचे व्हाउचर तुम्ही आधीच घेतले आहेत',
      offersUnavailable: 'निवडलेल्यांपैकी एक किंवा अधिक व्हाउचर आता उपलब्ध नाहीत. कृपया पुन्हा निवडा.',
    },
    details: {
      title: 'तुमची माहिती भरा',
      intro: 'जवळपासच्या सर्वोत्तम ठिकाणांचे 3 पर्यंत मोफत व्हाउचर मिळवा.',
      name: 'नाव',
      phone: 'फोन नंबर',
      phonePlaceholder: '10 अंकी मोबाइल नंबर',
      checkout: 'चेक-आउटची तारीख',
      consent:
        'माझे व्हाउचर मिळवण्यासाठी आणि वापरण्यासाठी माझे नाव आणि मोबाइल नंबर StayPerks आणि मी निवडलेल्या व्यापाऱ्यांसोबत शेअर करण्यास मी सहमत आहे.',
      privacyLink: 'गोपनीयता सूचना',
      /** The reminders box (docs/PRODUCT.md "Reminders"): unticked, separate; without it nothing is sent later. */
      reminders: 'मला माझ्या व्हाउचरची आठवण करून द्या आणि रिव्ह्यूसाठी विचारा',
      marketing: 'नंतर StayPerks च्या भागीदारांच्या ऑफर मला पाठवा (ऐच्छिक)',
      checking: 'तपासत आहे...',
      continue: 'पुढे जा',
      topCategories: 'मुख्य श्रेणी',
    },
    categories: {
      title: 'श्रेणी निवडा',
      intro: 'तुमच्या मुक्कामात कशाचा आनंद घ्यायला आवडेल, ते निवडा.',
      loading: 'ऑफर लोड होत आहेत...',
      none: 'सध्या कोणतीही ऑफर उपलब्ध नाही. कृपया नंतर पुन्हा पाहा.',
      offerCount: (n: number) => `${n} ऑफर`,
    },
    offers: {
      back: 'श्रेणींकडे परत',
      intro: 'एकूण जास्तीत जास्त 3 व्हाउचरवर “निवडा” दाबा.',
      validUntil: (date: string) => `${date} पर्यंत वैध`,
      viewDetails: 'तपशील पाहा',
      select: 'निवडा',
      selected: '✓ निवडले',
      /** A percentage ("20% OFF") and a rupee amount ("₹150 OFF"), formatted for the language. */
      percentOff: (value: string) => `${value}% सूट`,
      rupeesOff: (value: string) => `₹${value} सूट`,
    },
    offerDetails: {
      title: 'ऑफरचा तपशील',
      merchant: 'व्यापारी',
      timings: 'वेळ',
      notAvailable: 'उपलब्ध नाही',
      valid: 'वैधता',
      until: (date: string) => `${date} पर्यंत`,
      description: 'वर्णन',
      terms: 'नियम व अटी',
      loading: 'तपशील लोड होत आहे...',
      offline: 'तुम्ही ऑफलाइन आहात. संपूर्ण तपशील पाहण्यासाठी इंटरनेटशी कनेक्ट व्हा.',
      failed: 'ऑफर लोड करता आल्या नाहीत',
    },
    /**
     * An offer's rules (docs/PRODUCT.md "Offer rules"), in the words of src/shared/offer-rules.ts describeOfferRules
     * (tests/unit/guest-i18n.test.ts checks they match), and when it can be used during the stay.
     */
    rules: rulesMr,
    selection: {
      label: 'निवडलेले व्हाउचर',
      /** "<strong>2</strong> of 3 vouchers selected": the number is drawn in bold before this text. */
      countAfter: (max: number) => ` / ${max} व्हाउचर निवडले`,
      selectMore: 'आणखी निवडा',
      confirm: (n: number) => `${n} व्हाउचर निश्चित करा`,
      busy: 'तुमचे व्हाउचर मिळवत आहोत...',
    },
    rating: {
      title: (hotel: string) => `${hotel} मधील तुमचा मुक्काम आवडत आहे ना?`,
      theHotel: 'हॉटेल',
      intro: 'तुमचे व्हाउचर तयार आहेत. वेळ असेल तर, तुमच्या मुक्कामाबद्दल इतरांना सांगा.',
      rate: 'Google वर रेटिंग द्या',
      disclaimer:
        'तुम्ही रिव्ह्यू दिला किंवा नाही दिला, तरी व्हाउचर तुमचेच आहेत. ते रिव्ह्यूचे बक्षीस नाहीत, आणि प्रत्येक रिव्ह्यूचे स्वागत आहे, मग तो चांगला असो वा वाईट.',
      /** "Showing your vouchers in <strong>12</strong> seconds...": the number is drawn in bold between the two. */
      countdownBefore: 'तुमचे व्हाउचर ',
      countdownAfter: (n: number) => (n === 1 ? ' सेकंदात दिसतील...' : ' सेकंदांत दिसतील...'),
    },
    vouchers: {
      congratulations: (firstName: string) => `अभिनंदन${firstName ? `, ${firstName}` : ''}!`,
      saved: 'तुमचे व्हाउचर या फोनवर सेव्ह झाले आहेत. वापरण्यासाठी काउंटरवर कोड दाखवा.',
      offline: ' तुम्ही ऑफलाइन आहात: तुमचे सेव्ह केलेले व्हाउचर दाखवले आहेत.',
      /** "Need help? Call our support line <phone>." (or "at the front desk" without a phone). */
      supportBefore: 'मदत हवी आहे? संपर्क: ',
      supportFrontDesk: 'फ्रंट डेस्क',
      supportAfter: '.',
      iosNote:
        'iPhone वर, 7 दिवस हे पेज न उघडल्यास Safari सेव्ह केलेले व्हाउचर पुसून टाकू शकते. हे पेज होम स्क्रीनवर जोडा (शेअर, मग “Add to Home Screen”) किंवा तुमचे व्हाउचर डाउनलोड करा.',
      moreTitle: 'आणखी व्हाउचर हवे आहेत?',
      moreText: 'StayPerks च्या भागीदार हॉटेलमध्ये राहा आणि जिथे जाल तिथल्या स्थानिक ऑफर मिळवा.',
      discover: 'StayPerks बद्दल जाणून घ्या',
      /** The link to My data (docs/PRIVACY.md "My data"). */
      myData: 'माझा डेटा: आम्ही ठेवलेली माहिती पाहा, डाउनलोड करा किंवा हटवा',
    },
    voucher: {
      label: (code: string) => `व्हाउचर ${code}`,
      code: 'कूपन कोड',
      qrAlt: (code: string) => `${code} चा QR कोड`,
      validUntil: (date: string) => `${date} पर्यंत वैध`,
      download: 'व्हाउचर डाउनलोड करा',
      saving: 'सेव्ह करत आहे...',
      downloaded: 'व्हाउचर डाउनलोड झाला!',
      saveFailed: 'व्हाउचर सेव्ह करता आला नाही. त्याऐवजी स्क्रीनशॉट घ्या.',
      pdf: 'PDF',
      share: 'शेअर करा',
      shareWhatsApp: 'WhatsApp वर शेअर करा',
      shareFailed: 'व्हाउचर शेअर करता आला नाही. त्याऐवजी तो डाउनलोड करा.',
      /** The shared text: merchant, offer, code, valid until, and the guest's own page (the vouchers open again there). */
      shareTitle: 'माझा StayPerks व्हाउचर',
      shareCode: (code: string) => `कोड: ${code}`,
      shareOpen: 'माझे व्हाउचर:',
      /** Google's own words for its badge (docs/PRODUCT.md "Google Wallet"). */
      wallet: 'Google Wallet मध्ये जोडा',
      walletFailed: 'Google Wallet उघडता आले नाही. कृपया पुन्हा प्रयत्न करा.',
      forTheShop: 'दुकानासाठी',
    },
    /** Where the shop is, on a voucher and in View Details (docs/PRODUCT.md "Screens", the guest flow). */
    place: {
      map: 'Google Maps मध्ये उघडा',
      call: (phone: string) => `${phone} वर कॉल करा`,
      hours: (from: string, to: string) => `उघडे: ${from} – ${to}`,
    },
    privacy: {
      title: 'गोपनीयता सूचना',
      back: 'मागे',
      updated: (version: string) => `आवृत्ती ${version}`,
      intro:
        'StayPerks हॉटेलमधील पाहुण्यांना स्थानिक दुकाने आणि रेस्टॉरंटचे मोफत व्हाउचर देते. आम्ही तुमच्याबद्दल कोणती माहिती ठेवतो आणि का, हे या सूचनेत सांगितले आहे.',
      whatTitle: 'आम्ही कोणती माहिती घेतो',
      what: 'तुमचे नाव, तुमचा मोबाइल नंबर, तुमची चेक-आउटची तारीख, तुम्ही राहत असलेले हॉटेल, तुम्ही निवडलेले व्हाउचर, पेजची भाषा, आणि तुम्ही कोणत्या ऐच्छिक चौकटींमध्ये टिक केली (रिमाइंडर, नंतरच्या ऑफर).',
      whyTitle: 'का',
      why: 'तुम्हाला तुमचे व्हाउचर देण्यासाठी, काउंटरवर व्यापाऱ्याला तुमचा व्हाउचर तपासता यावा यासाठी, एकाच मुक्कामासाठी दोनदा व्हाउचर घेतले जाऊ नयेत यासाठी, आणि हा उपक्रम कसा वापरला जातो हे मोजण्यासाठी.',
      howLongTitle: 'किती काळ',
      howLong: (days: number) =>
        `तुमचे नाव आणि मोबाइल नंबर तुमच्या चेक-आउटच्या तारखेनंतर ${days} दिवसांनी हटवले जातात. कोणाचेही नाव नसलेली आकडेवारी (किती व्हाउचर दिले गेले आणि वापरले गेले) ठेवली जाते.`,
      whoTitle: 'ही माहिती कोण पाहते',
      who: 'StayPerks चे कर्मचारी. तुम्ही व्हाउचर वापरता तेव्हा तुम्ही निवडलेले व्यापारी तुमचे नाव आणि तुमच्या मोबाइल नंबरचा काही भाग (पहिले 2 आणि शेवटचे 3 अंक) पाहतात; तुमचे हॉटेलही त्याच्या पाहुण्यांची तेवढीच माहिती पाहते. आम्ही तुमचा डेटा विकत नाही.',
      deleteTitle: 'तुमचा डेटा हटवणे',
      delete: 'तुमचे नाव आणि मोबाइल नंबर हटवायला तुम्ही आम्हाला कधीही सांगू शकता. त्यानंतर तुम्ही अजून न वापरलेले व्हाउचर रद्द होतात.',
      contactTitle: 'संपर्क',
      contactPhone: 'कॉल किंवा मेसेज करा:',
      contactEmail: 'ईमेल:',
      contactNone: 'StayPerks शी संपर्क साधण्यासाठी तुमच्या हॉटेलच्या फ्रंट डेस्कला सांगा.',
      myData: 'किंवा हे स्वतः करा: माझा डेटा',
    },
  },
  trust: {
    verify: {
      title: 'तुमच्या मोबाइल नंबरची पडताळणी करा',
      intro: (mobile: string) => `आम्ही ${mobile} वर 6 अंकी कोड पाठवू.`,
      send: 'कोड पाठवा',
      sending: 'पाठवत आहे...',
      sent: (mobile: string, channel: string) =>
        `आम्ही ${mobile} वर ${channel === 'whatsapp' ? 'WhatsApp द्वारे ' : channel === 'sms' ? 'SMS द्वारे ' : ''}कोड पाठवला आहे.`,
      code: '6 अंकी कोड',
      verify: 'पडताळणी करा',
      verifying: 'तपासत आहे...',
      resendIn: (seconds: number) => `${seconds} सेकंदांनंतर नवीन कोड पाठवा`,
      resend: 'नवीन कोड पाठवा',
      changeNumber: 'नंबर बदला',
    },
    /** The server's refusals (src/shared/schemas/verification.ts and my-data.ts), by case. */
    refusals: {
      wait: (seconds: number) => `नवीन कोड मागण्यापूर्वी कृपया ${seconds} सेकंद थांबा`,
      tooManyToday: 'या नंबरसाठी आज खूप जास्त कोड मागितले गेले आहेत',
      unavailable: 'सध्या कोड पाठवता येत नाहीत, कृपया रिसेप्शनवर विचारा',
      wrong: (left: number) => `हा कोड बरोबर नाही: आणखी ${left} प्रयत्न बाकी`,
      expired: 'या कोडची मुदत संपली आहे, नवीन कोड मागा',
      tooManyWrong: 'खूप वेळा चुकीचा कोड टाकला, नवीन कोड मागा',
      verifyFirst: 'कृपया आधी तुमच्या मोबाइल नंबरची पडताळणी करा',
      invalid: 'तुमच्या पडताळणीची मुदत संपली आहे, कृपया तुमच्या मोबाइल नंबरची पुन्हा पडताळणी करा',
      codeInvalid: 'कृपया 6 अंकी कोड टाका',
      noStay: 'या हॉटेलमध्ये या नंबरसाठी कोणतेही व्हाउचर सापडले नाहीत',
      failed: 'काहीतरी चुकले, कृपया पुन्हा प्रयत्न करा',
    },
    recover: {
      title: 'या मुक्कामाचे व्हाउचर तुम्ही आधीच घेतले आहेत',
      intro: 'दुसऱ्या फोनवर पेज उघडले आहे? हा नंबर तुमचाच आहे हे कोडद्वारे सिद्ध करा, म्हणजे तुमचे व्हाउचर इथेही दिसतील.',
      show: 'माझे व्हाउचर दाखवा',
      back: 'मागे',
      /** Without a provider: whom to ask instead. */
      askBefore: 'हॉटेलचे रिसेप्शन तुम्हाला मदत करू शकते',
      /** ", or call our support line <phone>": the number is drawn as a link between the two. */
      askPhoneBefore: ', किंवा आमच्या हेल्पलाइनवर कॉल करा: ',
      askPhoneAfter: '',
      askAfter: '.',
    },
    myData: {
      title: 'माझा डेटा',
      intro:
        'StayPerks तुमच्या मोबाइल नंबरबद्दल कोणती माहिती ठेवते ते पाहा, ती डाउनलोड करा, तुमचे नाव दुरुस्त करा, ऑफर किंवा रिमाइंडरसाठी दिलेली संमती मागे घ्या, किंवा सर्व हटवा.',
      phone: 'मोबाइल नंबर',
      next: 'पुढे जा',
      none: 'या नंबरबद्दल आम्ही कोणतीही माहिती ठेवत नाही.',
      stays: 'तुमचे मुक्काम',
      stay: (hotel: string) => hotel,
      dates: (scanned: string, checkout: string) => `स्कॅन: ${scanned} · चेक-आउट: ${checkout}`,
      name: (name: string) => `नाव: ${name}`,
      offersYes: 'नंतरच्या ऑफर: हो',
      vouchers: 'व्हाउचर',
      states: { unused: 'वापरलेला नाही', redeemed: 'वापरला', cancelled: 'रद्द', expired: 'मुदत संपली' },
      download: 'माझा डेटा डाउनलोड करा (JSON)',
      correctTitle: 'माझे नाव दुरुस्त करा',
      newName: 'नाव',
      save: 'नाव सेव्ह करा',
      saved: 'तुमचे नाव दुरुस्त केले आहे.',
      withdraw: 'नंतरच्या ऑफर बंद करा',
      withdrawn: 'यापुढे तुम्हाला ऑफर पाठवल्या जाणार नाहीत.',
      remindersYes: 'रिमाइंडर आणि रिव्ह्यूची विनंती: हो',
      remindersStopped: 'रिमाइंडर आणि रिव्ह्यूची विनंती: बंद',
      stopReminders: 'रिमाइंडर बंद करा',
      remindersStoppedNotice: 'यापुढे तुम्हाला रिमाइंडर किंवा रिव्ह्यूची विनंती येणार नाही.',
      eraseTitle: 'माझा डेटा हटवा',
      eraseText:
        'प्रत्येक मुक्कामातून तुमचे नाव आणि नंबर हटवले जातात, आणि तुम्ही न वापरलेले व्हाउचर रद्द होतात. हे पूर्ववत करता येणार नाही.',
      erase: 'माझा डेटा हटवा',
      eraseConfirm: 'हो, सर्व हटवा',
      cancel: 'रद्द करा',
      erased: 'तुमचा डेटा हटवला आहे.',
      again: 'दुसरा नंबर तपासा',
      /** Without a provider (503): the support line of GET /api/config. */
      askSupport: (phone: string) => `मदतीसाठी आमच्या हेल्पलाइनवर कॉल करा: ${phone}.`,
    },
  },
  privacy: {
    remindersTitle: 'रिमाइंडर आणि रिव्ह्यूची विनंती',
    reminders:
      'फक्त तुम्ही "मला माझ्या व्हाउचरची आठवण करून द्या आणि रिव्ह्यूसाठी विचारा" या चौकटीत टिक केली असेल तरच: तुमच्या चेक-आउटच्या दिवशी सकाळी आम्ही तुम्हाला न वापरलेल्या व्हाउचरची आठवण करून देतो; एखाद्या व्हाउचरची मुदत संपण्याच्या 48 तास आधी, तो वापरलेला नसेल आणि तो दिवस तुमच्या चेक-आउटनंतर 3 दिवसांच्या आत असेल, तर आम्ही तुम्हाला त्याची आठवण करून देतो; आणि चेक-आउटच्या दुसऱ्या दिवशी आम्ही तुम्हाला तुमच्या हॉटेलची Google रिव्ह्यू लिंक एकदा पाठवतो, तुम्ही व्हाउचर वापरला असो वा नसो. रात्री 21:00 ते सकाळी 09:00 या वेळेत काहीही पाठवले जात नाही. प्रत्येक मेसेजमध्ये एक लिंक असते, जिच्यावर एकदा टॅप केल्यावर मेसेज बंद होतात.',
    processorsTitle: 'मेसेज कोण पोहोचवते',
    processors:
      'मेसेज पाठवण्यासाठी आम्ही Meta (WhatsApp) आणि SMS गेटवे Gupshup वापरतो, ज्यांना तुमचा मोबाइल नंबर आणि मेसेज मिळतो; नोटिफिकेशनसाठी तुमच्या ब्राउझरची पुश सेवा (उदाहरणार्थ Google ची किंवा Apple ची), फक्त तुम्ही या फोनवर त्यांना परवानगी दिली तरच, जिला मेसेज मिळतो पण तुमचा नंबर नाही; आणि Google, हॉटेलच्या रिव्ह्यू पेजसाठी आणि, तुम्ही एखादा व्हाउचर Google Wallet मध्ये जोडल्यास, त्याच्या पाससाठी. आम्ही प्रत्येक मेसेजची नोंद ठेवतो; मेसेज पाठवल्याच्या दुसऱ्या दिवशी त्या नोंदीतून तुमचा नंबर हटवला जातो.',
  },
  push: {
    ask: 'या फोनवर आठवण करून द्या',
    asking: 'सुरू करत आहे…',
    done: 'रिमाइंडर या फोनवर येतील',
    blocked: 'या पेजसाठी नोटिफिकेशन बंद आहेत: रिमाइंडर मेसेजद्वारे येतील.',
    failed: 'इथे रिमाइंडर सुरू करता आले नाहीत: ते मेसेजद्वारे येतील.',
  },
};
