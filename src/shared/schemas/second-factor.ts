import * as v from 'valibot';
import { currentPassword, previousToken } from './reauth';

/**
 * Two-step sign-in (docs/SECURITY.md "Second factor"): a 6-digit code from an authenticator app (TOTP, RFC 6238), or
 * one of the ten one-time recovery codes given when it was set up (10 letters and digits, shown as xxxxx-xxxxx).
 * Spaces and dashes people type or paste are dropped before checking.
 */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;

export const CODE_FORMAT = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;
export const RECOVERY_CODE_FORMAT = 'Enter one of your recovery codes (10 letters and digits)';
export const ONE_CODE = 'Send either a code or a recovery code';

const withoutSpaces = (text: string) => text.replace(/[\s-]+/g, '');

/** An authenticator app's current code. */
export const totpCode = () =>
  v.pipe(
    v.string(CODE_FORMAT),
    v.maxLength(20, CODE_FORMAT),
    v.transform(withoutSpaces),
    v.regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), CODE_FORMAT),
  );

/** A recovery code, in lower case without its dash. */
export const recoveryCode = () =>
  v.pipe(
    v.string(RECOVERY_CODE_FORMAT),
    v.maxLength(40, RECOVERY_CODE_FORMAT),
    v.transform((text) => withoutSpaces(text).toLowerCase()),
    v.regex(new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`), RECOVERY_CODE_FORMAT),
  );

/** POST /auth/second-factor/confirm: the first code from the app, which turns two-step sign-in on. */
export const SecondFactorCodeSchema = v.object({ code: totpCode() });
export type SecondFactorCodeInput = v.InferOutput<typeof SecondFactorCodeSchema>;

/** A code or a recovery code, exactly one of them. */
const codeOrRecoveryCode = {
  code: v.optional(totpCode()),
  recovery_code: v.optional(recoveryCode()),
};
const exactlyOne = <T extends { code?: string; recovery_code?: string }>() =>
  v.check<T, string>((input) => (input.code === undefined) !== (input.recovery_code === undefined), ONE_CODE);

/** POST /auth/login/mfa: the second step of a sign-in, with the token the first step answered. */
export const LoginSecondStepSchema = v.pipe(
  v.object({
    mfa_token: v.pipe(v.string('mfa_token is required'), v.nonEmpty('mfa_token is required'), v.maxLength(2000)),
    previous_token: previousToken(),
    ...codeOrRecoveryCode,
  }),
  exactlyOne(),
);
export type LoginSecondStepInput = v.InferOutput<typeof LoginSecondStepSchema>;

/**
 * POST /auth/second-factor/turn-off: the current password (re-authentication, docs/SECURITY.md "Re-authentication")
 * and a current code (or a recovery code), which proves the app is still at hand.
 */
export const TurnOffSecondFactorSchema = v.pipe(
  v.object({ current_password: currentPassword(), ...codeOrRecoveryCode }),
  exactlyOne(),
);
export type TurnOffSecondFactorInput = v.InferOutput<typeof TurnOffSecondFactorSchema>;

/** The web's own display of a recovery code: xxxxx-xxxxx. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
