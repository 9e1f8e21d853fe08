import type { GuestLanguage } from '../../src/shared/guest-languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type SmsConfig, type WhatsAppConfig } from '../../src/server/platform/env';
import { createMessenger } from '../../src/server/platform/messaging/create-messenger';
import type { OutgoingMessage } from '../../src/server/platform/messaging/messenger';
import {
  formOf,
  SMS_TEMPLATES,
  smsSent,
  startFakeGateway,
  whatsappSent,
  type FakeGateway,
} from '../support/fake-gateways';

/**
 * The message providers (docs/OPERATING.md "Messages") against a local fake of each gateway: the request's shape
 * (path, headers, body), success, and failures that may pass later (retryable) or will not. No test reaches the
 * internet.
 */
let gateway: FakeGateway;
beforeAll(async () => {
  gateway = await startFakeGateway();
});
afterAll(() => gateway.close());

const message: OutgoingMessage = {
  id: '0b9c7a52-7c55-4d8e-9d33-1f3f0f7c2a10',
  kind: 'verification_code',
  recipient: '9876543210',
  params: { code: '482913' },
};
const options = { log: () => {}, production: true, timeoutMs: 2_000 };

// The composers' params contract (modules/reminders): the whole text, its links, and each template's variables.
const VOUCHERS = 'https://stayperks.example/v/AAECAwQFBgcICQoLDA0ODwAAZ2s2AA.c2lnbmF0dXJlMTIzNDU2';
const OPT_OUT = 'https://stayperks.example/o/AAECAwQFBgcICQoLDA0ODwAAZ2s2AA.b3B0b3V0c2lnbmF0dXJl';
const common = { first_name: 'Asha', hotel: 'Seaview Resort', vouchers_url: VOUCHERS, opt_out_url: OPT_OUT };
const guestMessage = (
  kind: OutgoingMessage['kind'],
  language: GuestLanguage,
  params: Record<string, string>,
): OutgoingMessage => ({
  id: '5d3c1a2b-1111-4e2f-8a9b-0c1d2e3f4a5b',
  kind,
  recipient: '9876543210',
  params: { language, title: 'StayPerks', text: `A ${kind} for Asha ${VOUCHERS} ${OPT_OUT}`, url: VOUCHERS, ...params },
});
const checkout = (language: GuestLanguage) => guestMessage('checkout_reminder', language, { ...common, count: '3' });
const expiry = (language: GuestLanguage) =>
  guestMessage('expiry_reminder', language, {
    ...common,
    merchant: 'Cafe Mocha',
    offer: '20% off\nthe bill',
    expires_on: '28 Nov 2026',
  });
const review = (language: GuestLanguage) =>
  guestMessage('review_request', language, { ...common, url: 'https://g.page/r/CSeaviewDemo/review' });

