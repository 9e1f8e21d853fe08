import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { CHECKOUT_TOO_FAR } from '../../src/shared/schemas/scans';
import { uniqueName, useTestContext, useRoleTokens } from '../support';
import { durationByMonths, insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertOffer } from '../support/offer-factories';

/**
 * Input (docs/DEVELOPING.md "A feature, end to end"): control characters and the like are refused with 422 naming the
 * field (in the shared schemas, so the web forms say the same), integer ids stay within the integer column, the guest's
 * check-out date is at most a year ahead, and no request of any shape gets a 5xx.
 */

const t = useTestContext();
const tokens = useRoleTokens(t);
let locationId: number;
let merchantTypeId: number;
let durationId: number;
let merchantId: string;
let hotelId: string;
let offerId: string;
let today: string;
let mobiles = 0;
const nextMobile = () => `96${String(10_000_000 + ++mobiles).slice(-8)}`;

beforeAll(async () => {
  today = businessToday();
  locationId = (await t.createLocation()).id;
  merchantTypeId = (await t.createMerchantType()).id;
  durationId = (await durationByMonths(t.db, 12)).id;
  merchantId = (await t.createMerchant({ locationId, merchantTypeId })).id;
  hotelId = (await insertSubscribedHotel(t.db, { from: addDays(today, -30), hotel: { locationId } })).hotel.id;
  offerId = (await insertOffer(t.db, { merchantId })).id;
}, 60_000);

/** Characters no text field takes, each inside ordinary text (so trimming cannot remove it). */
const FORBIDDEN: Record<string, string> = {
  NUL: '\u0000',
  'C0 (ESC)': '\u001b',
  'vertical tab': '\u000b',
  DEL: '\u007f',
  'C1 (NEL)': '\u0085',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udc00',
  'U+FFFE': '\ufffe',
  'U+FDD0': '\ufdd0',
  'U+10FFFF': '\u{10ffff}',
};
const withChar = (char: string) => `Abc${char}def`;

const hotelBody = () => ({
  name: uniqueName('Input Hotel'),
  location_id: locationId,
  address: '1 Beach Road',
  contact_number: '9876543210',
  contact_person: 'Front Desk',
  subscription_duration_id: durationId,
});
const merchantBody = () => ({
  name: uniqueName('Input Merchant'),
  merchant_type_id: merchantTypeId,
  location_id: locationId,
  contact_number: '9123456780',
  address: '2 Market Street',
});
const offerBody = () => ({
  merchant_id: merchantId,
  offer_name: uniqueName('Input Offer'),
  offer_type: 'percentage',
  offer_value: 10,
  validity_from: today,
  validity_to: addDays(today, 30),
  opening_hours: '10:00',
  closing_hours: '22:00',
  description: 'Seafood thalis',
  terms_conditions: 'One per guest',
});
const guestBody = () => ({
  hotel_id: hotelId,
  customer_name: 'Priya Sharma',
  mobile_number: nextMobile(),
  checkout_date: addDays(today, 2),
  consent: true,
  selected_offers: [offerId],
});
const adminUserBody = () => {
  const username = uniqueName('input').replace(/\s+/g, '_');
  return { username, email: `${username}@example.test`, password: 'Input-pass-2024', full_name: 'Input User' };
};

type Who = 'anonymous' | 'superadmin' | 'merchant';
interface TextCase {
  method?: 'PUT';
  path: string;
  /** The caller; the super admin when left out. */
  who?: Who;
  body: () => Record<string, unknown>;
  /** field → the label its message starts with */
  fields: Record<string, string>;
}

