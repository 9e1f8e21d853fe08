import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { UuidIdParam } from '../../../shared/schemas/common';
import {
  BillAmountSchema,
  CounterDayQuerySchema,
  UndoRedemptionSchema,
  VoucherCodeParam,
} from '../../../shared/schemas/counter';
import { MyCustomersQuerySchema, RedeemVoucherSchema } from '../../../shared/schemas/merchant-area';
import { offerUpdateSchema, PauseOfferSchema } from '../../../shared/schemas/offers';
import { MerchantSettingsSchema } from '../../../shared/schemas/merchants';
import {
  NeedsAttentionQuerySchema,
  OfflineBatchSchema,
  type OfflineBatchInput,
  OfflineCodesQuerySchema,
} from '../../../shared/schemas/offline';
import type { AppDeps, AppEnv, AuthUser } from '../../platform/context';
import { forbidden, notFound } from '../../platform/lib/errors';
import { callerCan, currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { NEXT_CURSOR, TOTAL_COUNT } from '../../platform/openapi/shapes';
import { auditContext } from '../../modules/audit/audit-context';
import type { AuditContext } from '../../modules/audit/audit.service';
import {
  CounterRedemptionView,
  CouponStateView,
  presentCounterRedemption,
  presentCouponState,
} from '../../modules/coupons/coupons.presenter';
import {
  listMerchantRedemptions,
  setBillAmount,
  undoRedemption,
  type CouponState,
} from '../../modules/coupons/coupons.service';
import {
  NeedsAttentionView,
  nextNeedsAttentionCursor,
  OfflineCodesView,
  OfflineResultView,
  presentNeedsAttention,
  presentOfflineCodes,
  presentOfflineResult,
} from '../../modules/coupons/offline-redemptions.presenter';
import {
  applyOfflineBatch,
  listNeedsAttention,
  listOfflineCodes,
} from '../../modules/coupons/offline-redemptions.service';
import { offlineSyncProof, provenSyncTime } from '../../modules/coupons/offline-sync-proof';
import { findMerchantLogin } from '../../modules/users/staff.service';
import { MerchantSettingsView, presentMerchantSettings } from '../../modules/merchants/merchants.presenter';
import { getMerchantSettings, setMerchantSettings } from '../../modules/merchants/merchants.service';
import { offerResults } from '../../modules/offers/offer-results';
import {
  OfferView,
  OfferWithResultsView,
  presentOffer,
  presentOfferResults,
} from '../../modules/offers/offers.presenter';
import { createOffer, getOffer, listOffers, setOfferPaused, updateOffer } from '../../modules/offers/offers.service';
import {
  MerchantCustomerView,
  MerchantDashboardView,
  presentCustomer,
  presentDashboard,
  presentRedemption,
  RedemptionView,
} from './merchant-area.presenter';
import { listMyCustomers, merchantDashboard, ownMerchant, redeemVoucher } from './merchant-area.service';
import { merchantExportRoutes } from './merchant-area.export';
import { merchantStaffRoutes } from './merchant-staff.routes';
import { wrongCodeLimitOf } from './wrong-code-limit';
import { sendUncompressed } from '../../platform/lib/small-answer';

const factory = createFactory<AppEnv>();

export const REDEEM_ANYWAY_NOT_CASHIER = 'Only the owner or a supervisor can redeem anyway';

/**
 * /api/merchant: the merchant's own area (docs/PRODUCT.md "Calls", docs/PRODUCT.md "Roles"). Every call needs a
 * merchant login and works on that login's merchant only; ids in bodies never choose the merchant. The one router of
 * the prefix: its calls, its export and the owner's staff logins.
 */
export function merchantAreaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', ownMerchantRoutes(deps))
    .route('/', merchantExportRoutes(deps))
    .route('/', merchantStaffRoutes(deps));
}