describe('WhatsApp Cloud API', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://stayperks.example',
    MESSAGE_PROVIDER: 'whatsapp',
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_ACCESS_TOKEN: 'EAAtest',
    WHATSAPP_TEMPLATE_NAME: 'stayperks_code',
    WHATSAPP_TEMPLATE_LANGUAGE: 'en_US',
    WHATSAPP_TEMPLATE_REVIEW_REQUEST: 'stayperks_review_v2',
  });
  const whatsapp = () =>
    createMessenger({ ...(config.messaging as WhatsAppConfig), apiUrl: `${gateway.base}/v21.0` }, options);
  const templateOf = () => (JSON.parse(gateway.last().body) as { template: unknown }).template;

  it('posts the authentication template with the code as body and button parameter, bearer token', async () => {
    gateway.reply(whatsappSent());
    expect(await whatsapp().send(message)).toEqual({ ok: true, providerMessageId: 'wamid.HBgM123' });
    const request = gateway.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v21.0/1098765/messages');
    expect(request.headers.authorization).toBe('Bearer EAAtest');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'stayperks_code',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    });
  });

  it('a refusal (400) is not retried; 429, 5xx and a dropped connection are; the error holds no code or number', async () => {
    gateway.reply({ status: 400, body: { error: { message: 'Invalid parameter 9876543210 482913', code: 100 } } });
    const refused = await whatsapp().send(message);
    expect(refused).toMatchObject({ ok: false, retryable: false });
    expect(JSON.stringify(refused)).not.toMatch(/482913|9876543210/);
    expect(refused).toMatchObject({ error: expect.stringContaining('HTTP 400: Invalid parameter') });
    gateway.reply({ status: 429, body: { error: { message: 'Rate limit hit', code: 130429 } } });
    expect(await whatsapp().send(message)).toMatchObject({ ok: false, retryable: true });
    gateway.reply({ status: 503, body: 'Service Unavailable' });
    expect(await whatsapp().send(message)).toMatchObject({ ok: false, retryable: true });
    gateway.reply('hang-up');
    expect(await whatsapp().send(message)).toMatchObject({ ok: false, retryable: true });
  });

  const text = (value: string) => ({ type: 'text', text: value });
  it("sends each guest kind as its utility template in the guest's language, the body's parameters in order", async () => {
    gateway.reply(whatsappSent('wamid.guest'));
    expect(await whatsapp().send(checkout('en'))).toEqual({ ok: true, providerMessageId: 'wamid.guest' });
    expect(gateway.last().path).toBe('/v21.0/1098765/messages');
    expect(JSON.parse(gateway.last().body)).toMatchObject({ to: '919876543210', type: 'template' });
    expect(templateOf()).toEqual({
      name: 'stayperks_checkout_reminder',
      language: { code: 'en' },
      components: [
        { type: 'body', parameters: [text('Asha'), text('3'), text('Seaview Resort'), text(VOUCHERS), text(OPT_OUT)] },
      ],
    });

    await whatsapp().send(expiry('hi'));
    expect(templateOf()).toEqual({
      name: 'stayperks_expiry_reminder',
      language: { code: 'hi' },
      components: [
        {
          type: 'body',
          // A parameter is one line: WhatsApp refuses line breaks in one.
          parameters: [
            text('Asha'),
            text('Cafe Mocha'),
            text('20% off the bill'),
            text('28 Nov 2026'),
            text(VOUCHERS),
            text(OPT_OUT),
          ],
        },
      ],
    });

    // The template's name from WHATSAPP_TEMPLATE_REVIEW_REQUEST; the review link is `url`.
    await whatsapp().send(review('hi'));
    expect(templateOf()).toEqual({
      name: 'stayperks_review_v2',
      language: { code: 'hi' },
      components: [
        {
          type: 'body',
          parameters: [
            text('Asha'),
            text('Seaview Resort'),
            text('https://g.page/r/CSeaviewDemo/review'),
            text(OPT_OUT),
          ],
        },
      ],
    });
  });

  it('names each guest language by its own WhatsApp code; a language we do not have goes as English', async () => {
    for (const language of ['ta', 'te', 'kn', 'ml', 'bn', 'mr'] as const) {
      gateway.reply(whatsappSent(`wamid.${language}`));
      await whatsapp().send(checkout(language));
      expect(templateOf(), language).toMatchObject({ language: { code: language } });
    }
    gateway.reply(whatsappSent('wamid.fr'));
    const french = checkout('en');
    await whatsapp().send({ ...french, params: { ...french.params, language: 'fr' } });
    expect(templateOf()).toMatchObject({ language: { code: 'en' } });
  });

  it('a template WhatsApp does not have is a failure for good; a guest message missing a variable is not sent', async () => {
    const requests = gateway.seen.length;
    gateway.reply({
      status: 404,
      body: { error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } },
    });
    expect(await whatsapp().send(checkout('hi'))).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringContaining('132001'),
    });
    expect(gateway.seen.length).toBe(requests + 1);
    const { count: _count, ...withoutCount } = checkout('en').params;
    expect(await whatsapp().send({ ...checkout('en'), params: withoutCount })).toEqual({
      ok: false,
      retryable: false,
      error: 'checkout_reminder without count',
    });
    expect(await whatsapp().send({ ...message, kind: 'wallet_update', params: {} })).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(gateway.seen.length).toBe(requests + 1);
  });
});

