/**
 * The privacy notice's sections on reminders (docs/PRIVACY.md "Reminders and review requests"): what is sent, when,
 * only with the reminders box, and who delivers it. Kept beside the notice, which loads on its own, so the guest's
 * first screen does not carry them (docs/DEVELOPING.md "Guest page first load"); English and Hindi with the same keys
 * (tests/unit/reminder-texts.test.ts).
 */
export const PRIVACY_REMINDERS_EN = {
  remindersTitle: 'Reminders and a review request',
  reminders:
    'Only if you tick "Remind me about my vouchers and ask me for a review": on your check-out morning we remind you of the vouchers you have not used; 48 hours before a voucher expires, if it is unused and that day is within 3 days after your check-out, we remind you of it; and the day after check-out we send you your hotel\'s Google review link, once, whether or not you used a voucher. Nothing is sent between 21:00 and 09:00. Every message has a link that stops them in one tap.',
  processorsTitle: 'Who delivers the messages',
  processors:
    "To send them we use Meta (WhatsApp) and the SMS gateway Gupshup, which get your mobile number and the message; your browser's push service (for example Google's or Apple's) for notifications, only if you allow them on this phone, which gets the message but not your number; and Google, for the hotel's review page and, if you add a voucher to Google Wallet, its pass. We keep a record of each message; your number is erased from it the day after it is sent.",
};

export type PrivacyReminderTexts = typeof PRIVACY_REMINDERS_EN;
