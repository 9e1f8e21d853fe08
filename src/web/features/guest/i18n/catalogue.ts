import type { PrivacyReminderTexts } from '../privacy-texts';
import type { PushTexts } from '../push/texts';
import type { TrustTexts } from '../trust/texts';
import type { Messages } from './en';

/**
 * One language's guest texts (docs/DEVELOPING.md "Languages"): the page (`messages`, with the offers' rules from
 * src/shared/rule-texts), phone verification and My data (`trust`), the privacy notice's reminder sections
 * (`privacy`) and "Remind me on this phone" (`push`). A language other than English is one file, i18n/<language>.ts,
 * loaded whole when a guest picks it; English is split by screen so the first screen carries only `messages`.
 */
export interface Catalogue {
  messages: Messages;
  trust: TrustTexts;
  privacy: PrivacyReminderTexts;
  push: PushTexts;
}