describe('SMS gateway (Gupshup Enterprise, DLT)', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://stayperks.example',
    MESSAGE_PROVIDER: 'sms',
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: 'p@ss word',
    SMS_SENDER_ID: 'STYPRK',
    SMS_DLT_ENTITY_ID: '1101456780000012345',
    SMS_DLT_TEMPLATE_ID: '1107161234567890123',
    SMS_TEMPLATES,
  });
  const sms = (templates?: SmsConfig['templates']) =>
    createMessenger(
      {
        ...(config.messaging as SmsConfig),
        apiUrl: `${gateway.base}/GatewayAPI/rest`,
        ...(templates && { templates }),
      },
      options,
    );
  const credentials = {
    method: 'SendMessage',
    send_to: '919876543210',
    userid: '2000123456',
    password: 'p@ss word',
    auth_scheme: 'plain',
    v: '1.1',
    format: 'json',
    mask: 'STYPRK',
    principalEntityId: '1101456780000012345',
  };

  it('posts a form with the DLT entity and template ids, the sender id and the template text with the code', async () => {
    gateway.reply(smsSent());
    expect(await sms().send(message)).toEqual({ ok: true, providerMessageId: '4512345678901234567-1' });
    const request = gateway.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/GatewayAPI/rest');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(request)).toEqual({
      ...credentials,
      msg: '482913 is your StayPerks verification code. It is valid for 10 minutes.',
      msg_type: 'TEXT',
      dltTemplateId: '1107161234567890123',
    });
  });

  it('a gateway error is not retried; an HTTP 5xx is', async () => {
    gateway.reply({
      status: 200,
      body: { response: { id: '175', phone: '919876543210', status: 'error', details: 'DLT template not matched' } },
    });
    const refused = await sms().send(message);
    expect(refused).toMatchObject({ ok: false, retryable: false, error: 'gateway refused: DLT template not matched' });
    gateway.reply({ status: 502, body: 'Bad Gateway' });
    expect(await sms().send(message)).toMatchObject({ ok: false, retryable: true });
  });

  it("sends each guest kind by its DLT template in the guest's language, variables in order, Hindi as Unicode", async () => {
    gateway.reply(smsSent('sms-guest-1'));
    expect(await sms().send(checkout('en'))).toEqual({ ok: true, providerMessageId: 'sms-guest-1' });
    expect(formOf(gateway.last())).toEqual({
      ...credentials,
      msg: `Hi Asha, you have 3 unused vouchers from Seaview Resort: ${VOUCHERS} Stop these messages: ${OPT_OUT} -StayPerks`,
      msg_type: 'TEXT',
      dltTemplateId: '1107170000000000101',
    });

    await sms().send(checkout('hi'));
    expect(formOf(gateway.last())).toMatchObject({
      msg: `नमस्ते Asha, आपके 3 वाउचर अभी बाकी हैं (Seaview Resort): ${VOUCHERS} संदेश बंद करें: ${OPT_OUT} -StayPerks`,
      msg_type: 'UNICODE_TEXT',
      dltTemplateId: '1107170000000000102',
    });

    // No Hindi expiry template: the English one.
    await sms().send(expiry('hi'));
    expect(formOf(gateway.last())).toMatchObject({
      msg: `Hi Asha, your Cafe Mocha voucher (20% off the bill) expires on 28 Nov 2026: ${VOUCHERS} Stop: ${OPT_OUT} -StayPerks`,
      msg_type: 'TEXT',
      dltTemplateId: '1107170000000000201',
    });

    await sms().send(review('en'));
    expect(formOf(gateway.last())).toMatchObject({
      msg: `Hi Asha, how was Seaview Resort? Review: https://g.page/r/CSeaviewDemo/review Stop: ${OPT_OUT} -StayPerks`,
      dltTemplateId: '1107170000000000301',
    });
  });

  it('a kind without a DLT template is a failure for good, and nothing is posted', async () => {
    const requests = gateway.seen.length;
    expect(await sms({}).send(review('en'))).toEqual({
      ok: false,
      retryable: false,
      error: 'no SMS template for review_request (en) in SMS_TEMPLATES',
    });
    expect(await sms().send({ ...review('en'), params: { ...review('en').params, first_name: ' ' } })).toEqual({
      ok: false,
      retryable: false,
      error: 'review_request without first_name',
    });
    expect(gateway.seen.length).toBe(requests);
  });
});

describe('the log provider', () => {
  it('prints the code with the last 4 digits of the number, and sends nothing in production', async () => {
    const lines: string[] = [];
    const dev = createMessenger({ provider: 'log' }, { log: (line) => lines.push(line), production: false });
    expect(dev.canSendCodes).toBe(true);
    expect(await dev.send(message)).toMatchObject({ ok: true });
    expect(lines).toEqual(['Verification code for ******3210: 482913 (log provider: nothing was sent)']);
    const prod = createMessenger({ provider: 'log' }, { log: (line) => lines.push(line), production: true });
    expect(prod.canSendCodes).toBe(false);
    expect(await prod.send(message)).toMatchObject({ ok: false, retryable: false });
    expect(lines).toHaveLength(1);
  });

  it("prints a guest message's whole text on one line", async () => {
    const lines: string[] = [];
    const dev = createMessenger({ provider: 'log' }, { log: (line) => lines.push(line), production: false });
    const reminder = checkout('en');
    await dev.send({ ...reminder, params: { ...reminder.params, text: 'You have 3 unused vouchers.\nOpen: x' } });
    expect(lines).toEqual(['Message checkout_reminder for ******3210: You have 3 unused vouchers. Open: x']);
  });
});

describe('configuration', () => {
  it('defaults to the log provider and names each missing key of the chosen one', () => {
    expect(loadConfig({}).messaging).toEqual({ provider: 'log' });
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'whatsapp' })).toThrow(ConfigError);
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'whatsapp', WHATSAPP_ACCESS_TOKEN: 'x' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID is required when MESSAGE_PROVIDER is whatsapp[\s\S]*WHATSAPP_TEMPLATE_NAME/,
    );
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'sms', SMS_USER_ID: '1' })).toThrow(/SMS_DLT_ENTITY_ID is required/);
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'pigeon' })).toThrow(
      /MESSAGE_PROVIDER must be one of log, whatsapp, sms/,
    );
    expect(() =>
      loadConfig({
        MESSAGE_PROVIDER: 'sms',
        SMS_USER_ID: '1',
        SMS_PASSWORD: 'p',
        SMS_SENDER_ID: 'S',
        SMS_DLT_ENTITY_ID: '1',
        SMS_DLT_TEMPLATE_ID: '2',
        SMS_TEMPLATE_TEXT: 'Your code',
      }),
    ).toThrow(/SMS_TEMPLATE_TEXT must hold \{#var#\}/);
  });
});