const TEXT_CASES: TextCase[] = [
  {
    path: '/api/auth/login',
    who: 'anonymous',
    body: () => ({ username: 'someone', password: 'Some-password-1' }),
    fields: { username: 'Username', password: 'Password' },
  },
  {
    path: '/api/locations',
    body: () => ({ name: uniqueName('Town') }),
    fields: { name: 'Location name' },
  },
  {
    path: '/api/hotels',
    body: hotelBody,
    fields: {
      name: 'Hotel name',
      address: 'Address',
      contact_number: 'Contact number',
      contact_person: 'Contact person',
      google_place_id: 'Google Place ID',
      google_link: 'Google link',
      logo_url: 'Logo',
    },
  },
  {
    path: '/api/merchants',
    body: merchantBody,
    fields: {
      name: 'Merchant name',
      address: 'Address',
      contact_number: 'Contact number',
      store_contact_number: 'Store contact number',
      location_link: 'Location link',
    },
  },
  {
    path: '/api/offers',
    body: offerBody,
    fields: { offer_name: 'Offer name', description: 'Description', terms_conditions: 'Terms and conditions' },
  },
  {
    path: '/api/merchant/my-offers',
    who: 'merchant',
    body: offerBody,
    fields: { offer_name: 'Offer name', description: 'Description' },
  },
  {
    path: '/api/merchant-types',
    body: () => ({ name: uniqueName('Type') }),
    fields: { name: 'Merchant type name', thumbnail_url: 'Thumbnail' },
  },
  {
    path: '/api/contact-us',
    body: () => ({ name: 'Support', mobile_number: '9876543210' }),
    fields: {
      name: 'Name',
      mobile_number: 'Mobile Number',
      service_helpline: 'Service Helpline',
      mail_support: 'Mail Support',
      technical_support: 'Technical Support',
    },
  },
  {
    path: '/api/admin-users',
    body: adminUserBody,
    fields: { username: 'Username', email: 'Email', full_name: 'Full Name', password: 'Password' },
  },
  { path: '/api/customer-scans', who: 'anonymous', body: guestBody, fields: { customer_name: 'Name' } },
  {
    method: 'PUT',
    path: '/api/auth/password',
    body: () => ({ current_password: 'Some-password-1', new_password: 'Another-password-2' }),
    fields: { current_password: 'Current password', new_password: 'New password' },
  },
  {
    path: '/api/merchant/redeem-voucher',
    who: 'merchant',
    body: () => ({ voucher_code: 'ABCD2345' }),
    fields: { voucher_code: 'Voucher code' },
  },
];

const tokenOf = (who: Who) => (who === 'anonymous' ? undefined : tokens[who]);

