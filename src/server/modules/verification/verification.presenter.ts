import * as v from 'valibot';
import { int, named } from '../../platform/openapi/shapes';

/** POST /verification/request: the code is on its way (docs/PRODUCT.md "Guest trust"). */
export const CodeRequestedView = named(
  'CodeRequested',
  v.strictObject({
    resend_after_seconds: int,
    expires_in_seconds: int,
    channel: v.picklist(['log', 'whatsapp', 'sms']),
  }),
);
export type CodeRequestedView = v.InferOutput<typeof CodeRequestedView>;

/** POST /verification/verify: the number is proven; the token goes with the claim, recovery or My data call. */
export const VerifiedView = named(
  'Verified',
  v.strictObject({ verification_token: v.string(), expires_in_seconds: int }),
);
export type VerifiedView = v.InferOutput<typeof VerifiedView>;
