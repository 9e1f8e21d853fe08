import { describe, expect, it } from 'vitest';
import { isMapsLink, mapLink } from '../../src/shared/maps';

describe('isMapsLink (docs/PRODUCT.md "Forms and messages", Merchant)', () => {
  it.each([
    'https://maps.google.com/?q=Spice+Garden',
    'https://maps.google.co.in/maps?q=15.5,73.8',
    'https://maps.google.de/',
    'https://www.google.com/maps/place/Spice+Garden/@15.5,73.8,17z',
    'https://www.google.co.in/maps?q=Calangute',
    'https://google.com/maps/search/?api=1&query=Goa',
    'https://www.google.com.au/maps/dir//Goa',
    'https://goo.gl/maps/AbC123xyz',
    'https://maps.app.goo.gl/Xyz789',
    'HTTPS://MAPS.APP.GOO.GL/Xyz789',
  ])('takes %s', (link) => expect(isMapsLink(link)).toBe(true));

  it.each([
    'http://maps.google.com/?q=Spice',
    'https://example.com/maps/place',
    'https://www.google.com/search?q=maps',
    'https://www.google.com/mapsfoo',
    'https://maps.google.com.evil.test/',
    'https://evil.test/?u=https://maps.google.com/',
    'https://maps.google.com@evil.test/',
    'https://user@maps.google.com/',
    'https://maps.google.com:8443/',
    'https://goo.gl/AbC123',
    'https://goo.gl/maps/',
    'https://maps.app.goo.gl/',
    'https://maps.app.goo.gl.evil.test/x',
    'https://maps.google.com/ q',
    'javascript:alert(1)',
    'maps.google.com/?q=Spice',
    '',
  ])('refuses %j', (link) => expect(isMapsLink(link)).toBe(false));
});

describe('mapLink', () => {
  it("is the merchant's location link when that is a maps address", () => {
    expect(mapLink('https://maps.app.goo.gl/Xyz789', '3, Market Street')).toBe('https://maps.app.goo.gl/Xyz789');
  });

  it('is a Google Maps search for the address otherwise (none, or an old link that is not a maps address)', () => {
    const search = 'https://www.google.com/maps/search/?api=1&query=3%2C%20Market%20Street%2C%20Goa%20%26%20Co';
    expect(mapLink(null, '3, Market Street, Goa & Co')).toBe(search);
    expect(mapLink('https://x.test/shop', '3, Market Street, Goa & Co')).toBe(search);
  });
});
