import { randomBytes } from 'node:crypto';
import type { PaymentGateway } from './payment-gateway';
import { readRazorpayWebhook } from './razorpay-gateway';

/** The development webhook secret of the `log` gateway (docs/OPERATING.md "Payments": a demo payment by curl). */
export const LOG_GATEWAY_WEBHOOK_SECRET = 'stayperks-log-gateway';

/**
 * The `log` gateway (development, the demo): a link is a log line and an address that goes nowhere; its webhooks
 * are Razorpay's shape signed with LOG_GATEWAY_WEBHOOK_SECRET, so a demo payment can be played by hand. Refused in
 * production by the configuration.
 */
export function logGateway(options: { log: (line: string) => void; publicUrl: string | undefined }): PaymentGateway {
  return {
    name: 'log',
    createLink(request) {
      const gatewayLinkId = `plink_log${randomBytes(6).toString('hex')}`;
      const url = `${options.publicUrl ?? 'http://localhost'}/pay/${gatewayLinkId}`;
      options.log(
        `Payment link ${gatewayLinkId} for ₹${(request.amountPaise / 100).toFixed(2)} to ${request.customer.name}: ${url} (log gateway: nothing was sent)`,
      );
      return Promise.resolve({ gatewayLinkId, url });
    },
    readWebhook: (rawBody, headers) => readRazorpayWebhook(LOG_GATEWAY_WEBHOOK_SECRET, rawBody, headers),
  };
}
