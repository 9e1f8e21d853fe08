import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of a message gateway (docs/OPERATING.md "Messages"): it records every request (method, path, headers,
 * body) and answers what the test sets, so the providers are tested for the request's shape without the internet.
 */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type GatewayReply = { status: number; body: unknown } | 'hang-up';

export interface FakeGateway {
  /** http://127.0.0.1:<port> */
  base: string;
  seen: SeenRequest[];
  /** The last request. */
  last(): SeenRequest;
  /** What it answers from now on: one reply, or one per request. */
  reply(reply: GatewayReply | ((request: SeenRequest) => GatewayReply)): void;
  close(): Promise<void>;
}

export async function startFakeGateway(first: GatewayReply = { status: 200, body: {} }): Promise<FakeGateway> {
  const seen: SeenRequest[] = [];
  let answer: (request: SeenRequest) => GatewayReply = () => first;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const reply = answer(request);
      if (reply === 'hang-up') return void req.socket.destroy();
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    last: () => {
      const request = seen[seen.length - 1];
      if (!request) throw new Error('the fake gateway has had no request');
      return request;
    },
    reply(reply) {
      answer = typeof reply === 'function' ? reply : () => reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** WhatsApp Cloud API's answer to a sent message. */
export const whatsappSent = (id = 'wamid.HBgM123') => ({
  status: 200,
  body: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '919876543210', wa_id: '919876543210' }],
    messages: [{ id }],
  },
});

/** Gupshup Enterprise's answer to a sent SMS. */
export const smsSent = (id = '4512345678901234567-1') => ({
  status: 200,
  body: { response: { id, phone: '919876543210', status: 'success', details: '' } },
});

/** The form an SMS request posted, as an object. */
export const formOf = (request: SeenRequest) => Object.fromEntries(new URLSearchParams(request.body));

/** SMS_TEMPLATES as an operator writes it: English for every kind, Hindi for the check-out reminder only. */
export const SMS_TEMPLATES = JSON.stringify({
  checkout_reminder: {
    en: {
      id: '1107170000000000101',
      text: 'Hi {#var#}, you have {#var#} unused vouchers from {#var#}: {#url#} Stop these messages: {#url#} -StayPerks',
    },
    hi: {
      id: '1107170000000000102',
      text: 'नमस्ते {#var#}, आपके {#var#} वाउचर अभी बाकी हैं ({#var#}): {#url#} संदेश बंद करें: {#url#} -StayPerks',
    },
  },
  expiry_reminder: {
    en: {
      id: '1107170000000000201',
      text: 'Hi {#var#}, your {#var#} voucher ({#var#}) expires on {#var#}: {#url#} Stop: {#url#} -StayPerks',
    },
  },
  review_request: {
    en: { id: '1107170000000000301', text: 'Hi {#var#}, how was {#var#}? Review: {#url#} Stop: {#url#} -StayPerks' },
  },
});
