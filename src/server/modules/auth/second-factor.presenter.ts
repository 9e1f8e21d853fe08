import * as v from 'valibot';
import { named } from '../../platform/openapi/shapes';

/** GET /auth/second-factor: whether two-step sign-in is on, whether the login's role requires it, codes left. */
export const SecondFactorStatusView = named(
  'SecondFactorStatus',
  v.strictObject({ enabled: v.boolean(), required: v.boolean(), recovery_codes_left: v.number() }),
);
export type SecondFactorStatusView = v.InferOutput<typeof SecondFactorStatusView>;

/** POST /auth/second-factor/setup: the new secret as text and as the otpauth:// URI its QR code carries. */
export const SecondFactorSetupView = named(
  'SecondFactorSetup',
  v.strictObject({ secret: v.string(), otpauth_uri: v.string() }),
);
export type SecondFactorSetupView = v.InferOutput<typeof SecondFactorSetupView>;

/** POST /auth/second-factor/confirm: the ten recovery codes, shown once (xxxxx-xxxxx). */
export const RecoveryCodesView = named('RecoveryCodes', v.strictObject({ recovery_codes: v.array(v.string()) }));
export type RecoveryCodesView = v.InferOutput<typeof RecoveryCodesView>;

/** POST /auth/login when two-step sign-in is on: no session yet, a 5-minute token for POST /auth/login/mfa. */
export const SecondStepView = named(
  'SecondStep',
  v.strictObject({ mfa_required: v.literal(true), mfa_token: v.string() }),
);
export type SecondStepView = v.InferOutput<typeof SecondStepView>;
