import type { Db } from '../../db/client';
import type { Messenger, OutgoingMessage, SendResult } from '../../platform/messaging/messenger';
import { httpFailure, providerError } from '../../platform/messaging/messenger';
import type { GoogleWalletConfig } from '../../platform/wallet-config';
import { signRs256 } from './wallet-jwt';
import { recordWalletSent, walletPassState } from './wallet.service';

/** The Wallet API's scope for an issuer's own classes and objects. */
export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** An assertion may ask for at most an hour. */
const ASSERTION_SECONDS = 3600;
/** A token is taken again this long before Google says it expires (clocks differ, a request takes time). */
const TOKEN_MARGIN_MS = 5 * 60_000;

export interface WalletChannelOptions {
  db: Db;
  wallet: GoogleWalletConfig;
  /** Tests pass a fetch of their own; defaults to the global one. */
  fetch?: typeof fetch;
  /** A call to Google gives up after this long (a retryable failure). */
  timeoutMs?: number;
}

type Failure = Extract<SendResult, { ok: false }>;
const failed = (retryable: boolean, error: string, message: OutgoingMessage): Failure => ({
  ok: false,
  retryable,
  error: providerError(error, message),
});

/** Google's error text: `error_description`, `error.message` or the body as it came, short. */
function googleError(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: string | { message?: string }; error_description?: string };
    if (parsed.error_description) return parsed.error_description;
    if (typeof parsed.error === 'string') return parsed.error;
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // Not JSON: the text itself.
  }
  return body.slice(0, 200);
}

/**
 * The outbox's `wallet` channel (docs/OPERATING.md "Google Wallet"): sends a `wallet_update` (subject: the coupon)
 * by reading the voucher's state now (wallet.service.ts walletPassState: redeemed COMPLETED, cancelled or erased
 * INACTIVE, else ACTIVE), so an update sent late or twice still leaves the pass right, and PATCHing the pass's object
 * `{ state }` with the service account's OAuth token (a JWT bearer grant, kept until shortly before it expires).
 * A 404 is a pass the guest never saved: settled quietly, its note in provider_message_id. 401 drops the token and
 * tries again; 408, 429 and 5xx try again later; other answers fail for good.
 */
export function walletChannel(options: WalletChannelOptions): Messenger {
  const { db, wallet } = options;
  const doFetch = options.fetch ?? fetch;
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let token: { value: string; until: number } | undefined;
  let asking: Promise<string | Failure> | undefined;

  async function askToken(message: OutgoingMessage): Promise<string | Failure> {
    const iat = Math.floor(Date.now() / 1000);
    const assertion = signRs256(
      { iss: wallet.clientEmail, scope: WALLET_SCOPE, aud: wallet.tokenUrl, iat, exp: iat + ASSERTION_SECONDS },
      wallet.privateKey,
    );
    let res: Response;
    let text: string;
    try {
      res = await doFetch(wallet.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        signal: timeout(),
      });
      text = await res.text();
    } catch (error) {
      return failed(true, `token request failed: ${error instanceof Error ? error.message : String(error)}`, message);
    }
    if (!res.ok) {
      const failure = httpFailure(res.status, googleError(text), message) as Failure;
      return { ...failure, error: `token: ${failure.error}` };
    }
    const body = JSON.parse(text) as { access_token?: string; expires_in?: number };
    if (!body.access_token) return failed(true, 'token: the answer has no access_token', message);
    const lifetimeMs = (body.expires_in ?? ASSERTION_SECONDS) * 1000;
    token = { value: body.access_token, until: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  /** The cached token, or one asked for (once, however many sends wait for it). */
  function accessToken(message: OutgoingMessage): Promise<string | Failure> {
    if (token && token.until > Date.now()) return Promise.resolve(token.value);
    asking ??= askToken(message).finally(() => {
      asking = undefined;
    });
    return asking;
  }

  return {
    channel: 'wallet',
    canSendCodes: false,
    async send(message) {
      const couponId = message.subject ?? '';
      const pass = await walletPassState(db, couponId);
      if (!pass) return failed(false, 'no Google Wallet pass for this voucher', message);
      const bearer = await accessToken(message);
      if (typeof bearer !== 'string') return bearer;
      let res: Response;
      let text: string;
      try {
        res = await doFetch(`${wallet.apiUrl}/offerObject/${encodeURIComponent(pass.objectId)}`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ state: pass.state }),
          signal: timeout(),
        });
        text = await res.text();
      } catch (error) {
        return failed(true, `request failed: ${error instanceof Error ? error.message : String(error)}`, message);
      }
      if (res.ok) {
        await recordWalletSent(db, couponId, pass.state);
        return { ok: true, providerMessageId: `${pass.state} sent` };
      }
      // Never saved by the guest: Google has no such object, and nothing is wrong.
      if (res.status === 404) return { ok: true, providerMessageId: 'not saved to Google Wallet (404)' };
      if (res.status === 401) {
        token = undefined;
        return failed(true, `HTTP 401: ${googleError(text)}`, message);
      }
      return httpFailure(res.status, googleError(text), message);
    },
  };
}
