import * as v from 'valibot';
import { DEFAULT_RETENTION_DAYS } from '../../shared/privacy';
import { LOG_LEVELS, type LogLevel } from './lib/logger';

/**
 * All configuration comes from environment variables, validated once at start (docs/DEVELOPING.md "API conventions").
 */
const optionalText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
);

/** A whole number written in digits (`notDigits` otherwise), within [min, max], `fallback` when unset. */
const wholeNumber = (notDigits: string, [min, max, outOfRange]: [number, number, string], fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, notDigits),
      v.transform(Number),
      v.minValue(min, outOfRange),
      v.maxValue(max, outOfRange),
    ),
    fallback,
  );

/** An optional string that passes `check`, or is set empty (read as unset). */
const emptyOr = (check: v.PipeItem<string, string, v.BaseIssue<unknown>>, message?: string) =>
  v.optional(v.union([v.literal(''), v.pipe(v.string(), check)], message));

const WA_LANGUAGE = 'WHATSAPP_TEMPLATE_LANGUAGE must be a template language code such as en or en_US';

export const MESSAGE_PROVIDERS = ['log', 'whatsapp', 'sms'] as const;
export type MessageProvider = (typeof MESSAGE_PROVIDERS)[number];

const EnvSchema = v.object({
  PORT: wholeNumber('PORT must be a number', [0, 65535, 'PORT must be 0-65535'], '3000'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), './data'),
  DATABASE_URL: emptyOr(
    v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
    'DATABASE_URL must start with postgres:// or postgresql://',
  ),
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'NODE_ENV must be development, production or test'),
    'development',
  ),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: v.optional(v.string()),
  JWT_SECRET: emptyOr(v.minLength(32, 'JWT_SECRET must be at least 32 characters')),
  APP_TIMEZONE: v.optional(
    v.pipe(
      v.string(),
      v.check((tz) => isTimeZone(tz), 'APP_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
    ),
    'Asia/Kolkata',
  ),
  PUBLIC_URL: emptyOr(v.url('PUBLIC_URL must be a URL such as https://stayperks.in')),
  GOOGLE_PLACES_API_KEY: optionalText,
  WEB_DIR: optionalText,
  TRUST_PROXY: wholeNumber(
    'TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2 ...)',
    [0, 10, 'TRUST_PROXY must be 0-10'],
    '0',
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)),
  GUEST_DATA_RETENTION_DAYS: wholeNumber(
    'GUEST_DATA_RETENTION_DAYS must be a whole number of days',
    [1, 3650, 'GUEST_DATA_RETENTION_DAYS must be 1-3650'],
    String(DEFAULT_RETENTION_DAYS),
  ),
  GOOGLE_PLACES_BASE_URL: v.optional(
    v.pipe(v.string(), v.url('GOOGLE_PLACES_BASE_URL must be a URL')),
    'https://places.googleapis.com',
  ),
  // Messages (docs/OPERATING.md "Messages"): the provider and its keys, checked by messagingConfig below.
  MESSAGE_PROVIDER: v.optional(
    v.picklist(MESSAGE_PROVIDERS, `MESSAGE_PROVIDER must be one of ${MESSAGE_PROVIDERS.join(', ')}`),
    'log',
  ),
  WHATSAPP_API_URL: v.optional(
    v.pipe(v.string(), v.url('WHATSAPP_API_URL must be a URL')),
    'https://graph.facebook.com/v21.0',
  ),
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_TEMPLATE_NAME: optionalText,
  WHATSAPP_TEMPLATE_LANGUAGE: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, WA_LANGUAGE)), 'en'),
  SMS_API_URL: v.optional(
    v.pipe(v.string(), v.url('SMS_API_URL must be a URL')),
    'https://enterprise.smsgupshup.com/GatewayAPI/rest',
  ),
  SMS_USER_ID: optionalText,
  SMS_PASSWORD: optionalText,
  SMS_SENDER_ID: optionalText,
  SMS_DLT_ENTITY_ID: optionalText,
  SMS_DLT_TEMPLATE_ID: optionalText,
  SMS_TEMPLATE_TEXT: v.optional(
    v.pipe(v.string(), v.includes('{#var#}', 'SMS_TEMPLATE_TEXT must hold {#var#} where the code goes')),
    '{#var#} is your StayPerks verification code. It is valid for 10 minutes.',
  ),
});