function ownMerchantRoutes(deps: AppDeps) {
  const { db, config } = deps;
  // Known once the database is ready (AppDeps.jwtSecret): read per request.
  const jwtSecret = () => deps.jwtSecret;
  const today = () => todayIn(config.timeZone);
  const businessDay = () => ({ today: today(), timeZone: config.timeZone });
  const wrongCodes = wrongCodeLimitOf(deps);
  const merchantOf = (c: Parameters<typeof currentUser>[0]) => ownMerchant(db, currentUser(c).merchantId);
  /**
   * Who accepted an offline batch, and from when it may be dated (docs/COUNTER.md "Without a network"): the login it
   * names (`accepted_by`, another of the shop's logins whose shift queued it on this phone) when the sync proof is
   * that login's, otherwise the sender; a sync time without the proof of the login it is recorded under is not
   * believed, so the redemptions date from arrival.
   */
  const acceptedBy = async (merchantId: string, batch: OfflineBatchInput, audit: AuditContext) => {
    const proven = (userId: string) =>
      provenSyncTime(jwtSecret(), merchantId, userId, batch.synced_at, batch.sync_proof);
    const named = batch.accepted_by;
    if (named && named !== audit.actor.id) {
      const login = proven(named) && (await findMerchantLogin(db, merchantId, named));
      if (login)
        return { audit: { ...audit, actor: { id: login.id, username: login.username } }, syncedAt: proven(named) };
    }
    return { audit, syncedAt: audit.actor.id ? proven(audit.actor.id) : undefined };
  };
  // Every login of the merchant reaches the counter; the rest of the area is the owner's and supervisors', not a
  // cashier's (docs/SECURITY.md "Roles").
  const notCashier = requireRole('merchantArea');
  // A counter write to one of the merchant's vouchers (docs/COUNTER.md): the code in the path, the change in the
  // body, the voucher's state after it in the answer.
  const voucherWrite = <S extends v.GenericSchema>(
    schema: S,
    write: (
      merchantId: string,
      code: string,
      body: v.InferOutput<S>,
      audit: AuditContext,
      user: AuthUser,
    ) => Promise<CouponState>,
  ) =>
    factory.createHandlers(
      answers(CouponStateView),
      validate('param', VoucherCodeParam),
      validate('json', schema),
      async (c) => {
        const merchant = await merchantOf(c);
        const user = currentUser(c);
        const { code } = c.req.valid('param');
        const state = await write(merchant.id, code, c.req.valid('json'), auditContext(c, config), user);
        return c.json(presentCouponState(state));
      },
    );

  return (
    new Hono<AppEnv>()
      .use('*', requireRole('merchantCounter'))
      .get('/dashboard', answers(MerchantDashboardView), async (c) => {
        const { merchant, ...counts } = await merchantDashboard(db, currentUser(c).merchantId);
        return c.json(presentDashboard(merchant, counts));
      })
      // The merchant check is folded into the redemption's one UPDATE (the hot path at the counter).
      .post('/redeem-voucher', answers(RedemptionView), validate('json', RedeemVoucherSchema), async (c) => {
        const user = currentUser(c);
        const merchantKey = user.merchantId ?? user.id;
        const { voucher_code, bill_amount, override_reason } = c.req.valid('json');
        // "Redeem anyway" is the owner's and supervisors' call, never a cashier's (docs/COUNTER.md).
        if (override_reason && !callerCan(user, 'redeemAnyway')) throw forbidden(REDEEM_ANYWAY_NOT_CASHIER);
        // Only wrong codes count: a rule of the offer (not_valid_now, bill_required) is a right code.
        const outcome = await wrongCodes.around(merchantKey, (limit) =>
          redeemVoucher(
            db,
            user.merchantId,
            {
              code: voucher_code,
              billAmount: bill_amount ?? null,
              overrideReason: override_reason ?? null,
              wrongCodes: limit.inStatement,
            },
            today(),
            auditContext(c, config),
            limit.whenMissed,
          ),
        );
        sendUncompressed(c);
        return c.json(presentRedemption(outcome));
      })
      // Each offer with its results this month and all time (docs/DATA.md "Per-offer results"), from the rollup.
      .get('/my-offers', answers(v.array(OfferWithResultsView)), notCashier, async (c) => {
        const merchant = await merchantOf(c);
        const day = today();
        const rows = await listOffers(db, businessDay(), { merchantId: merchant.id });
        const results = await offerResults(
          db,
          rows.map((row) => row.id),
          day,
        );
        return c.json(
          rows.map((row) => ({ ...presentOffer(row, day), results: presentOfferResults(results.get(row.id)!) })),
        );
      })
      .post(
        '/my-offers',
        answers(OfferView, { status: 201 }),
        notCashier,
        validate('json', offerUpdateSchema(config.timeZone)),
        async (c) => {
          const merchant = await merchantOf(c);
          // is_active is the back office's switch; the merchant's lever is the pause (docs/PRODUCT.md "Offer rules").
          const created = await createOffer(
            db,
            { ...c.req.valid('json'), is_active: true, merchant_id: merchant.id },
            businessDay(),
            auditContext(c, config),
          );
          return c.json(presentOffer(created, today()), 201);
        },
      )
      .put(
        '/my-offers/:id',
        answers(OfferView),
        notCashier,
        validate('param', UuidIdParam),
        validate('json', offerUpdateSchema(config.timeZone)),
        async (c) => {
          const merchant = await merchantOf(c);
          const { id } = c.req.valid('param');
          // An offer never changes merchant, so checking the owner first is safe; another merchant's offer is "not found".
          const offer = await getOffer(db, id);
          if (offer.merchantId !== merchant.id) throw notFound('Offer not found');
          const updated = await updateOffer(db, id, c.req.valid('json'), businessDay(), auditContext(c, config), {
            keepIsActive: true,
          });
          return c.json(presentOffer(updated, today()));
        },
      )
      // Pause and resume in one tap (docs/PRODUCT.md "Offer rules", Pause): its own offers only, another merchant's
      // is "not found"; the guest lists change at once (the catalogue version moves with the offer row).
      .put(
        '/my-offers/:id/pause',
        answers(OfferView),
        notCashier,
        validate('param', UuidIdParam),
        validate('json', PauseOfferSchema),
        async (c) => {
          const merchant = await merchantOf(c);
          const { id } = c.req.valid('param');
          const { paused } = c.req.valid('json');
          const offer = await setOfferPaused(db, id, merchant.id, paused, businessDay(), auditContext(c, config));
          return c.json(presentOffer(offer, today()));
        },
      )
      // The merchant's own settings (docs/PRODUCT.md "Offer rules"): one voucher per guest every N days, across all
      // its offers.
      .get('/settings', answers(MerchantSettingsView), notCashier, async (c) => {
        const merchant = await merchantOf(c);
        return c.json(presentMerchantSettings(await getMerchantSettings(db, merchant.id)));
      })
      .put(
        '/settings',
        answers(MerchantSettingsView),
        notCashier,
        validate('json', MerchantSettingsSchema),
        async (c) => {
          const merchant = await merchantOf(c);
          const saved = await setMerchantSettings(db, merchant.id, c.req.valid('json'), auditContext(c, config));
          return c.json(presentMerchantSettings(saved));
        },
      )
      .get(
        '/my-customers',
        answers(v.array(MerchantCustomerView), { headers: TOTAL_COUNT }),
        notCashier,
        validate('query', MyCustomersQuerySchema),
        async (c) => {
          const merchant = await merchantOf(c);
          const { total, groups } = await listMyCustomers(db, merchant.id, c.req.valid('query'), config.timeZone);
          c.header('X-Total-Count', String(total));
          c.header('Access-Control-Expose-Headers', 'X-Total-Count');
          return c.json(groups.map(presentCustomer));
        },
      )
      // The counter after a redemption (docs/COUNTER.md): the day's list, undo within 10 minutes, the bill amount.
      .get(
        '/redemptions',
        answers(v.array(CounterRedemptionView)),
        validate('query', CounterDayQuerySchema),
        async (c) => {
          const merchant = await merchantOf(c);
          const rows = await listMerchantRedemptions(
            db,
            merchant.id,
            c.req.valid('query').date ?? today(),
            config.timeZone,
          );
          const now = new Date();
          const user = currentUser(c);
          const caller = { id: user.id, undoesAny: callerCan(user, 'undoAnyMerchantRedemption') };
          return c.json(rows.map((row) => presentCounterRedemption(row, now, caller)));
        },
      )
      .post(
        '/redemptions/:code/undo',
        // A cashier undoes its own redemptions only; the owner and supervisors any of the merchant's.
        ...voucherWrite(UndoRedemptionSchema, (merchantId, code, { reason }, audit, user) =>
          undoRedemption(
            db,
            code,
            reason,
            { merchantId, ...(callerCan(user, 'undoAnyMerchantRedemption') ? {} : { redeemedBy: user.id }) },
            audit,
          ),
        ),
      )
      .put(
        '/redemptions/:code/bill',
        ...voucherWrite(BillAmountSchema, (merchantId, code, { bill_amount }, audit) =>
          setBillAmount(db, merchantId, code, bill_amount, audit),
        ),
      )
      // Without a network (docs/COUNTER.md "Without a network"): the codes the phone keeps, the redemptions it
      // accepted offline (each nonce applied once), and those that need attention.
      .get('/offline-codes', answers(OfflineCodesView), validate('query', OfflineCodesQuerySchema), async (c) => {
        const merchant = await merchantOf(c);
        const now = new Date();
        const { codes, next } = await listOfflineCodes(db, merchant.id, today(), c.req.valid('query').cursor);
        c.header('Cache-Control', 'no-store');
        return c.json(
          presentOfflineCodes(
            codes,
            next,
            now,
            offlineSyncProof(jwtSecret(), merchant.id, currentUser(c).id, now),
            config.timeZone,
          ),
        );
      })
      .post(
        '/offline-redemptions',
        answers(v.array(OfflineResultView)),
        validate('json', OfflineBatchSchema),
        async (c) => {
          const merchant = await merchantOf(c);
          const batch = c.req.valid('json');
          const audit = auditContext(c, config);
          const accepted = await acceptedBy(merchant.id, batch, audit);
          const results = await applyOfflineBatch(
            db,
            merchant.id,
            { synced_at: accepted.syncedAt, items: batch.items },
            config.timeZone,
            accepted.audit,
          );
          return c.json(results.map(presentOfflineResult));
        },
      )
      .get(
        '/offline-redemptions',
        answers(v.array(NeedsAttentionView), { headers: NEXT_CURSOR }),
        validate('query', NeedsAttentionQuerySchema),
        async (c) => {
          const merchant = await merchantOf(c);
          const { rows, next } = await listNeedsAttention(db, merchant.id, c.req.valid('query').cursor);
          const cursor = nextNeedsAttentionCursor(next);
          if (cursor) c.header('X-Next-Cursor', cursor);
          c.header('Access-Control-Expose-Headers', 'X-Next-Cursor');
          return c.json(rows.map(presentNeedsAttention));
        },
      )
  );
}
