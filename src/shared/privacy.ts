/**
 * Guest privacy (docs/PRIVACY.md): the notice version stored with each scan's consent, the form a guest's name and
 * mobile take once anonymised, and the masked mobile merchants and hotels see.
 */

/** The version of the /privacy notice; bump it when the notice's meaning changes (scans keep the one agreed to). */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';

/** An anonymised scan's name: the lists stay readable, and nobody is named. */
export const ERASED_NAME = 'Guest (erased)';
/** An anonymised scan's mobile: holds no digit, so it is never a real number and no number search finds it. */
export const ERASED_MOBILE = 'erased';

/** How many days after check-out a guest's name and mobile are kept (GUEST_DATA_RETENTION_DAYS). */
export const DEFAULT_RETENTION_DAYS = 180;

/**
 * A mobile as merchants and hotels see it: the first 2 and the last 3 digits, the rest as * ("9812345210" →
 * "98*****210"). The erased marker is shown as it is; anything else too short to keep 5 digits of is starred whole.
 */
export function maskMobile(mobile: string): string {
  if (mobile === ERASED_MOBILE) return mobile;
  if (mobile.length < 8) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}`;
}
