import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A service account's key as Google gives it (the JSON key file), made here with a fresh RSA pair, and the
 * GOOGLE_WALLET_* variables that name it: the key as base64 of its JSON, as an environment file holds it.
 */
export function testServiceAccount(issuerId = '3388000000022222222') {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'stayperks-wallet@stayperks-test.iam.gserviceaccount.com';
  const keyJson = JSON.stringify({
    type: 'service_account',
    project_id: 'stayperks-test',
    private_key_id: 'test-key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return {
    issuerId,
    clientEmail,
    publicKey,
    keyJson,
    env: {
      GOOGLE_WALLET_ISSUER_ID: issuerId,
      GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: Buffer.from(keyJson).toString('base64'),
    },
  };
}
export type TestServiceAccount = ReturnType<typeof testServiceAccount>;

const fromBase64Url = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;

/**
 * A JWT's header and claims once its RS256 signature checks out with `publicKey` (what Google does with a save link
 * and an OAuth assertion); throws otherwise.
 */
export function verifiedJwt(jwt: string, publicKey: KeyObject): { header: any; claims: any } {
  const [head, body, signature, extra] = jwt.split('.');
  if (!head || !body || !signature || extra !== undefined) throw new Error('not a JWT');
  const ok = createVerify('RSA-SHA256')
    .update(`${head}.${body}`)
    .verify(publicKey, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('bad signature');
  return { header: fromBase64Url(head), claims: fromBase64Url(body) };
}

export interface WalletPatch {
  objectId: string;
  state: string;
  token: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/**
 * A local fake of Google's two endpoints the server calls (docs/OPERATING.md "Google Wallet"), checking each request's
 * documented shape: the OAuth token endpoint (`POST /token`: a form with grant_type jwt-bearer and an assertion signed
 * RS256 by the service account's key, iss its client_email, the Wallet scope, aud this endpoint, at most an hour), and
 * `PATCH /walletobjects/v1/offerObject/{id}` (a bearer token it issued, `{ state }`). Objects exist once saved
 * (`save(link)`, as the guest's tap on the save link does); others answer 404 as Google does. `fail(status, n)`
 * answers the next n PATCHes with that status.
 */
export async function startFakeGoogleWallet(account: TestServiceAccount) {
  const tokens = new Set<string>();
  const tokenRequests: { ok: boolean; refusal?: string }[] = [];
  const patches: WalletPatch[] = [];
  const objects = new Map<string, { classId: string; state: string }>();
  const failures: number[] = [];
  let tokenUrl = '';

  function checkAssertion(form: URLSearchParams): string | undefined {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return 'grant_type';
    let jwt;
    try {
      jwt = verifiedJwt(form.get('assertion') ?? '', account.publicKey);
    } catch (error) {
      return `assertion: ${(error as Error).message}`;
    }
    const { header, claims } = jwt;
    const now = Date.now() / 1000;
    if (header.alg !== 'RS256') return 'alg';
    if (claims.iss !== account.clientEmail) return 'iss';
    if (claims.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer') return 'scope';
    if (claims.aud !== tokenUrl) return 'aud';
    if (!(Math.abs(claims.iat - now) < 60) || !(claims.exp > now) || claims.exp - claims.iat > 3600) return 'iat/exp';
    return undefined;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = req.url ?? '';
      const text = await readBody(req);
      if (req.method === 'POST' && path === '/token') {
        const typeOk = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        const refusal = typeOk ? checkAssertion(new URLSearchParams(text)) : 'content-type';
        tokenRequests.push({ ok: !refusal, refusal });
        if (refusal) return answer(400, { error: 'invalid_grant', error_description: `bad ${refusal}` });
        const token = `ya29.fake-${tokens.size + 1}`;
        tokens.add(token);
        return answer(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const match = /^\/walletobjects\/v1\/offerObject\/([^/?]+)$/.exec(path);
      if (req.method === 'PATCH' && match) {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        if (!tokens.has(token)) return answer(401, { error: { code: 401, message: 'Invalid Credentials' } });
        const objectId = decodeURIComponent(match[1]!);
        let state: unknown;
        try {
          state = (JSON.parse(text) as { state?: unknown }).state;
        } catch {
          state = undefined;
        }
        const bodyOk =
          (req.headers['content-type'] ?? '').startsWith('application/json') &&
          typeof state === 'string' &&
          ['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'].includes(state);
        if (!bodyOk || !objectId.startsWith(`${account.issuerId}.`))
          return answer(400, { error: { code: 400, message: 'Invalid resource field value in the request.' } });
        patches.push({ objectId, state: state as string, token });
        const failure = failures.shift();
        if (failure) return answer(failure, { error: { code: failure, message: 'Backend Error' } });
        const object = objects.get(objectId);
        if (!object) return answer(404, { error: { code: 404, message: `No resource with id ${objectId}` } });
        object.state = state as string;
        return answer(200, { id: objectId, classId: object.classId, state });
      }
      answer(404, { error: { code: 404, message: 'Unknown path' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${origin}/token`;

  return {
    tokenRequests,
    patches,
    objects,
    /** GOOGLE_WALLET_* for a server that uses this fake. */
    env: { ...account.env, GOOGLE_WALLET_API_URL: `${origin}/walletobjects/v1`, GOOGLE_WALLET_TOKEN_URL: tokenUrl },
    /** The guest saves the pass: Google checks the link's JWT and makes its objects. Answers the JWT's claims. */
    save(saveUrl: string) {
      const prefix = 'https://pay.google.com/gp/v/save/';
      if (!saveUrl.startsWith(prefix)) throw new Error(`not a save link: ${saveUrl}`);
      const { claims } = verifiedJwt(saveUrl.slice(prefix.length), account.publicKey);
      for (const object of claims.payload.offerObjects)
        objects.set(object.id, { classId: object.classId, state: object.state });
      return claims;
    },
    fail(status: number, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeGoogleWallet = Awaited<ReturnType<typeof startFakeGoogleWallet>>;
