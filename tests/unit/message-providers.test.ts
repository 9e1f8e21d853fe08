import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/env';
import { createMessenger } from '../../src/server/platform/messaging/create-messenger';
import type { OutgoingMessage } from '../../src/server/platform/messaging/messenger';

/**
 * The message providers (docs/OPERATING.md "Messages") against a local fake of each gateway: the request's shape
 * (path, headers, body), success, and failures that may pass later (retryable) or will not. No test reaches the
 * internet.
 */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let reply: { status: number; body: unknown } | 'hang-up' = { status: 200, body: {} };
let base = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += String(chunk)));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    if (reply === 'hang-up') return void req.socket.destroy();
    res.writeHead(reply.status, { 'Content-Type': 'application/json' });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const message: OutgoingMessage = {
  id: '0b9c7a52-7c55-4d8e-9d33-1f3f0f7c2a10',
  kind: 'verification_code',
  recipient: '9876543210',
  params: { code: '482913' },
};
const options = { log: () => {}, production: true, timeoutMs: 2_000 };
const last = () => seen[seen.length - 1]!;

describe('WhatsApp Cloud API', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    MESSAGE_PROVIDER: 'whatsapp',
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_ACCESS_TOKEN: 'EAAtest',
    WHATSAPP_TEMPLATE_NAME: 'stayperks_code',
    WHATSAPP_TEMPLATE_LANGUAGE: 'en_US',
  });
  const whatsapp = () =>
    createMessenger(
      { ...(config.messaging as Extract<typeof config.messaging, { provider: 'whatsapp' }>), apiUrl: `${base}/v21.0` },
      options,
    );

  it('posts the authentication template with the code as body and button parameter, bearer token', async () => {
    reply = { status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.HBgM123' }] } };
    expect(await whatsapp().send(message)).toEqual({ ok: true, providerMessageId: 'wamid.HBgM123' });
    const request = last();
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
    reply = { status: 400, body: { error: { message: 'Invalid parameter 9876543210 482913', code: 100 } } };
    const refused = await whatsapp().send(message);
    expect(refused).toMatchObject({ ok: false, retryable: false });
    expect(JSON.stringify(refused)).not.toMatch(/482913|9876543210/);
    expect(refused).toMatchObject({ error: expect.stringContaining('HTTP 400: Invalid parameter') });
    reply = { status: 429, body: { error: { message: 'Rate limit hit', code: 130429 } } };
    expect(await whatsapp().send(message)).toMatchObject({ ok: false, retryable: true });
    reply = { status: 503, body: 'Service Unavailable' };
    expect(await whatsapp().send(message)).toMatchObject({ ok: false, retryable: true });
    reply = 'hang-up';
    expect(await whatsapp().send(message)).toMatchObject({ ok: false, retryable: true });
  });
});

describe('SMS gateway (Gupshup Enterprise, DLT)', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    MESSAGE_PROVIDER: 'sms',
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: 'p@ss word',
    SMS_SENDER_ID: 'STYPRK',
    SMS_DLT_ENTITY_ID: '1101456780000012345',
    SMS_DLT_TEMPLATE_ID: '1107161234567890123',
  });
  const sms = () =>
    createMessenger(
      {
        ...(config.messaging as Extract<typeof config.messaging, { provider: 'sms' }>),
        apiUrl: `${base}/GatewayAPI/rest`,
      },
      options,
    );

  it('posts a form with the DLT entity and template ids, the sender id and the template text with the code', async () => {
    reply = {
      status: 200,
      body: { response: { id: '4512345678901234567-1', phone: '919876543210', status: 'success', details: '' } },
    };
    expect(await sms().send(message)).toEqual({ ok: true, providerMessageId: '4512345678901234567-1' });
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/GatewayAPI/rest');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      method: 'SendMessage',
      send_to: '919876543210',
      msg: '482913 is your StayPerks verification code. It is valid for 10 minutes.',
      msg_type: 'TEXT',
      userid: '2000123456',
      password: 'p@ss word',
      auth_scheme: 'plain',
      v: '1.1',
      format: 'json',
      mask: 'STYPRK',
      principalEntityId: '1101456780000012345',
      dltTemplateId: '1107161234567890123',
    });
  });

  it('a gateway error is not retried; an HTTP 5xx is', async () => {
    reply = {
      status: 200,
      body: { response: { id: '175', phone: '919876543210', status: 'error', details: 'DLT template not matched' } },
    };
    const refused = await sms().send(message);
    expect(refused).toMatchObject({ ok: false, retryable: false, error: 'gateway refused: DLT template not matched' });
    reply = { status: 502, body: 'Bad Gateway' };
    expect(await sms().send(message)).toMatchObject({ ok: false, retryable: true });
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