/** The message provider and its keys (docs/OPERATING.md "Messages"). */
export type MessagingConfig =
  | { provider: 'log' }
  | {
      provider: 'whatsapp';
      apiUrl: string;
      phoneNumberId: string;
      accessToken: string;
      templateName: string;
      templateLanguage: string;
    }
  | {
      provider: 'sms';
      apiUrl: string;
      userId: string;
      password: string;
      senderId: string;
      dltEntityId: string;
      dltTemplateId: string;
      templateText: string;
    };

/** The chosen provider's keys, each required once it is chosen; the names of those missing otherwise. */
function messagingConfig(e: v.InferOutput<typeof EnvSchema>): MessagingConfig | string[] {
  const missing = (keys: Record<string, string | undefined>) =>
    Object.entries(keys).flatMap(([name, value]) =>
      value ? [] : [`${name} is required when MESSAGE_PROVIDER is ${e.MESSAGE_PROVIDER}`],
    );
  if (e.MESSAGE_PROVIDER === 'whatsapp') {
    const keys = {
      WHATSAPP_PHONE_NUMBER_ID: e.WHATSAPP_PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: e.WHATSAPP_ACCESS_TOKEN,
      WHATSAPP_TEMPLATE_NAME: e.WHATSAPP_TEMPLATE_NAME,
    };
    const absent = missing(keys);
    if (absent.length > 0) return absent;
    return {
      provider: 'whatsapp',
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
      phoneNumberId: keys.WHATSAPP_PHONE_NUMBER_ID!,
      accessToken: keys.WHATSAPP_ACCESS_TOKEN!,
      templateName: keys.WHATSAPP_TEMPLATE_NAME!,
      templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
    };
  }
  if (e.MESSAGE_PROVIDER === 'sms') {
    const keys = {
      SMS_USER_ID: e.SMS_USER_ID,
      SMS_PASSWORD: e.SMS_PASSWORD,
      SMS_SENDER_ID: e.SMS_SENDER_ID,
      SMS_DLT_ENTITY_ID: e.SMS_DLT_ENTITY_ID,
      SMS_DLT_TEMPLATE_ID: e.SMS_DLT_TEMPLATE_ID,
    };
    const absent = missing(keys);
    if (absent.length > 0) return absent;
    return {
      provider: 'sms',
      apiUrl: e.SMS_API_URL,
      userId: keys.SMS_USER_ID!,
      password: keys.SMS_PASSWORD!,
      senderId: keys.SMS_SENDER_ID!,
      dltEntityId: keys.SMS_DLT_ENTITY_ID!,
      dltTemplateId: keys.SMS_DLT_TEMPLATE_ID!,
      templateText: e.SMS_TEMPLATE_TEXT,
    };
  }
  return { provider: 'log' };
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  timeZone: string;
  publicUrl: string | undefined;
  googlePlacesApiKey: string | undefined;
  googlePlacesBaseUrl: string;
  /** The built web app to serve (default dist/web). */
  webDir: string | undefined;
  /**
   * TRUST_PROXY: how many proxies (load balancers) in front append to X-Forwarded-For; the caller's address (rate
   * limits) is read from that header only when it is above 0 (docs/OPERATING.md, "Several servers").
   */
  trustProxy: number;
  /** LOG_LEVEL; info by default, error under NODE_ENV=test so test output stays readable. */
  logLevel: LogLevel;
  /**
   * The level of the one line per request: debug in development, so the terminal keeps the start banner in view
   * (LOG_LEVEL=debug shows them); info otherwise (docs/OPERATING.md, "Logs").
   */
  requestLogLevel: 'info' | 'debug';
  /** GUEST_DATA_RETENTION_DAYS: guests' names and mobiles are anonymised this many days after check-out. */
  guestDataRetentionDays: number;
  /** MESSAGE_PROVIDER and its keys: how codes and messages reach guests (docs/OPERATING.md "Messages"). */
  messaging: MessagingConfig;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  - ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.output;
  const messaging = messagingConfig(e);
  if (Array.isArray(messaging))
    throw new ConfigError(`Invalid configuration:\n${messaging.map((line) => `  - ${line}`).join('\n')}`);
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    production: e.NODE_ENV === 'production',
    nodeEnv: e.NODE_ENV,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    jwtSecret: e.JWT_SECRET || undefined,
    timeZone: e.APP_TIMEZONE,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    googlePlacesApiKey: e.GOOGLE_PLACES_API_KEY,
    googlePlacesBaseUrl: e.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, ''),
    webDir: e.WEB_DIR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'error' : 'info'),
    requestLogLevel: e.NODE_ENV === 'development' ? 'debug' : 'info',
    guestDataRetentionDays: e.GUEST_DATA_RETENTION_DAYS,
    messaging,
  };
}
