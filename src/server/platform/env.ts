import * as v from 'valibot';
import { DEFAULT_RETENTION_DAYS } from '../../shared/privacy';
import { LOG_LEVELS, type LogLevel } from './lib/logger';
import { paymentConfig, PAYMENT_GATEWAY_NAMES, type PaymentConfig } from './payments/payment-config';
import { googleWalletConfig, type GoogleWalletConfig } from './wallet-config';
import { parseSmsTemplates, type SmsTemplates, type TemplateKind } from './messaging/templates';
import { parseDataKey } from './lib/sealed';
import { mailConfig, type MailConfig } from './mail/mail-config';

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
/** The providers that can take over when MESSAGE_PROVIDER fails for good (a log provider would send nothing). */
export const FALLBACK_PROVIDERS = ['whatsapp', 'sms'] as const;

/** A WhatsApp template's name: lower case, digits and underscores, as WhatsApp Manager allows. */
const waTemplateName = (variable: string, fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9_]{1,512}$/, `${variable} must be a template name (a-z, 0-9, _)`)),
    fallback,
  );

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
  // Seals signing keys and second-factor secrets kept in the database (docs/OPERATING.md "Keys").
  DATA_ENCRYPTION_KEY: emptyOr(
    v.check(
      (text) => parseDataKey(text.trim()) !== undefined,
      'DATA_ENCRYPTION_KEY must be 32 random bytes in base64 or base64url (make one with: openssl rand -base64 32)',
    ),
  ),
  // Two-step sign-in for superadmin and admin users (docs/SECURITY.md "Second factor"): required in production.
  MFA_REQUIRED: v.optional(v.picklist(['true', 'false'], 'MFA_REQUIRED must be true or false')),
  APP_TIMEZONE: v.optional(
    v.pipe(
      v.string(),
      v.check((tz) => isTimeZone(tz), 'APP_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
    ),
    'Asia/Kolkata',
  ),
  PUBLIC_URL: emptyOr(v.url('PUBLIC_URL must be a URL such as https://stayperks.in')),
  // Web Push's VAPID contact (RFC 8292): push services write here about this server's pushes.
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address'),
    ),
    'mailto:support@stayperks.in',
  ),
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
  MESSAGE_FALLBACK: v.optional(
    v.union(
      [v.literal(''), v.picklist(FALLBACK_PROVIDERS)],
      `MESSAGE_FALLBACK must be one of ${FALLBACK_PROVIDERS.join(', ')} (or unset)`,
    ),
  ),
  WHATSAPP_API_URL: v.optional(
    v.pipe(v.string(), v.url('WHATSAPP_API_URL must be a URL')),
    'https://graph.facebook.com/v21.0',
  ),
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_TEMPLATE_NAME: optionalText,
  WHATSAPP_TEMPLATE_LANGUAGE: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, WA_LANGUAGE)), 'en'),
  // The guest messages' utility templates (docs/OPERATING.md "Messages"), one per kind, in English and Hindi.
  WHATSAPP_TEMPLATE_CHECKOUT_REMINDER: waTemplateName(
    'WHATSAPP_TEMPLATE_CHECKOUT_REMINDER',
    'stayperks_checkout_reminder',
  ),
  WHATSAPP_TEMPLATE_EXPIRY_REMINDER: waTemplateName('WHATSAPP_TEMPLATE_EXPIRY_REMINDER', 'stayperks_expiry_reminder'),
  WHATSAPP_TEMPLATE_REVIEW_REQUEST: waTemplateName('WHATSAPP_TEMPLATE_REVIEW_REQUEST', 'stayperks_review_request'),
  // A hotel's renewal reminder (docs/PRODUCT.md "Renewal reminders"), in English.
  WHATSAPP_TEMPLATE_RENEWAL_REMINDER: waTemplateName(
    'WHATSAPP_TEMPLATE_RENEWAL_REMINDER',
    'stayperks_renewal_reminder',
  ),
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
  /** The guest messages' DLT templates, per kind and language (read by parseSmsTemplates). */
  SMS_TEMPLATES: optionalText,
  // Google Wallet offer passes (docs/OPERATING.md "Google Wallet"), checked by googleWalletConfig.
  GOOGLE_WALLET_ISSUER_ID: emptyOr(v.regex(/^\d+$/, 'GOOGLE_WALLET_ISSUER_ID must be the issuer id (digits)')),
  GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: optionalText,
  GOOGLE_WALLET_API_URL: v.optional(
    v.pipe(v.string(), v.url('GOOGLE_WALLET_API_URL must be a URL')),
    'https://walletobjects.googleapis.com/walletobjects/v1',
  ),
  GOOGLE_WALLET_TOKEN_URL: v.optional(
    v.pipe(v.string(), v.url('GOOGLE_WALLET_TOKEN_URL must be a URL')),
    'https://oauth2.googleapis.com/token',
  ),
  // Payment links (docs/OPERATING.md "Payments"), checked by paymentConfig.
  PAYMENT_GATEWAY: v.optional(
    v.picklist(PAYMENT_GATEWAY_NAMES, `PAYMENT_GATEWAY must be one of ${PAYMENT_GATEWAY_NAMES.join(', ')}`),
  ),
  RAZORPAY_API_URL: v.optional(v.pipe(v.string(), v.url('RAZORPAY_API_URL must be a URL')), 'https://api.razorpay.com'),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  // E-mail for back-office password resets (docs/OPERATING.md "E-mail"), checked by mailConfig.
  SMTP_URL: optionalText,
  SMTP_HOST: optionalText,
  SMTP_PORT: optionalText,
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  MAIL_FROM: optionalText,
});

