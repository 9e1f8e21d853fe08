import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { setAnswerHeader } from './answer-header';
import { forwardedByProxy } from './rate-limit';

/**
 * Strict-Transport-Security (docs/SECURITY.md, "Headers and files"): one year, subdomains included, and only on an
 * answer to an HTTPS request; over plain HTTP the header means nothing to a browser and would only mislead.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the request reached us over HTTPS: its own URL says https, or, behind `trustProxy` proxies (TRUST_PROXY),
 * X-Forwarded-Proto as our outermost proxy set it (forwardedByProxy, as the client address is read).
 */
export function requestIsHttps(c: Context, trustProxy = 0): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedByProxy(c, 'x-forwarded-proto', trustProxy)?.toLowerCase() === 'https';
}

export function strictTransportSecurity(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (requestIsHttps(c, trustProxy)) setAnswerHeader(c, 'Strict-Transport-Security', HSTS);
  };
}

/**
 * Permissions-Policy (docs/SECURITY.md, "Headers and files"): the camera for our own pages (the merchant counter's
 * QR scanner); every other powerful feature a page of ours never uses is denied, to our pages and to anything they
 * could embed. Only features Chromium recognises are listed, so the console stays quiet (an error there costs
 * Lighthouse's best practices): `web-share` is not one of them, and its default is our own pages anyway.
 */
export const PERMISSIONS_POLICY: Record<string, string[]> = {
  camera: ['self'],
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
