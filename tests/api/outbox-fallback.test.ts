import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueMessages } from '../../src/server/modules/messages/messages.job';
import { enqueueMessage } from '../../src/server/modules/messages/messages.service';
import { loadConfig } from '../../src/server/platform/env';
import { outboxChannels } from '../../src/server/platform/outbox';
import { TEST_JWT_SECRET, useTestContext } from '../support';
import {
  formOf,
  SMS_TEMPLATES,
  smsSent,
  startFakeGateway,
  whatsappSent,
  type FakeGateway,
} from '../support/fake-gateways';
import { messages } from '../support/tables';

/**
 * MESSAGE_FALLBACK (docs/OPERATING.md "Messages"): the outbox, wired from the environment as the server wires it,
 * sends a guest message by WhatsApp and, when WhatsApp refuses it for good (a template or language it does not
 * have), by SMS at once; a failure that may pass later stays with WhatsApp; when both refuse, the message is failed
 * with the reason, for Settings to show. Both gateways are local fakes.
 */
const t = useTestContext();
let whatsapp: FakeGateway;
let sms: FakeGateway;
/** 10:00 in Kolkata: outside quiet hours. */
const DAY = () => new Date('2026-11-26T04:30:00Z');

beforeAll(async () => {
  whatsapp = await startFakeGateway(whatsappSent());
  sms = await startFakeGateway(smsSent());
});
afterAll(async () => {
  await whatsapp.close();
  await sms.close();
});

/** The outbox's channels from the environment: WhatsApp first, SMS as the fallback. */
function channels(smsTemplates = SMS_TEMPLATES) {
  const config = loadConfig({
    NODE_ENV: 'test',
    MESSAGE_PROVIDER: 'whatsapp',
    WHATSAPP_API_URL: `${whatsapp.base}/v21.0`,
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_ACCESS_TOKEN: 'EAAtest',
    WHATSAPP_TEMPLATE_NAME: 'stayperks_code',
    MESSAGE_FALLBACK: 'sms',
    SMS_API_URL: `${sms.base}/GatewayAPI/rest`,
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: 'secret',
    SMS_SENDER_ID: 'STYPRK',
    SMS_DLT_ENTITY_ID: '1101456780000012345',
    SMS_DLT_TEMPLATE_ID: '1107161234567890123',
    SMS_TEMPLATES: smsTemplates,
  });
  const { messenger, fallbacks } = outboxChannels({
    db: t.db,
    config,
    log: () => {},
    secret: () => TEST_JWT_SECRET,
  });
  return { messenger, fallbacks };
}

const VOUCHERS = 'https://stayperks.example/v/AAECAwQFBgcICQoLDA0ODwAAZ2s2AA.c2lnbmF0dXJlMTIzNDU2';
const OPT_OUT = 'https://stayperks.example/o/AAECAwQFBgcICQoLDA0ODwAAZ2s2AA.b3B0b3V0c2lnbmF0dXJl';

async function queueCheckout(
  language: 'en' | 'hi',
  kind: 'checkout_reminder' | 'review_request' = 'checkout_reminder',
) {
  const subject = randomUUID();
  await enqueueMessage(t.db, {
    subject,
    kind,
    channel: 'whatsapp',
    recipient: '9876543210',
    params: {
      language,
      title: 'StayPerks',
      text: `You have 3 unused vouchers ${VOUCHERS} ${OPT_OUT}`,
      url: kind === 'review_request' ? 'https://g.page/r/CSeaviewDemo/review' : VOUCHERS,
      opt_out_url: OPT_OUT,
      vouchers_url: VOUCHERS,
      first_name: 'Asha',
      hotel: 'Seaview Resort',
      count: '3',
    },
  });
  return subject;
}
const rowOf = async (subject: string) => (await t.db.select().from(messages).where(eq(messages.subject, subject)))[0]!;
const pass = (wired: ReturnType<typeof channels>) =>
  sendDueMessages({ db: t.db, ...wired, timeZone: 'Asia/Kolkata', serverId: 'fallback-test', now: DAY });