/** WhatsApp Cloud API's keys and templates (docs/OPERATING.md "Messages"). */
export interface WhatsAppConfig {
  provider: 'whatsapp';
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** The verification code's authentication template and its language. */
  templateName: string;
  templateLanguage: string;
  /** Each guest message kind's utility template (sent in the guest's language). */
  templates: Record<TemplateKind, string>;
}

/** The SMS gateway's keys and DLT templates (docs/OPERATING.md "Messages"). */
export interface SmsConfig {
  provider: 'sms';
  apiUrl: string;
  userId: string;
  password: string;
  senderId: string;
  dltEntityId: string;
  /** The verification code's DLT template. */
  dltTemplateId: string;
  templateText: string;
  /** The guest messages' DLT templates (SMS_TEMPLATES); a kind or language without one is not sent by SMS. */
  templates: SmsTemplates;
}

/** The message provider and its keys (docs/OPERATING.md "Messages"). */
export type MessagingConfig = { provider: 'log' } | WhatsAppConfig | SmsConfig;

type Env = v.InferOutput<typeof EnvSchema>;

/** Names each of `keys` left unset: required once `by` (MESSAGE_PROVIDER or MESSAGE_FALLBACK) names `provider`. */
type MissingKeys = (keys: Record<string, string | undefined>) => string[];

/**
 * One paid provider's keys, each required once the provider is chosen, by MESSAGE_PROVIDER or MESSAGE_FALLBACK (the
 * message names which); the problems otherwise.
 */
function providerConfig(
  e: Env,
  provider: (typeof FALLBACK_PROVIDERS)[number],
  by: 'MESSAGE_PROVIDER' | 'MESSAGE_FALLBACK',
): WhatsAppConfig | SmsConfig | string[] {
  const missing: MissingKeys = (keys) =>
    Object.entries(keys).flatMap(([name, value]) => (value ? [] : [`${name} is required when ${by} is ${provider}`]));
  return provider === 'whatsapp' ? whatsappConfig(e, missing) : smsConfig(e, missing);
}

function whatsappConfig(e: Env, missing: MissingKeys): WhatsAppConfig | string[] {
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
    templates: {
      checkout_reminder: e.WHATSAPP_TEMPLATE_CHECKOUT_REMINDER,
      expiry_reminder: e.WHATSAPP_TEMPLATE_EXPIRY_REMINDER,
      review_request: e.WHATSAPP_TEMPLATE_REVIEW_REQUEST,
      renewal_reminder: e.WHATSAPP_TEMPLATE_RENEWAL_REMINDER,
    },
  };
}

function smsConfig(e: Env, missing: MissingKeys): SmsConfig | string[] {
  const keys = {
    SMS_USER_ID: e.SMS_USER_ID,
    SMS_PASSWORD: e.SMS_PASSWORD,
    SMS_SENDER_ID: e.SMS_SENDER_ID,
    SMS_DLT_ENTITY_ID: e.SMS_DLT_ENTITY_ID,
    SMS_DLT_TEMPLATE_ID: e.SMS_DLT_TEMPLATE_ID,
  };
  const templates = e.SMS_TEMPLATES === undefined ? {} : parseSmsTemplates(e.SMS_TEMPLATES);
  const absent = [...missing(keys), ...(Array.isArray(templates) ? templates : [])];
  if (absent.length > 0 || Array.isArray(templates)) return absent;
  return {
    provider: 'sms',
    apiUrl: e.SMS_API_URL,
    userId: keys.SMS_USER_ID!,
    password: keys.SMS_PASSWORD!,
    senderId: keys.SMS_SENDER_ID!,
    dltEntityId: keys.SMS_DLT_ENTITY_ID!,
    dltTemplateId: keys.SMS_DLT_TEMPLATE_ID!,
    templateText: e.SMS_TEMPLATE_TEXT,
    templates,
  };
}

/**
 * MESSAGE_PROVIDER's configuration and MESSAGE_FALLBACK's (a second paid provider that takes a message the first
 * could not send: docs/OPERATING.md "Messages"), or every problem with either.
 */
