import { logGateway } from './log-gateway';
import type { PaymentConfig } from './payment-config';
import type { PaymentGateway } from './payment-gateway';
import { razorpayGateway } from './razorpay-gateway';

/** The gateway PAYMENT_GATEWAY names, or undefined for `none` (no payment links). */
export function createPaymentGateway(
  config: PaymentConfig,
  options: { log: (line: string) => void; publicUrl: string | undefined; fetch?: typeof fetch },
): PaymentGateway | undefined {
  switch (config.gateway) {
    case 'none':
      return undefined;
    case 'log':
      return logGateway(options);
    case 'razorpay':
      return razorpayGateway(config, { fetch: options.fetch });
  }
}