describe('MESSAGE_FALLBACK: SMS after WhatsApp', () => {
  it("takes a message WhatsApp refuses for good, at once, by its DLT template in the guest's language", async () => {
    const wired = channels();
    expect(wired.fallbacks?.map((fallback) => fallback.channel)).toEqual(['sms']);
    whatsapp.reply({
      status: 404,
      body: { error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } },
    });
    sms.reply(smsSent('sms-after-whatsapp'));
    const [whatsappBefore, smsBefore] = [whatsapp.seen.length, sms.seen.length];
    const subject = await queueCheckout('hi');

    expect(await pass(wired)).toMatchObject({ sent: 1, failed: 0 });
    // WhatsApp was asked once for the Hindi check-out template...
    expect(whatsapp.seen.length).toBe(whatsappBefore + 1);
    expect(JSON.parse(whatsapp.last().body)).toMatchObject({
      template: { name: 'stayperks_checkout_reminder', language: { code: 'hi' } },
    });
    // ...then the gateway sent the Hindi DLT template.
    expect(sms.seen.length).toBe(smsBefore + 1);
    expect(formOf(sms.last())).toMatchObject({
      send_to: '919876543210',
      dltTemplateId: '1107170000000000102',
      principalEntityId: '1101456780000012345',
      msg_type: 'UNICODE_TEXT',
      msg: `नमस्ते Asha, आपके 3 वाउचर अभी बाकी हैं (Seaview Resort): ${VOUCHERS} संदेश बंद करें: ${OPT_OUT} -StayPerks`,
    });
    expect(await rowOf(subject)).toMatchObject({
      status: 'sent',
      channel: 'sms',
      providerMessageId: 'sms-after-whatsapp',
      params: {},
    });
  });

  it('leaves a message WhatsApp may take later (503) with WhatsApp, for its retry', async () => {
    whatsapp.reply({ status: 503, body: 'Service Unavailable' });
    const smsBefore = sms.seen.length;
    const subject = await queueCheckout('en');
    expect(await pass(channels())).toMatchObject({ sent: 0, retried: 1 });
    expect(sms.seen.length).toBe(smsBefore);
    expect(await rowOf(subject)).toMatchObject({
      status: 'queued',
      channel: 'whatsapp',
      lastError: 'HTTP 503: Service Unavailable',
    });
    await t.db.update(messages).set({ status: 'cancelled' }).where(eq(messages.subject, subject));
  });

  it('fails a message both refuse, with the reason for Settings, and sends nothing for it by SMS', async () => {
    whatsapp.reply({ status: 400, body: { error: { message: 'Template paused', code: 132015 } } });
    const smsBefore = sms.seen.length;
    const subject = await queueCheckout('en', 'review_request');
    // The operator registered no DLT template for review requests.
    const { review_request: _none, ...withoutReview } = JSON.parse(SMS_TEMPLATES) as Record<string, unknown>;
    expect(await pass(channels(JSON.stringify(withoutReview)))).toMatchObject({ sent: 0, failed: 1 });
    expect(sms.seen.length).toBe(smsBefore);
    expect(await rowOf(subject)).toMatchObject({
      status: 'failed',
      channel: 'sms',
      lastError: 'no SMS template for review_request (en) in SMS_TEMPLATES',
      params: {},
    });
    const superadmin = await t.tokenAs('superadmin');
    const delivery = await t.request('GET', '/api/settings/messaging/delivery?days=1', { token: superadmin });
    expect(delivery.body.failures).toContainEqual(
      expect.objectContaining({
        kind: 'review_request',
        channel: 'sms',
        status: 'failed',
        last_error: 'no SMS template for review_request (en) in SMS_TEMPLATES',
      }),
    );
  });
});
