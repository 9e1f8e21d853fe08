import type { GuestLanguage } from '../../src/shared/guest-languages';
import type { Catalogue } from '../../src/web/features/guest/i18n/catalogue';
import { catalogue as bn } from '../../src/web/features/guest/i18n/catalogue-bn';
import { catalogue as hi } from '../../src/web/features/guest/i18n/catalogue-hi';
import { catalogue as kn } from '../../src/web/features/guest/i18n/catalogue-kn';
import { catalogue as ml } from '../../src/web/features/guest/i18n/catalogue-ml';
import { catalogue as mr } from '../../src/web/features/guest/i18n/catalogue-mr';
import { catalogue as ta } from '../../src/web/features/guest/i18n/catalogue-ta';
import { catalogue as te } from '../../src/web/features/guest/i18n/catalogue-te';
import { en } from '../../src/web/features/guest/i18n/en';
import { PRIVACY_REMINDERS_EN } from '../../src/web/features/guest/privacy-texts';
import { PUSH_EN } from '../../src/web/features/guest/push/texts';
import { TRUST_EN } from '../../src/web/features/guest/trust/texts';

/** Every language's web catalogue, English's assembled from its parts (the app loads them per screen). */
export const WEB_CATALOGUES: Record<GuestLanguage, Catalogue> = {
  en: { messages: en, trust: TRUST_EN, privacy: PRIVACY_REMINDERS_EN, push: PUSH_EN },
  hi,
  ta,
  te,
  kn,
  ml,
  bn,
  mr,
};
