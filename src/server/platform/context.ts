import type { AdminRole, MerchantRole, UserType } from '../../shared/constants';
import type { Db } from '../db/client';
import type { GuestEventInput } from '../../shared/schemas/funnel';
import type { SignedOutReason } from '../../shared/session-lifetime';
import type { Config } from './env';
import type { ProviderMessenger } from './messaging/messenger';
import type { Mailer } from './mail/mailer';
import type { RateLimitStore } from './middleware/rate-limit';
import type { FileStorage } from './storage/storage';

/** The signed-in caller, loaded from the database on every request so deleted or changed logins take effect at once. */
export interface AuthUser {
  id: string;
  username: string;
  userType: UserType;
  role: AdminRole | null;
  /** A merchant login's role (owner, supervisor, cashier); null for other logins. */
  merchantRole: MerchantRole | null;
  fullName: string | null;
  email: string | null;
  hotelId: string | null;
  merchantId: string | null;
  /**
   * Two-step sign-in (docs/SECURITY.md "Second factor"), loaded with the session on every request: whether it is on,
   * and whether the login's role requires it (MFA_REQUIRED). Required and not on: the session may only set it up
   * (requireRole refuses the rest). Absent on a login not loaded from a token.
   */
  secondFactor?: { on: boolean; required: boolean };
}

/**
 * A signed-in login as loaded per request, with the session version its token must carry and the device session
 * the token names (docs/SECURITY.md "Sessions").
 */
export type SessionUser = AuthUser & {
  sessionVersion: number;
  sessionId: string;
  sessionLabel: string;
  lastSeenAt: Date;
  /** Why the session is over (inactivity, the back office's 12 hours); undefined while it is live. */
  signedOut?: SignedOutReason;
};

/** The device session of the request's token (docs/SECURITY.md "Sessions"). */
export interface CurrentSession {
  id: string;
  label: string;
}

export interface AppDeps {
  db: Db;
  config: Config;
  jwtSecret: string;
  /** Uploaded files (logos, thumbnails, offer images, contracts): disk with PGlite, the database with PostgreSQL. */
  storage: FileStorage;
  /** Where rate limits are counted: the PostgreSQL pool (shared by every server), or omitted for memory (PGlite). */
  rateLimitStore?: RateLimitStore;
  /** Flipped to true once migrations and start-up data are in place; /api/health answers 503 until then. */
  readiness: { ready: boolean };
  /** Built web app to serve; omitted in API tests. */
  webDir?: string;
  /** Sends messages to guests (docs/OPERATING.md "Messages"); made from MESSAGE_PROVIDER when omitted. */
  messenger?: ProviderMessenger;
  /** The outbox worker: what queues a message kicks it so it goes out at once; made by createApp when omitted. */
  outbox?: OutboxKick;
  /** Sends e-mail (docs/OPERATING.md "E-mail"); made from SMTP_* and MAIL_FROM when omitted. */
  mailer?: Mailer;
  /** The guest page's events, written in batches (modules/funnel/event-batches.ts); made by createApp when omitted. */
  guestEvents?: GuestEventQueue;
}

/**
 * The guest page's events as the routes see them (modules/funnel/event-batches.ts): checked and queued by the
 * request, written in batches.
 */
export interface GuestEventQueue {
  /** Checks and queues one event; throws the 404s and the tab's 429. */
  add(input: GuestEventInput, address: string): Promise<void>;
  /** Writes everything queued so far (tests, shutdown). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is queued. */
  stop(): Promise<void>;
}

/** The outbox worker as the routes see it (modules/messages/messages.job.ts). */
export interface OutboxKick {
  kick(): void;
}

/** What routes that send messages get besides AppDeps: createApp makes both when AppDeps has none. */
export interface MessagingDeps {
  messenger: ProviderMessenger;
  outbox: OutboxKick;
  mailer: Mailer;
}

export interface AppEnv {
  Variables: {
    user: AuthUser | undefined;
    session: CurrentSession | undefined;
    /** Why the request's token no longer signs anyone in, when its session ran out (requireRole's 401 says it). */
    signedOut: SignedOutReason | undefined;
  };
}
