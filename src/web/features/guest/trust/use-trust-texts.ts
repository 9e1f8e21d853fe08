import {
  CODE_EXPIRED,
  CODE_INVALID,
  CODES_UNAVAILABLE,
  TOO_MANY_CODES_TODAY,
  TOO_MANY_WRONG_CODES,
  VERIFICATION_INVALID,
  VERIFY_FIRST,
} from '../../../../shared/schemas/verification';
import { NO_STAY_TO_RECOVER } from '../../../../shared/schemas/my-data';
import { ApiError } from '../../../lib/api';
import { useGuestI18n } from '../i18n/i18n';
import { TRUST_EN, type TrustTexts } from './texts';

/**
 * The server's refusal in the guest's language: its exact words by case, the two with a number by their pattern, any
 * other through `message` (the guest catalogue's, for the schemas' words). Screens keep the error, not the text, so a
 * switch of language redraws it.
 */
export function refusalText(error: unknown, t: TrustTexts, message: (text: string) => string = (text) => text): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return t.refusals.failed;
  const detail = error.detail;
  const fixed: Record<string, string> = {
    [TOO_MANY_CODES_TODAY]: t.refusals.tooManyToday,
    [CODES_UNAVAILABLE]: t.refusals.unavailable,
    [CODE_EXPIRED]: t.refusals.expired,
    [TOO_MANY_WRONG_CODES]: t.refusals.tooManyWrong,
    [VERIFY_FIRST]: t.refusals.verifyFirst,
    [VERIFICATION_INVALID]: t.refusals.invalid,
    [CODE_INVALID]: t.refusals.codeInvalid,
    [NO_STAY_TO_RECOVER]: t.refusals.noStay,
  };
  if (fixed[detail]) return fixed[detail];
  const wait = /^Please wait (\d+) seconds/.exec(detail);
  if (wait) return t.refusals.wait(Number(wait[1]));
  const wrong = /^That code is not right: (\d+)/.exec(detail);
  if (wrong) return t.refusals.wrong(Number(wrong[1]));
  return detail ? message(detail) : t.refusals.failed;
}

/** This screen's texts in the guest's language. */
export function useTrustTexts(): TrustTexts {
  return useGuestI18n().catalogue?.trust ?? TRUST_EN;
}

/** A refusal kept as it came (an ApiError, or a local check's English words), drawn in the current language. */
export function useRefusalText(): (refusal: unknown) => string {
  const t = useTrustTexts();
  const { message } = useGuestI18n();
  return (refusal) => refusalText(typeof refusal === 'string' ? new ApiError(422, refusal) : refusal, t, message);
}
