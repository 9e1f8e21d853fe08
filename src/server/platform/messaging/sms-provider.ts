import type { SmsConfig } from '../env';
import {
  codeOf,
  httpFailure,
  internationalNumber,
  postToProvider,
  providerError,
  type MessengerOptions,
  type OutgoingMessage,
  type ProviderMessenger,
  type SendResult,
} from './messenger';
import { fillDltTemplate, isTemplateKind, languageOf, templateValues } from './templates';

/**
 * An Indian SMS gateway with DLT: Gupshup Enterprise SMS (docs/OPERATING.md "Messages"), chosen because its HTTP API
 * is documented and takes the DLT ids in the request itself (`principalEntityId`, `dltTemplateId`), so nothing has to
 * be mapped in the gateway's dashboard. One form POST to SMS_API_URL (method SendMessage, plain authentication: the
 * password travels in the body over HTTPS, never in a URL); the text is the DLT template with its variables filled
 * in, which must match the registered template exactly: a code's template (SMS_DLT_TEMPLATE_ID, SMS_TEMPLATE_TEXT), or
 * a guest message's from SMS_TEMPLATES in the guest's language (English where a language has none; an Indian
 * script goes as Unicode text). A kind or language without a template fails for good, so the outbox passes the message on or marks it
 * failed with the reason.
 */
export function smsMessenger(config: SmsConfig, options: MessengerOptions): ProviderMessenger {
  return {
    channel: 'sms',
    canSendCodes: true,
    async send(message) {
      const content = smsContent(config, message);
      if ('ok' in content) return content;
      const form = new URLSearchParams({
        method: 'SendMessage',
        send_to: internationalNumber(message.recipient),
        msg: content.text,
        // Devanagari (or any text beyond ASCII) goes as Unicode, as the gateway asks for Hindi.
        msg_type: /^[\x20-\x7e]*$/.test(content.text) ? 'TEXT' : 'UNICODE_TEXT',
        userid: config.userId,
        password: config.password,
        auth_scheme: 'plain',
        v: '1.1',
        format: 'json',
        mask: config.senderId,
        principalEntityId: config.dltEntityId,
        dltTemplateId: content.templateId,
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

/** The text to send and its DLT template's id: the code's template, or the guest message kind's in its language. */
function smsContent(
  config: SmsConfig,
  message: OutgoingMessage,
): { text: string; templateId: string } | Extract<SendResult, { ok: false }> {
  const code = codeOf(message);
  if (code !== undefined)
    return { text: config.templateText.replace('{#var#}', code), templateId: config.dltTemplateId };
  if (!isTemplateKind(message.kind))
    return { ok: false, retryable: false, error: `no SMS template for ${message.kind}` };
  const language = languageOf(message.params);
  const templates = config.templates[message.kind];
  const template = templates?.[language] ?? templates?.en;
  if (!template)
    return { ok: false, retryable: false, error: `no SMS template for ${message.kind} (${language}) in SMS_TEMPLATES` };
  const values = templateValues(message.kind, message.params);
  if ('missing' in values)
    return { ok: false, retryable: false, error: `${message.kind} without ${values.missing.join(', ')}` };
  return { text: fillDltTemplate(template.text, values), templateId: template.id };
}