function messagingConfig(
  e: Env,
): { messaging: MessagingConfig; fallback: WhatsAppConfig | SmsConfig | undefined } | string[] {
  const messaging: MessagingConfig | string[] =
    e.MESSAGE_PROVIDER === 'log' ? { provider: 'log' } : providerConfig(e, e.MESSAGE_PROVIDER, 'MESSAGE_PROVIDER');
  if (!e.MESSAGE_FALLBACK) return Array.isArray(messaging) ? messaging : { messaging, fallback: undefined };
  const problems = Array.isArray(messaging) ? [...messaging] : [];
  if (e.MESSAGE_FALLBACK === e.MESSAGE_PROVIDER)
    problems.push('MESSAGE_FALLBACK must be another provider than MESSAGE_PROVIDER');
  else if (e.MESSAGE_PROVIDER === 'log')
    problems.push('MESSAGE_FALLBACK needs MESSAGE_PROVIDER whatsapp or sms (the log provider sends nothing)');
  else {
    const fallback = providerConfig(e, e.MESSAGE_FALLBACK, 'MESSAGE_FALLBACK');
    if (Array.isArray(fallback)) problems.push(...fallback);
    else if (!Array.isArray(messaging)) return { messaging, fallback };
  }
  return problems;
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
  /**
   * DATA_ENCRYPTION_KEY's 32 bytes: seals the signing keys and second-factor secrets kept in the database
   * (lib/sealed.ts), so a backup alone cannot sign tokens; undefined when unset (values are then stored plain).
   */
  dataEncryptionKey: Buffer | undefined;
  /**
   * MFA_REQUIRED: superadmin and admin users must sign in with a second factor (docs/SECURITY.md "Second factor").
   * True in production, which refuses false; false by default elsewhere, so development and the demo sign in with
   * a password alone.
   */
  mfaRequired: boolean;
  timeZone: string;
  publicUrl: string | undefined;
  /** VAPID_SUBJECT: the contact the push services see on this server's Web Push (docs/OPERATING.md "Messages"). */
  vapidSubject: string;
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
  /** GOOGLE_WALLET_*: "Add to Google Wallet" and its passes' updates; absent when not set up. */
  googleWallet?: GoogleWalletConfig;
  /** MESSAGE_FALLBACK and its keys: the provider that takes over a message MESSAGE_PROVIDER failed for good. */
  messagingFallback: WhatsAppConfig | SmsConfig | undefined;
  /** SMTP_* and MAIL_FROM: how back-office password-reset codes are e-mailed; the log mailer when unset. */
  mail: MailConfig;
  /** PAYMENT_GATEWAY and its keys: payment links for hotels' subscriptions (docs/OPERATING.md "Payments"). */
  payments: PaymentConfig;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  - ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.output;
  // Printed cards, QR codes and sent messages carry absolute links: in production they are built on PUBLIC_URL only,
  // never on a request's Host header (docs/SECURITY.md "Public links").
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL)
    throw new ConfigError(
      'Invalid configuration:\n  - PUBLIC_URL is required in production: QR codes, room cards and message links are built on it, and without it they would follow the Host header of whoever asks. Set it to the public https address, e.g. PUBLIC_URL=https://stayperks.example.com (docs/OPERATING.md "Upgrading")',
    );
  const messaging = messagingConfig(e);
  if (Array.isArray(messaging))
    throw new ConfigError(`Invalid configuration:\n${messaging.map((line) => `  - ${line}`).join('\n')}`);
  if (e.NODE_ENV === 'production' && e.MFA_REQUIRED === 'false')
    throw new ConfigError(
      'Invalid configuration:\n  - MFA_REQUIRED=false is refused in production: superadmin and admin users sign in with a second factor there (docs/SECURITY.md "Second factor")',
    );
  const googleWallet = googleWalletConfig(e);
  if (typeof googleWallet === 'string') throw new ConfigError(`Invalid configuration:\n  - ${googleWallet}`);
  const mail = mailConfig(e);
  if (Array.isArray(mail))
    throw new ConfigError(`Invalid configuration:\n${mail.map((line) => `  - ${line}`).join('\n')}`);
  const payments = paymentConfig(e);
  if (Array.isArray(payments))
    throw new ConfigError(`Invalid configuration:\n${payments.map((line) => `  - ${line}`).join('\n')}`);
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    production: e.NODE_ENV === 'production',
    nodeEnv: e.NODE_ENV,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    jwtSecret: e.JWT_SECRET || undefined,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ? parseDataKey(e.DATA_ENCRYPTION_KEY.trim()) : undefined,
    mfaRequired: e.MFA_REQUIRED ? e.MFA_REQUIRED === 'true' : e.NODE_ENV === 'production',
    timeZone: e.APP_TIMEZONE,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    googlePlacesApiKey: e.GOOGLE_PLACES_API_KEY,
    googlePlacesBaseUrl: e.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, ''),
    webDir: e.WEB_DIR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'error' : 'info'),
    requestLogLevel: e.NODE_ENV === 'development' ? 'debug' : 'info',
    guestDataRetentionDays: e.GUEST_DATA_RETENTION_DAYS,
    messaging: messaging.messaging,
    messagingFallback: messaging.fallback,
    ...(googleWallet && { googleWallet }),
    mail,
    payments,
  };
}
