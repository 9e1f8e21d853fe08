/**
 * Where a shop is on a map (docs/PRODUCT.md "Forms and messages", Merchant). The one rule for which web addresses
 * count as a maps address: the merchant schema refuses any other location link, and the guest's voucher and View
 * Details link to a stored one only when it still passes (older rows may hold any web address).
 */

const GOOGLE = String.raw`google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})`;
const MAPS_HOST = new RegExp(`^maps\\.${GOOGLE}$`);
const GOOGLE_HOST = new RegExp(`^(?:www\\.)?${GOOGLE}$`);

export const MAPS_LINK_MESSAGE =
  'Location link must be a Google Maps link starting with https:// (maps.google.com, google.com/maps, goo.gl/maps or maps.app.goo.gl)';

/**
 * Google Maps' own forms, https only: maps.google.<tld>/..., www.google.<tld>/maps..., goo.gl/maps/...,
 * maps.app.goo.gl/... (no login part, no port).
 */
export function isMapsLink(link: string): boolean {
  if (!/^https:\/\/[^\s\\]+$/i.test(link)) return false;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.username || url.password || url.port) return false;
  const host = url.hostname;
  const path = url.pathname;
  if (MAPS_HOST.test(host)) return true;
  if (GOOGLE_HOST.test(host)) return path === '/maps' || path.startsWith('/maps/');
  if (host === 'goo.gl') return path.startsWith('/maps/') && path.length > '/maps/'.length;
  return host === 'maps.app.goo.gl' && path.length > 1;
}

/** The shop's map link: its location link when that is a maps address, else a Google Maps search for its address. */
export function mapLink(locationLink: string | null, address: string): string {
  if (locationLink && isMapsLink(locationLink)) return locationLink;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
