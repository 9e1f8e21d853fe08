import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/env';

function configError(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('fills in the defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      production: false,
      nodeEnv: 'development',
      mfaRequired: false,
      adminUsername: undefined,
      adminPassword: undefined,
      jwtSecret: undefined,
      timeZone: 'Asia/Kolkata',
      publicUrl: undefined,
      vapidSubject: 'mailto:support@stayperks.in',
      googlePlacesApiKey: undefined,
      googlePlacesBaseUrl: 'https://places.googleapis.com',
      trustProxy: 0,
      logLevel: 'info',
      requestLogLevel: 'debug',
      guestDataRetentionDays: 180,
      messaging: { provider: 'log' },
      messagingFallback: undefined,
      mail: { provider: 'log' },
      payments: { gateway: 'log' },
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/stayperks',
      DATABASE_URL: 'postgresql://app:secret@db:5432/stayperks',
      NODE_ENV: 'production',
      ADMIN_USERNAME: ' owner ',
      ADMIN_PASSWORD: 'a-long-secret',
      JWT_SECRET: 'x'.repeat(32),
      APP_TIMEZONE: 'Europe/London',
      PUBLIC_URL: 'https://stayperks.example/',
      VAPID_SUBJECT: 'https://stayperks.example/contact',
      GOOGLE_PLACES_API_KEY: 'key',
      GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:9999/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      GUEST_DATA_RETENTION_DAYS: '30',
      MESSAGE_PROVIDER: 'whatsapp',
      WHATSAPP_API_URL: 'http://127.0.0.1:9998/v21.0/',
      WHATSAPP_PHONE_NUMBER_ID: '1098765',
      WHATSAPP_ACCESS_TOKEN: 'EAAtoken',
      WHATSAPP_TEMPLATE_NAME: 'stayperks_code',
      WHATSAPP_TEMPLATE_LANGUAGE: 'hi',
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_API_URL: 'http://127.0.0.1:9997/',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'rzp_secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec',
    });
    expect(config).toEqual({
      port: 8080,
      dataDir: '/var/lib/stayperks',
      databaseUrl: 'postgresql://app:secret@db:5432/stayperks',
      production: true,
      nodeEnv: 'production',
      mfaRequired: true,
      adminUsername: 'owner',
      adminPassword: 'a-long-secret',
      jwtSecret: 'x'.repeat(32),
      timeZone: 'Europe/London',
      publicUrl: 'https://stayperks.example',
      vapidSubject: 'https://stayperks.example/contact',
      googlePlacesApiKey: 'key',
      googlePlacesBaseUrl: 'http://127.0.0.1:9999',
      trustProxy: 1,
      logLevel: 'warn',
      requestLogLevel: 'info',
      guestDataRetentionDays: 30,
      messaging: {
        provider: 'whatsapp',
        apiUrl: 'http://127.0.0.1:9998/v21.0',
        phoneNumberId: '1098765',
        accessToken: 'EAAtoken',
        templateName: 'stayperks_code',
        templateLanguage: 'hi',
        templates: {
          checkout_reminder: 'stayperks_checkout_reminder',
          expiry_reminder: 'stayperks_expiry_reminder',
          review_request: 'stayperks_review_request',
          renewal_reminder: 'stayperks_renewal_reminder',
        },
      },
      messagingFallback: undefined,
      mail: { provider: 'log' },
      payments: {
        gateway: 'razorpay',
        apiUrl: 'http://127.0.0.1:9997',
        keyId: 'rzp_live_key',
        keySecret: 'rzp_secret',
        webhookSecret: 'whsec',
      },
    });
  });

  it('sets up payment links: the log gateway in development only, Razorpay with its three keys', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ gateway: 'none' });
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'log' }).payments).toEqual({ gateway: 'log' });
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://stayperks.example' };
    expect(loadConfig(production).payments).toEqual({ gateway: 'none' });
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'log' })).toThrow('PAYMENT_GATEWAY=log is refused');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'k' })).toThrow(
      'RAZORPAY_KEY_SECRET is required when PAYMENT_GATEWAY=razorpay',
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow('PAYMENT_GATEWAY must be one of');
  });

  it("refuses a VAPID_SUBJECT that is not a mailto: or https: address (Web Push's contact)", () => {
    for (const subject of ['support@stayperks.in', 'http://stayperks.example', 'mailto:'])
      expect(() => loadConfig({ VAPID_SUBJECT: subject })).toThrow('VAPID_SUBJECT must be a mailto: or https: address');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@stayperks.example' }).vapidSubject).toBe(
      'mailto:ops@stayperks.example',
    );
  });

  it('treats empty optional values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', JWT_SECRET: '', PUBLIC_URL: '', GOOGLE_PLACES_API_KEY: '  ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.googlePlacesApiKey).toBeUndefined();
  });

  it('explains a bad TRUST_PROXY', () => {
    expect(configError({ TRUST_PROXY: 'yes' })).toContain(
      'TRUST_PROXY must be the number of proxies in front of the server',
    );
    expect(configError({ TRUST_PROXY: '11' })).toContain('TRUST_PROXY must be 0-10');
  });

  it('explains a bad PORT', () => {
    expect(configError({ PORT: 'abc' })).toContain('PORT must be a number');
    expect(configError({ PORT: '70000' })).toContain('PORT must be 0-65535');
  });

  it('explains a bad DATABASE_URL', () => {
    const message = configError({ DATABASE_URL: 'mysql://root@localhost/app' });
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('explains other bad values', () => {
    expect(configError({ NODE_ENV: 'staging' })).toContain('NODE_ENV must be development, production or test');
    expect(configError({ JWT_SECRET: 'short' })).toContain('JWT_SECRET must be at least 32 characters');
    expect(configError({ APP_TIMEZONE: 'Mars/Olympus' })).toContain('APP_TIMEZONE must be an IANA time zone');
    expect(configError({ PUBLIC_URL: 'not a url' })).toContain('PUBLIC_URL must be a URL');
  });

  it('refuses to start in production without PUBLIC_URL, saying why (links must not follow the Host header)', () => {
    for (const publicUrl of [undefined, '']) {
      const message = configError({ NODE_ENV: 'production', PUBLIC_URL: publicUrl });
      expect(message).toContain('PUBLIC_URL is required in production');
      expect(message).toContain('Host header');
    }
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://stayperks.example' }).publicUrl).toBe(
      'https://stayperks.example',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });

  // docs/OPERATING.md "Messages": a second provider takes over what the first fails for good.
  const whatsapp = {
    MESSAGE_PROVIDER: 'whatsapp',
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_ACCESS_TOKEN: 'EAAtoken',
    WHATSAPP_TEMPLATE_NAME: 'stayperks_code',
  };
  const smsKeys = {
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: 'secret',
    SMS_SENDER_ID: 'STYPRK',
    SMS_DLT_ENTITY_ID: '1101456780000012345',
    SMS_DLT_TEMPLATE_ID: '1107161234567890123',
  };
  const checkoutEn = { id: '1107170000000000101', text: 'Hi {#var#}: {#var#} vouchers, {#var#} {#url#} {#url#}' };

  it('reads MESSAGE_FALLBACK with its own keys, and the guest templates of both providers', () => {
    const config = loadConfig({
      ...whatsapp,
      ...smsKeys,
      MESSAGE_FALLBACK: 'sms',
      WHATSAPP_TEMPLATE_EXPIRY_REMINDER: 'expiry_v2',
      SMS_TEMPLATES: JSON.stringify({ checkout_reminder: { en: checkoutEn } }),
    });
    expect(config.messaging).toMatchObject({
      provider: 'whatsapp',
      templates: {
        checkout_reminder: 'stayperks_checkout_reminder',
        expiry_reminder: 'expiry_v2',
        review_request: 'stayperks_review_request',
      },
    });
    expect(config.messagingFallback).toEqual({
      provider: 'sms',
      apiUrl: 'https://enterprise.smsgupshup.com/GatewayAPI/rest',
      userId: '2000123456',
      password: 'secret',
      senderId: 'STYPRK',
      dltEntityId: '1101456780000012345',
      dltTemplateId: '1107161234567890123',
      templateText: '{#var#} is your StayPerks verification code. It is valid for 10 minutes.',
      templates: { checkout_reminder: { en: checkoutEn } },
    });
    // The other way round, and unset (or empty) is none.
    expect(
      loadConfig({ ...smsKeys, ...whatsapp, MESSAGE_PROVIDER: 'sms', MESSAGE_FALLBACK: 'whatsapp' }),
    ).toMatchObject({ messaging: { provider: 'sms', templates: {} }, messagingFallback: { provider: 'whatsapp' } });
    expect(loadConfig({ ...whatsapp, MESSAGE_FALLBACK: '' }).messagingFallback).toBeUndefined();
  });

  it("refuses a fallback without its keys, the provider's own, one behind the log provider, or an unknown one", () => {
    expect(configError({ ...whatsapp, MESSAGE_FALLBACK: 'sms', SMS_USER_ID: '1' })).toMatch(
      /SMS_PASSWORD is required when MESSAGE_FALLBACK is sms[\s\S]*SMS_DLT_TEMPLATE_ID is required when MESSAGE_FALLBACK is sms/,
    );
    expect(configError({ ...whatsapp, MESSAGE_FALLBACK: 'whatsapp' })).toContain(
      'MESSAGE_FALLBACK must be another provider than MESSAGE_PROVIDER',
    );
    expect(configError({ ...smsKeys, MESSAGE_FALLBACK: 'sms' })).toContain(
      'MESSAGE_FALLBACK needs MESSAGE_PROVIDER whatsapp or sms',
    );
    expect(configError({ ...whatsapp, MESSAGE_FALLBACK: 'log' })).toContain(
      'MESSAGE_FALLBACK must be one of whatsapp, sms (or unset)',
    );
    // Both providers' problems at once.
    const both = configError({ MESSAGE_PROVIDER: 'whatsapp', MESSAGE_FALLBACK: 'sms' });
    expect(both).toContain('WHATSAPP_ACCESS_TOKEN is required when MESSAGE_PROVIDER is whatsapp');
    expect(both).toContain('SMS_USER_ID is required when MESSAGE_FALLBACK is sms');
    expect(configError({ ...whatsapp, WHATSAPP_TEMPLATE_REVIEW_REQUEST: 'Review Request' })).toContain(
      'WHATSAPP_TEMPLATE_REVIEW_REQUEST must be a template name (a-z, 0-9, _)',
    );
  });

  it('checks SMS_TEMPLATES at start: JSON, kinds, languages, DLT ids and one variable per template variable', () => {
    const sms = (templates: unknown) =>
      configError({
        ...smsKeys,
        MESSAGE_PROVIDER: 'sms',
        SMS_TEMPLATES: typeof templates === 'string' ? templates : JSON.stringify(templates),
      });
    expect(sms('{"checkout_reminder":')).toContain('SMS_TEMPLATES must be JSON');
    expect(sms([])).toContain('SMS_TEMPLATES must be a JSON object of message kinds');
    expect(sms({ verification_code: { en: checkoutEn } })).toContain(
      'SMS_TEMPLATES: verification_code is not a message kind (checkout_reminder, expiry_reminder, review_request, renewal_reminder)',
    );
    expect(sms({ checkout_reminder: { fr: checkoutEn } })).toContain(
      'SMS_TEMPLATES: checkout_reminder.fr: the language must be one of en, hi, ta, te, kn, ml, bn, mr',
    );
    expect(sms({ checkout_reminder: { en: { ...checkoutEn, id: 'TPL-1' } } })).toContain(
      'SMS_TEMPLATES: checkout_reminder.en.id must be the DLT template id',
    );
    expect(sms({ review_request: { hi: checkoutEn } })).toContain(
      'SMS_TEMPLATES: review_request.hi.text must have 4 variables ({#var#}): first_name, hotel, url, opt_out_url',
    );
    // Checked whichever provider it serves: here the fallback.
    expect(
      configError({ ...whatsapp, ...smsKeys, MESSAGE_FALLBACK: 'sms', SMS_TEMPLATES: '{"review_request": 1}' }),
    ).toContain('SMS_TEMPLATES: review_request must be an object of languages (en, hi, ta, te, kn, ml, bn, mr)');
  });

  it('lists every problem at once', () => {
    const message = configError({ PORT: 'x', NODE_ENV: 'nope' });
    expect(message).toContain('PORT');
    expect(message).toContain('NODE_ENV');
  });
});
