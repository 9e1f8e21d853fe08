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
      adminUsername: undefined,
      adminPassword: undefined,
      jwtSecret: undefined,
      timeZone: 'Asia/Kolkata',
      publicUrl: undefined,
      googlePlacesApiKey: undefined,
      googlePlacesBaseUrl: 'https://places.googleapis.com',
      trustProxy: 0,
      logLevel: 'info',
      requestLogLevel: 'debug',
      guestDataRetentionDays: 180,
      messaging: { provider: 'log' },
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
    });
    expect(config).toEqual({
      port: 8080,
      dataDir: '/var/lib/stayperks',
      databaseUrl: 'postgresql://app:secret@db:5432/stayperks',
      production: true,
      nodeEnv: 'production',
      adminUsername: 'owner',
      adminPassword: 'a-long-secret',
      jwtSecret: 'x'.repeat(32),
      timeZone: 'Europe/London',
      publicUrl: 'https://stayperks.example',
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
      },
    });
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

  it('lists every problem at once', () => {
    const message = configError({ PORT: 'x', NODE_ENV: 'nope' });
    expect(message).toContain('PORT');
    expect(message).toContain('NODE_ENV');
  });
});
