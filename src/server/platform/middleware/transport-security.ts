import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Strict-Transport-Security (docs/SECURITY.md, "Headers and files"): one year, subdomains included, and only on an
 * answer to an HTTPS request; over plain HTTP the header means nothing to a browser and would only mislead.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the request reached us over HTTPS: its own URL says https, or, behind `trustProxy` proxies (TRUST_PROXY),
 * X-Forwarded-Proto says so. Read like X-Forwarded-For (rate-limit.ts clientAddress): a proxy that appends rather
 * than replaces leaves a list, and the entry `trustProxy` places from the right is the one our outermost proxy set;
 * without TRUST_PROXY the header is the caller's word and is ignored.
 */
export function requestIsHttps(c: Context, trustProxy = 0): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (trustProxy <= 0) return false;
  const protos = (c.req.header('x-forwarded-proto') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return protos.length > 0 && protos[Math.max(0, protos.length - trustProxy)] === 'https';
}

export function strictTransportSecurity(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (requestIsHttps(c, trustProxy)) c.header('Strict-Transport-Security', HSTS);
  };
}

/**
 * Permissions-Policy (docs/SECURITY.md, "Headers and files"): the camera for our own pages (the merchant counter's
 * QR scanner) and sharing (a guest shares a voucher with navigator.share); every other powerful feature a page of
 * ours never uses is denied, to our pages and to anything they could embed. Only features browsers recognise are
 * listed, so the console stays quiet.
 */
export const PERMISSIONS_POLICY: Record<string, string[]> = {
  camera: ['self'],
  webShare: ['self'],
  accelerometer: [],
  autoplay: [],
  displayCapture: [],
  encryptedMedia: [],
  fullscreen: [],
  geolocation: [],
  gyroscope: [],
  hid: [],
  idleDetection: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  pictureInPicture: [],
  publickeyCredentialsGet: [],
  screenWakeLock: [],
  serial: [],
  usb: [],
  xrSpatialTracking: [],
};