describe('text with control characters, lone surrogates or noncharacters', () => {
  for (const c of TEXT_CASES) {
    for (const [field, label] of Object.entries(c.fields)) {
      it(`${c.method ?? 'POST'} ${c.path} refuses them in ${field} with 422 naming ${label}`, async () => {
        for (const [name, char] of Object.entries(FORBIDDEN)) {
          const value =
            field.endsWith('_url') || field.endsWith('_link') || field === 'google_link'
              ? `https://example.com/${withChar(char)}`
              : withChar(char);
          const res = await t.request(c.method ?? 'POST', c.path, {
            token: tokenOf(c.who ?? 'superadmin'),
            json: { ...c.body(), [field]: value },
          });
          expect([res.status, res.body.detail], `${field} with ${name}`).toEqual([
            422,
            `${label} contains characters that are not allowed`,
          ]);
        }
      });
    }
  }

  it('refuses a tab or a line break in a one-line field, and takes them in a text area', async () => {
    for (const char of ['\t', '\n', '\r']) {
      const res = await t.request('POST', '/api/offers', {
        token: tokens.superadmin,
        json: { ...offerBody(), offer_name: withChar(char) },
      });
      expect([res.status, res.body.detail]).toEqual([422, 'Offer name contains characters that are not allowed']);
    }
    const description = 'Line one\n\tLine two\r\nLine three';
    const offer = await t.request('POST', '/api/offers', {
      token: tokens.superadmin,
      json: { ...offerBody(), description, terms_conditions: 'a\nb' },
    });
    expect(offer.status, offer.text).toBe(201);
    expect(offer.body.description).toBe(description);
    const hotel = await t.request('POST', '/api/hotels', {
      token: tokens.superadmin,
      json: { ...hotelBody(), address: '1 Beach Road\nPanaji' },
    });
    expect(hotel.status, hotel.text).toBe(201);
    const merchant = await t.request('POST', '/api/merchants', {
      token: tokens.superadmin,
      json: { ...merchantBody(), address: '2 Market St\r\nGoa' },
    });
    expect(merchant.status, merchant.text).toBe(201);
  });

  it('takes ordinary non-ASCII text: accents, Devanagari, emoji (surrogate pairs)', async () => {
    const name = `Café होटल 🌴 ${uniqueName('x')}`;
    const res = await t.request('POST', '/api/locations', { token: tokens.superadmin, json: { name } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.name).toBe(name);
  });

  it('refuses them in query parameters too (search, login query)', async () => {
    for (const path of ['/api/customer-scans?search=', '/api/reviews/hotel-details?search=']) {
      const res = await t.request('GET', `${path}${encodeURIComponent(withChar('\u0000'))}`, {
        token: tokens.superadmin,
      });
      expect([res.status, res.body.detail]).toEqual([422, 'search contains characters that are not allowed']);
    }
    const login = await t.request(
      'POST',
      `/api/users/hotel?username=ab%00c&password=Input-pass-2024&hotel_id=${hotelId}`,
      { token: tokens.superadmin },
    );
    expect([login.status, login.body.detail]).toEqual([422, 'Username contains characters that are not allowed']);
  });
});

describe('integer ids', () => {
  const BAD_TEXT_IDS = [
    '0',
    '-1',
    '1.5',
    '0x10',
    '1e3',
    '1e300',
    '2147483648',
    '9223372036854775808',
    '99999999999',
    '+1',
    '1 2',
  ];

  it('are refused in a path with 422 when not 1..2147483647; the largest is a plain 404', async () => {
    for (const route of ['/api/locations/', '/api/merchant-types/']) {
      for (const id of BAD_TEXT_IDS) {
        const res = await t.request('PUT', `${route}${encodeURIComponent(id)}`, {
          token: tokens.superadmin,
          json: { name: uniqueName('x') },
        });
        expect([res.status, res.body.detail], `${route}${id}`).toEqual([422, 'id must be a positive whole number']);
        const del = await t.request('DELETE', `${route}${encodeURIComponent(id)}`, { token: tokens.superadmin });
        expect(del.status, `DELETE ${route}${id}`).toBe(422);
      }
      const largest = await t.request('PUT', `${route}2147483647`, {
        token: tokens.superadmin,
        json: { name: uniqueName('x') },
      });
      expect(largest.status).toBe(404);
    }
  });

  it('are refused in query parameters with 422', async () => {
    const lists = ['/api/hotels', '/api/merchants', '/api/offers', '/api/customer-scans', '/api/reviews/hotel-details'];
    for (const list of lists) {
      for (const id of BAD_TEXT_IDS) {
        const res = await t.request('GET', `${list}?location_id=${encodeURIComponent(id)}`, {
          token: tokens.superadmin,
        });
        expect([res.status, res.body.detail], `${list}?location_id=${id}`).toEqual([
          422,
          'location_id must be a positive whole number',
        ]);
      }
      const largest = await t.request('GET', `${list}?location_id=2147483647`, { token: tokens.superadmin });
      expect(largest.status, list).toBe(200);
    }
  });

  // JSON text, so 2^63 and 1e300 arrive as the numbers a client would send.
  const BAD_JSON_IDS = [
    '0',
    '-1',
    '1.5',
    '1e300',
    '9223372036854775808',
    '2147483648',
    '"0x10"',
    '"1e3"',
    '"-1"',
    'true',
    '[]',
    '{}',
  ];
  const rawJson = (body: Record<string, unknown>, field: string, raw: string) =>
    JSON.stringify({ ...body, [field]: '@@' }).replace('"@@"', raw);

  it('are refused in bodies with 422 (hotels, renewals, merchants, selected merchant types)', async () => {
    const cases: [string, string, () => Record<string, unknown>, string, string][] = [
      ['POST', '/api/hotels', hotelBody, 'location_id', 'Please fill all required fields'],
      ['POST', '/api/hotels', hotelBody, 'subscription_duration_id', 'Please fill all required fields'],
      [
        'POST',
        `/api/hotels/${hotelId}/renew`,
        () => ({ subscription_duration_id: durationId }),
        'subscription_duration_id',
        'Please select subscription duration',
      ],
      ['POST', '/api/merchants', merchantBody, 'merchant_type_id', 'Please fill all required fields'],
      ['POST', '/api/merchants', merchantBody, 'location_id', 'Please fill all required fields'],
    ];
    for (const [method, path, body, field, message] of cases) {
      for (const raw of BAD_JSON_IDS) {
        const res = await t.request(method, path, {
          token: tokens.superadmin,
          body: rawJson(body(), field, raw),
          headers: { 'Content-Type': 'application/json' },
        });
        expect([res.status, res.body.detail], `${path} ${field}=${raw}`).toEqual([422, message]);
      }
    }
    for (const raw of ['[2147483648]', '[1e300]', '[-1]', '[1.5]', '["1"]']) {
      const res = await t.request('POST', '/api/hotels', {
        token: tokens.superadmin,
        body: rawJson({ ...hotelBody(), offer_selection_type: 'manual' }, 'selected_merchant_types', raw),
        headers: { 'Content-Type': 'application/json' },
      });
      expect([res.status, res.body.detail], raw).toEqual([
        422,
        'selected_merchant_types must be a list of merchant type ids',
      ]);
    }
  });

  it('still takes an id sent as a number or as the digits of a select value', async () => {
    const res = await t.request('POST', '/api/hotels', {
      token: tokens.superadmin,
      json: { ...hotelBody(), location_id: String(locationId), subscription_duration_id: durationId },
    });
    expect(res.status, res.text).toBe(201);
  });

  it('checks every path parameter of every route: a bad one is a 4xx with a detail (a page outside /api), never a 5xx', async () => {
    const routes = [...new Set(t.app.routes.filter((r) => r.path.includes('/:')).map((r) => `${r.method} ${r.path}`))];
    expect(routes.length).toBeGreaterThan(10);
    const bad = ['1e300', '-1', '0x10', '9223372036854775808', 'not-an-id', '%00', '%F0%9F%8C%B4', 'x'.repeat(300)];
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const value of bad) {
        const path = pattern.replace(/:[A-Za-z]+/g, value);
        for (const token of [tokens.superadmin, tokens.merchant]) {
          const res = await t.request(method, path, { token, json: method === 'GET' ? undefined : {} });
          expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
          // The API answers {detail}; the pages a guest's message links to (/v, /o) answer a page that says why.
          if (pattern.startsWith('/api/')) expect(typeof res.body.detail, `${method} ${path}`).toBe('string');
          else expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/^text\/html/);
        }
      }
    }
  });
});

