import type { RazorpayConfig } from './razorpay-gateway';

/** PAYMENT_GATEWAY and its keys (docs/OPERATING.md "Payments"); `none`: no payment links, payments by hand only. */
export type PaymentConfig = { gateway: 'none' } | { gateway: 'log' } | RazorpayConfig;

export const PAYMENT_GATEWAY_NAMES = ['none', 'log', 'razorpay'] as const;

/**
 * The gateway's settings, or what is wrong with them: `log` by default in development (the demo's links), `none`
 * elsewhere; `log` is refused in production (its links go nowhere), and Razorpay needs its three keys.
 */
export function paymentConfig(env: {
  NODE_ENV: string;
  PAYMENT_GATEWAY?: (typeof PAYMENT_GATEWAY_NAMES)[number];
  RAZORPAY_API_URL: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
}): PaymentConfig | string[] {
  const gateway = env.PAYMENT_GATEWAY ?? (env.NODE_ENV === 'development' ? 'log' : 'none');
  if (gateway === 'none') return { gateway };
  if (gateway === 'log')
    return env.NODE_ENV === 'production'
      ? ['PAYMENT_GATEWAY=log is refused in production: its payment links go nowhere. Use razorpay or none']
      : { gateway };
  const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter(
    (key) => !env[key],
  );
  if (missing.length > 0) return missing.map((key) => `${key} is required when PAYMENT_GATEWAY=razorpay`);
  return {
    gateway,
    apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ''),
    keyId: env.RAZORPAY_KEY_ID!,
    keySecret: env.RAZORPAY_KEY_SECRET!,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
  };
}
