import type { MessagingConfig } from '../env';
import {
  codeOf,
  httpFailure,
  internationalNumber,
  postToProvider,
  type ProviderMessenger,
  type MessengerOptions,
} from './messenger';

type WhatsAppConfig = Extract<MessagingConfig, { provider: 'whatsapp' }>;

/**
 * WhatsApp Cloud API (docs/OPERATING.md "Messages"): a verification code is an authentication template, sent as
 * POST {WHATSAPP_API_URL}/{phone number id}/messages with the access token as bearer; the code is the body's one
 * parameter and the copy-code button's. An authentication template cannot carry an opt-out link, so codes have none
 * (the guest asked for the code).
 */
export function whatsappMessenger(config: WhatsAppConfig, options: MessengerOptions): ProviderMessenger {
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    canSendCodes: true,
    async send(message) {
      const code = codeOf(message);
      if (code === undefined) return { ok: false, retryable: false, error: `no WhatsApp template for ${message.kind}` };
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: internationalNumber(message.recipient),
        type: 'template',
        template: {
          name: config.templateName,
          language: { code: config.templateLanguage },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
          ],
        },
      };
      const answer = await postToProvider(
        options,
        url,
        {
          headers: { Authorization: `Bearer ${config.accessToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
        message,
      );
      if ('ok' in answer) return answer;
      const id = messageIdOf(answer.body);
      if (answer.status >= 200 && answer.status < 300 && id) return { ok: true, providerMessageId: id };
      return httpFailure(answer.status, errorOf(answer.body), message);
    },
  };
}

/** `messages[0].id` of a Cloud API answer. */
function messageIdOf(body: unknown): string | undefined {
  const messages = (body as { messages?: { id?: unknown }[] } | null)?.messages;
  const id = Array.isArray(messages) ? messages[0]?.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** `error.message` (and code) of a Cloud API refusal. */
function errorOf(body: unknown): string {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string') return `${error.message} (code ${String(error.code)})`;
  return typeof body === 'string' ? body : 'unexpected answer';
}
