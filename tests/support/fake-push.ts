import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/**
 * A browser's push service on a local port (RFC 8030), for the Web Push channel's tests (docs/PRODUCT.md
 * "Reminders"): it records each POST and answers what the test asks (201 by default; 410 for a subscription it
 * forgot). `browser()` makes what a browser holds: a P-256 key pair and a 16-byte auth secret, and the subscription
 * it would give the page. `read(push)` checks a push the way a push service and the browser do: the VAPID header's
 * JWT (ES256, its `aud` the endpoint's origin) and the aes128gcm body (RFC 8291), decrypted with the browser's key.
 * No test reaches the internet.
 */

/** http_ece (web-push's own dependency) decrypts what web-push encrypts: the browser's side of RFC 8188/8291. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeBrowser {
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** The status to answer for a path (default 201). */
  answer(path: string, status: number): void;
  /** A browser subscribed at `path` on this service. */
  browser(path?: string): FakeBrowser;
  /** Waits for the pushes to `path` to reach `count`. */
  waitFor(path: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePush(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let paths = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = statuses.get(path) ?? 201;
      if (status === 201) res.setHeader('Location', `${origin}/messages/${received.length}`);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer: (path, status) => void statuses.set(path, status),
    browser(path = `/push/${++paths}-${randomBytes(4).toString('hex')}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        ecdh,
        auth,
        subscription: {
          endpoint: `${origin}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    async waitFor(path, count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const got = received.filter((push) => push.path === path);
        if (got.length >= count) return got;
        if (Date.now() > until) throw new Error(`${got.length} push(es) to ${path}, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReadPush {
  /** The VAPID JWT's claims, its signature checked with the key in `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The server's VAPID public key (base64url), from the header's `k`. */
  publicKey: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
}

/**
 * Checks a push as a push service and the browser would, throwing on anything wrong: `Authorization: vapid t=<JWT>,
 * k=<key>` with an ES256 JWT whose signature holds, and the body decrypted with the browser's private key.
 */
export function readPush(push: ReceivedPush, browser: FakeBrowser): ReadPush {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization ?? ''));
  if (!match) throw new Error(`Not a VAPID Authorization header: ${push.headers.authorization}`);
  const [jwt, k] = [match[1]!, match[2]!];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('The JWT is not ES256');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error("The VAPID JWT's signature does not hold");
  const body = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.auth.toString('base64url'),
  });
  return {
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReadPush['claims'],
    publicKey: k,
    payload: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
  };
}
