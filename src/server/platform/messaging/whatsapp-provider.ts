import type { WhatsAppConfig } from '../env';
import {
  codeOf,
  httpFailure,
  internationalNumber,
  postToProvider,
  type MessengerOptions,
  type OutgoingMessage,
  type ProviderMessenger,
  type SendResult,
} from './messenger';
import { isTemplateKind, languageOf, templateValues } from './templates';

/**
 * WhatsApp Cloud API (docs/OPERATING.md "Messages"): a message is a template, sent as
 * POST {WHATSAPP_API_URL}/{phone number id}/messages with the access token as bearer. A verification code is an
 * authentication template: the code is the body's one parameter and the copy-code button's; such a template cannot
 * carry an opt-out link, so codes have none (the guest asked for the code). A guest message is its kind's utility
 * template (WHATSAPP_TEMPLATE_<KIND>) in the guest's language (its code: `en`, `hi`, `ta`...), its body's positional parameters
 * ({{1}}, {{2}}...) in the order of messaging/templates.ts, links and the opt-out link among them. A template or a
 * language WhatsApp does not have is refused for good (a 4xx), so the outbox passes the message on.
 */
export function whatsappMessenger(config: WhatsAppConfig, options: MessengerOptions): ProviderMessenger {
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    canSendCodes: true,
    async send(message) {
      const template = templateOf(config, message);
      if ('ok' in template) return template;
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: internationalNumber(message.recipient),
        type: 'template',
        template,
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

interface TemplateObject {
  name: string;
  language: { code: string };
  components: { type: string; sub_type?: string; index?: string; parameters: { type: 'text'; text: string }[] }[];
}

/** The message's template object: the code's authentication template, or the guest message kind's utility one. */
function templateOf(
  config: WhatsAppConfig,
  message: OutgoingMessage,
): TemplateObject | Extract<SendResult, { ok: false }> {
  const text = (value: string) => ({ type: 'text' as const, text: value });
  const code = codeOf(message);
  if (code !== undefined)
    return {
      name: config.templateName,
      language: { code: config.templateLanguage },
      components: [
        { type: 'body', parameters: [text(code)] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [text(code)] },
      ],
    };
  if (!isTemplateKind(message.kind))
    return { ok: false, retryable: false, error: `no WhatsApp template for ${message.kind}` };
  const values = templateValues(message.kind, message.params);
  if ('missing' in values)
    return { ok: false, retryable: false, error: `${message.kind} without ${values.missing.join(', ')}` };
  return {
    name: config.templates[message.kind],
    language: { code: languageOf(message.params) },
    components: [{ type: 'body', parameters: values.map(text) }],
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
