import type { MessagingConfig } from '../env';
import {
  codeOf,
  httpFailure,
  internationalNumber,
  postToProvider,
  providerError,
  type ProviderMessenger,
  type MessengerOptions,
} from './messenger';

type SmsConfig = Extract<MessagingConfig, { provider: 'sms' }>;

/**
 * An Indian SMS gateway with DLT: Gupshup Enterprise SMS (docs/OPERATING.md "Messages"), chosen because its HTTP API
 * is documented and takes the DLT ids in the request itself (`principalEntityId`, `dltTemplateId`), so nothing has to
 * be mapped in the gateway's dashboard. One form POST to SMS_API_URL (method SendMessage, plain authentication: the
 * password travels in the body over HTTPS, never in a URL); the text is the DLT template with the code in its
 * `{#var#}`, which must match the registered template exactly.
 */
export function smsMessenger(config: SmsConfig, options: MessengerOptions): ProviderMessenger {
  return {
    channel: 'sms',
    canSendCodes: true,
    async send(message) {
      const code = codeOf(message);
      if (code === undefined) return { ok: false, retryable: false, error: `no SMS template for ${message.kind}` };
      const form = new URLSearchParams({
        method: 'SendMessage',
        send_to: internationalNumber(message.recipient),
        msg: config.templateText.replace('{#var#}', code),
        msg_type: 'TEXT',
        userid: config.userId,
        password: config.password,
        auth_scheme: 'plain',
        v: '1.1',
        format: 'json',
        mask: config.senderId,
        principalEntityId: config.dltEntityId,
        dltTemplateId: config.dltTemplateId,
      });
      const answer = await postToProvider(
        options,
        config.apiUrl,
        { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() },
        message,
      );
      if ('ok' in answer) return answer;
      if (answer.status < 200 || answer.status >= 300) return httpFailure(answer.status, String(answer.body), message);
      // 200 with {"response": {"status": "success" | "error", "id", "details"}}.
      const response = (answer.body as { response?: { status?: unknown; id?: unknown; details?: unknown } } | null)
        ?.response;
      if (response?.status === 'success' && (typeof response.id === 'string' || typeof response.id === 'number'))
        return { ok: true, providerMessageId: String(response.id) };
      return {
        ok: false,
        retryable: false,
        error: providerError(
          `gateway refused: ${typeof response?.details === 'string' ? response.details : JSON.stringify(answer.body)}`,
          message,
        ),
      };
    },
  };
}
