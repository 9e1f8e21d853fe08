import { beforeEach, describe, expect, it } from 'vitest';
import { useTestContext, useRoleTokens } from '../support';
import { clearContactInfo, insertContactInfo } from '../support/settings-factories';

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);
beforeEach(async () => {
  await clearContactInfo(ctx.db);
});

const FULL = {
  name: 'Asha Menon',
  mobile_number: '9876500000',
  service_helpline: '1800 123 4567',
  mail_support: 'support@stayperks.in',
  technical_support: 'tech@stayperks.in',
};

async function read(token = tokens.superadmin) {
  const res = await ctx.request('GET', '/api/contact-us', { token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/contact-us', () => {
  it('answers null while no contact information is saved', async () => {
    const res = await ctx.request('GET', '/api/contact-us', { token: tokens.hotel });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('answers the five fields and nothing else', async () => {
    await insertContactInfo(ctx.db, { name: 'Ravi', mobileNumber: '9000000001', mailSupport: 'help@example.test' });
    expect(await read()).toEqual({
      name: 'Ravi',
      mobile_number: '9000000001',
      service_helpline: null,
      mail_support: 'help@example.test',
      technical_support: null,
    });
  });

  it.each(['superadmin', 'admin', 'manager', 'hotel', 'merchant'] as const)('is readable by a %s', async (kind) => {
    await insertContactInfo(ctx.db);
    const token = tokens[kind];
    expect((await read(token)).name).toBe('Asha Menon');
  });

  it('is not public: 401 without a token', async () => {
    await insertContactInfo(ctx.db);
    const res = await ctx.request('GET', '/api/contact-us');
    expect(res.status).toBe(401);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('POST /api/contact-us', () => {
  it('creates the record the first time, trimmed, and answers it', async () => {
    const res = await ctx.request('POST', '/api/contact-us', {
      token: tokens.superadmin,
      json: { ...FULL, name: '  Asha Menon ', mail_support: ' support@stayperks.in ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(FULL);
    expect(await read(tokens.merchant)).toEqual(FULL);
  });

  it('replaces every field on a later save; blank optional fields become null', async () => {
    await ctx.request('POST', '/api/contact-us', { token: tokens.superadmin, json: FULL });
    const res = await ctx.request('POST', '/api/contact-us', {
      token: tokens.superadmin,
      json: {
        name: 'Dev Rao',
        mobile_number: '9123456789',
        service_helpline: '',
        mail_support: '  ',
        technical_support: null,
      },
    });
    expect(res.status).toBe(200);
    const expected = {
      name: 'Dev Rao',
      mobile_number: '9123456789',
      service_helpline: null,
      mail_support: null,
      technical_support: null,
    };
    expect(res.body).toEqual(expected);
    expect(await read(tokens.hotel)).toEqual(expected);
  });

  it('accepts only name and mobile number', async () => {
    const res = await ctx.request('POST', '/api/contact-us', {
      token: tokens.superadmin,
      json: { name: 'Only', mobile_number: '9000000002' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Only',
      mobile_number: '9000000002',
      service_helpline: null,
      mail_support: null,
      technical_support: null,
    });
  });

  it.each([
    { ...FULL, name: '' },
    { ...FULL, name: '   ' },
    { ...FULL, mobile_number: '' },
    { ...FULL, mobile_number: null },
    { mobile_number: '9876500000' },
    { name: 'Asha' },
    {},
  ])('refuses %j with 422 "Name and Mobile Number are required" and keeps the old record', async (json) => {
    await insertContactInfo(ctx.db, { name: 'Kept' });
    const res = await ctx.request('POST', '/api/contact-us', { token: tokens.superadmin, json });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Name and Mobile Number are required' });
    expect((await read()).name).toBe('Kept');
  });

  it.each(['not-an-email', 'a@b', 'two words@x.in'])('refuses the mail support %s with 422', async (mail_support) => {
    const res = await ctx.request('POST', '/api/contact-us', {
      token: tokens.superadmin,
      json: { ...FULL, mail_support },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Mail Support must be a valid email address' });
    expect(await read()).toBeNull();
  });

  it('answers 401 without a token and 403 to admin, manager, hotel and merchant; nothing changes', async () => {
    await insertContactInfo(ctx.db, { name: 'Kept' });
    const anon = await ctx.request('POST', '/api/contact-us', { json: FULL });
    expect(anon.status).toBe(401);
    for (const [kind, token] of (['admin', 'manager', 'hotel', 'merchant'] as const).map((kind) => [
      kind,
      tokens[kind],
    ])) {
      const res = await ctx.request('POST', '/api/contact-us', { token, json: FULL });
      expect(res.status, kind).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await read()).name).toBe('Kept');
  });
});
