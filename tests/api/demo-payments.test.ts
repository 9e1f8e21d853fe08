import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/demo/seed-demo';
import { LOG_GATEWAY_WEBHOOK_SECRET } from '../../src/server/platform/payments/log-gateway';
import { useTestContext } from '../support';
import { signedWebhookHeaders } from '../support/payment-webhooks';
import { hotels, subscriptionPeriods } from '../support/tables';

/**
 * The demo's payments (src/server/demo/seed-payments.ts): every status shows, settled_at agrees with it, the dashboard's
 * unpaid figure is the demo's, and the log gateway's link is paid by the webhook docs/OPERATING.md "Payments" plays
 * with curl (its shortest body, signed with the log gateway's secret).
 */
const ctx = useTestContext({ env: { PAYMENT_GATEWAY: 'log' } });

interface Period {
  id: string;
  due: number;
  outstanding: number;
  status: string;
  payments: { method: string; tds_amount: number }[];
  link: { url: string; amount: number; status: string } | null;
}

async function demoPeriods(token: string) {
  const rows = await ctx.db.select({ id: hotels.id, name: hotels.name }).from(hotels);
  const periods: (Period & { hotel: string })[] = [];
  for (const hotel of rows) {
    const res = await ctx.request('GET', `/api/payments/hotels/${hotel.id}`, { token });
    expect(res.status, res.text).toBe(200);
    for (const period of (res.body as { periods: Period[] }).periods) periods.push({ ...period, hotel: hotel.name });
  }
  return periods;
}

describe('demo payments', () => {
  it('show every status, with a log-gateway link a signed webhook pays', async () => {
    await seedDemoData(ctx.db, { timeZone: ctx.config.timeZone, storage: ctx.deps.storage });
    const token = await ctx.tokenAs('admin');
    const periods = await demoPeriods(token);
    const byStatus = (status: string) => periods.filter((p) => p.status === status).map((p) => p.hotel);
    expect(byStatus('unpaid').sort()).toEqual(['Amber Fort View', 'Misty Valley Cottages', 'Palm Grove Inn']);
    expect(byStatus('partly_paid')).toEqual(['City Palace Suites']);
    expect(byStatus('paid').length).toBeGreaterThan(periods.length / 2);
    const methods = new Set(periods.flatMap((p) => p.payments.map((x) => x.method)));
    expect([...methods].sort()).toEqual(['bank_transfer', 'upi']);
    expect(periods.filter((p) => p.payments.some((x) => x.tds_amount > 0)).map((p) => p.hotel)).toEqual([
      'Lakeside Haveli',
    ]);

    // settled_at is set on exactly the paid periods (the unpaid ones are the partial index's).
    const settled = await ctx.db
      .select({ id: subscriptionPeriods.id, settledAt: subscriptionPeriods.settledAt })
      .from(subscriptionPeriods);
    for (const period of periods)
      expect(settled.find((s) => s.id === period.id)!.settledAt !== null, period.hotel).toBe(period.status === 'paid');
    const dashboard = await ctx.request('GET', '/api/dashboard/superadmin', { token });
    const owed = periods.reduce((sum, p) => sum + p.outstanding, 0);
    expect(dashboard.body).toMatchObject({ unpaid_amount: owed, unpaid_periods: 4 });

    // The demo's link, paid as docs/OPERATING.md's curl pays it.
    const linked = periods.filter((p) => p.link);
    expect(linked.map((p) => [p.hotel, p.link!.status])).toEqual([['Palm Grove Inn', 'created']]);
    const { link, due } = linked[0]!;
    expect(link!.amount).toBe(due);
    const linkId = link!.url.split('/').pop()!;
    expect(linkId).toMatch(/^plink_log[0-9a-f]{12}$/);
    const paise = Math.round(due * 100);
    const body = JSON.stringify({
      event: 'payment_link.paid',
      payload: {
        payment_link: { entity: { id: linkId, amount: paise, currency: 'INR' } },
        payment: { entity: { id: 'pay_demo0001', amount: paise, currency: 'INR', method: 'upi' } },
      },
    });
    const res = await ctx.request('POST', '/api/payment-webhooks/log', {
      body,
      headers: signedWebhookHeaders(body, LOG_GATEWAY_WEBHOOK_SECRET, 'evt_demo_0001'),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ detail: 'Webhook recorded' });
    const after = (await demoPeriods(token)).find((p) => p.id === linked[0]!.id)!;
    expect(after).toMatchObject({ status: 'paid', outstanding: 0, link: { status: 'paid' } });
  });
});