describe("the guest's check-out date", () => {
  it('is at most 365 days ahead', async () => {
    const lastDay = await t.request('POST', '/api/customer-scans', {
      json: { ...guestBody(), checkout_date: addDays(today, 365) },
    });
    expect(lastDay.status, lastDay.text).toBe(201);
    for (const date of [addDays(today, 366), '2999-12-31', '9999-12-31']) {
      const res = await t.request('POST', '/api/customer-scans', { json: { ...guestBody(), checkout_date: date } });
      expect([res.status, res.body.detail], date).toEqual([422, CHECKOUT_TOO_FAR]);
    }
    expect(CHECKOUT_TOO_FAR).toBe('Check-out date must be within a year');
  });
});

describe('requests of any shape', () => {
  const post = (body: BodyInit, contentType?: string, path = '/api/locations') =>
    t.request('POST', path, {
      token: tokens.superadmin,
      body,
      headers: contentType ? { 'Content-Type': contentType } : {},
    });

  it('malformed JSON is a 400 with a detail', async () => {
    for (const body of ['{', '{"name": }', "{'name': 'x'}", '', '\u0000', '{"name":"x"}}', '[[[[[[[[']) {
      const res = await post(body, 'application/json');
      expect([res.status, typeof res.body.detail], JSON.stringify(body)).toEqual([400, 'string']);
    }
  });

  it('a JSON array, number, string, boolean or null instead of an object is a 422', async () => {
    for (const body of ['[]', '[{"name":"x"}]', '5', '"name"', 'true', 'null']) {
      const res = await post(body, 'application/json');
      expect(res.status, body).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    const number = await post('5', 'application/json');
    expect(number.body.detail).toBe('The request body must be a JSON object');
  });

  it('another content type is read as no body: 422 for the missing fields, nothing created', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', undefined]) {
      const res = await post('{"name":"From text"}', type);
      expect([res.status, res.body.detail], String(type)).toEqual([422, 'Location name is required']);
    }
  });

  it('a deeply nested JSON body is a 4xx, not a stack overflow', async () => {
    const depth = 200_000;
    const res = await post(`{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`, 'application/json');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('huge strings: over a field limit is a 422 naming it; over the body limit is a 413', async () => {
    const long = await post(JSON.stringify({ name: 'x'.repeat(100_000) }), 'application/json');
    expect([long.status, long.body.detail]).toEqual([422, 'Location name must be at most 100 characters']);
    const huge = await post(JSON.stringify({ name: 'x'.repeat(7 * 1024 * 1024) }), 'application/json');
    expect(huge.status).toBe(413);
    expect(typeof huge.body.detail).toBe('string');
  });

  it('invalid UTF-8 bytes in a body never give a 5xx', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"name":"ab'),
      0xc3,
      0x28,
      0xed,
      0xa0,
      0x80,
      0xff,
      ...new TextEncoder().encode('"}'),
    ]);
    const res = await post(bytes, 'application/json');
    expect(res.status).toBeLessThan(500);
  });

  it('bad multipart on an upload is a 4xx with a detail', async () => {
    const path = '/api/hotels/upload-logo';
    const cases: [string, string | undefined, number][] = [
      ['--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', 'multipart/form-data; boundary=x', 400], // cut short
      ['abc', 'multipart/form-data', 400], // no boundary
      ['--y\r\n\r\n--y--', 'multipart/form-data; boundary=x', 400], // another boundary
      ['file=abc', 'application/x-www-form-urlencoded', 422],
      ['{"file":"abc"}', 'application/json', 422],
      ['', undefined, 422],
    ];
    for (const [body, type, status] of cases) {
      const res = await post(body, type, path);
      expect([res.status, typeof res.body.detail], `${type}: ${body.slice(0, 30)}`).toEqual([status, 'string']);
    }
    const textField = new FormData();
    textField.append('file', 'not a file');
    expect((await post(textField, undefined, path)).status).toBe(422);
    const otherField = new FormData();
    otherField.append('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
    expect((await post(otherField, undefined, path)).status).toBe(422);
    const notImage = new FormData();
    notImage.append(
      'file',
      new File([new TextEncoder().encode('<html><script>alert(1)</script>')], 'a.png', { type: 'image/png' }),
    );
    expect((await post(notImage, undefined, path)).status).toBe(415);
  });
});
