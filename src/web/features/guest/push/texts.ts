/** "Remind me on this phone" in English; other languages' are in their catalogue (i18n/<language>.ts). */
export const PUSH_EN = {
  ask: 'Remind me on this phone',
  asking: 'Turning on…',
  done: 'Reminders will come to this phone',
  blocked: 'Notifications are blocked for this page: reminders will come by message.',
  failed: 'Reminders could not be turned on here: they will come by message.',
};

export type PushTexts = typeof PUSH_EN;
