import { Hono } from 'hono';
import * as v from 'valibot';
import { todayIn } from '../../../shared/dates';
import { UuidIdParam } from '../../../shared/schemas/common';
import {
  CONTRACT_UPLOAD_MESSAGE,
  HotelInputSchema,
  HotelListQuerySchema,
  HotelLoginQuerySchema,
  PHONE_VERIFICATION_NEEDS_PROVIDER,
  PHONE_VERIFICATION_SUPERADMIN,
  isUploadedContract,
  RenewalInputSchema,
} from '../../../shared/schemas/hotels';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv, AuthUser } from '../../platform/context';
import { AppError, forbidden } from '../../platform/lib/errors';
import { providerSendsCodes } from '../../platform/messaging/messenger';
import { callerCan, callerOf, currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { DeletedAnswer, MessageAnswer } from '../../platform/openapi/shapes';
import { auditContext } from '../audit/audit-context';
import { auditedWrites, resetPasswordHandlers } from '../audit/audited-handlers';
import { uploadHandler } from '../files/files.routes';
import { presentRenewal, RenewalView } from '../subscriptions/subscriptions.presenter';
import { CreatedLogin, presentLogin } from '../users/logins.presenter';
import { signOutHandlers } from '../users/sign-out.routes';
import { hotelExportRoutes } from './hotels.export';
import {
  HotelCredentialsView,
  HotelView,
  presentCredentials,
  presentHotel,
  presentPublicHotel,
  PublicHotelView,
} from './hotels.presenter';
import {
  addHotelLogin,
  createHotel,
  deleteHotel,
  getHotel,
  type HotelRow,
  hotelUsername,
  listHotels,
  phoneVerificationOf,
  renewalHistory,
  renewHotel,
  resetHotelPassword,
  updateHotel,
} from './hotels.service';
import { hotelFunnelRoutes } from '../funnel/funnel.routes';
import { placementRoutes } from '../placements/placements.routes';
import { roomCardRoutes } from './room-cards.routes';
import { hotelBillingRoutes } from './billing.routes';

/**
 * /hotels: back-office management (docs/PRODUCT.md "Roles": managers create, edit and renew but do not delete; hotel
 * and merchant logins are refused). GET /hotels/{id} is also the guest's call and then answers public fields only.
 * The one router of the prefix: the export first (GET /hotels/:id would take "export" for an id), the records, then
 * the room cards and the placements (the placements module's router: docs/PRODUCT.md "Guest trust"), the funnel and
 * the billing details (docs/PRODUCT.md "Tax invoices").
 */
export function hotelRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', hotelExportRoutes(deps))
    .route('/', hotelRecordRoutes(deps))
    .route('/', roomCardRoutes(deps))
    .route('/', placementRoutes(deps))
    .route('/', hotelFunnelRoutes(deps))
    .route('/', hotelBillingRoutes(deps));
}

/**
 * The phone verification switch (docs/PRODUCT.md "Guest trust"), before a hotel's create or update: a change of it by
 * anyone but the super admin is refused (403), and so is switching it on while the provider cannot send codes (422).
 * Reads the body the validator reads next (Hono keeps it); a missing hotel or a bad body is left to the handler.
 */
function phoneVerificationSwitch({ db, config }: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    const body: unknown = user ? await c.req.json().catch(() => undefined) : undefined;
    const wanted = (body as { phone_verification?: unknown } | undefined)?.phone_verification;
    if (typeof wanted === 'boolean') {
      const id = c.req.param('id');
      const current = id ? await phoneVerificationOf(db, id) : false;
      if (current !== undefined && wanted !== current) {
        if (!callerCan(user, 'manageSettings')) throw forbidden(PHONE_VERIFICATION_SUPERADMIN);
        if (wanted && !providerSendsCodes(config)) throw new AppError(422, PHONE_VERIFICATION_NEEDS_PROVIDER);
      }
    }
    await next();
  });
}

/**
 * What a back-office manager may not do with a hotel (docs/SECURITY.md "Roles", "Links the back office sets"): see
 * amounts (the caller's `amounts` flag for the presenters), or set a contract that is not a file uploaded here (one
 * already on the hotel may stay). The manager's edit keeps the amount it cannot see; the amount of a new hotel or a
 * renewal is still the manager's to enter.
 */
const isManager = (user: AuthUser) => callerOf(user) === 'manager';
const seesAmounts = (user: AuthUser | undefined) => callerCan(user, 'viewReports');
function checkManagerContract(user: AuthUser, contractUrl: string | null, current: string | null = null) {
  if (isManager(user) && contractUrl && contractUrl !== current && !isUploadedContract(contractUrl))
    throw new AppError(422, CONTRACT_UPLOAD_MESSAGE);
}

function hotelRecordRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const today = () => todayIn(config.timeZone);
  const writes = auditedWrites(deps, 'backOffice', HotelInputSchema, UuidIdParam);
  const switchCheck = phoneVerificationSwitch(deps);
  const backOffice = requireRole('backOffice');
  const present = (c: { get(key: 'user'): AuthUser | undefined }, row: HotelRow) =>
    presentHotel(row, today(), { amounts: seesAmounts(c.get('user')) });
  return new Hono<AppEnv>()
    .post('/upload-logo', ...uploadHandler(deps, 'hotels', 'image', 'backOffice'))
    .post('/upload-contract', ...uploadHandler(deps, 'private/hotels', 'image-or-pdf', 'backOffice'))
    .post('/upload-qrcode', ...uploadHandler(deps, 'hotels', 'image', 'backOffice'))
    .get(
      '/',
      answers(v.array(HotelView)),
      requireRole('backOffice'),
      validate('query', HotelListQuerySchema),
      async (c) => {
        const rows = await listHotels(db, { locationId: c.req.valid('query').location_id });
        return c.json(rows.map((row) => present(c, row)));
      },
    )
    .post(
      '/',
      answers(HotelView, { status: 201 }),
      switchCheck,
      backOffice,
      validate('json', HotelInputSchema),
      async (c) => {
        const input = c.req.valid('json');
        checkManagerContract(currentUser(c), input.contract_url);
        return c.json(present(c, await createHotel(db, input, today(), auditContext(c, config))), 201);
      },
    )
    .get(
      '/:id',
      answers(v.union([HotelView, PublicHotelView]), {
        description: 'Hotel to the back office, PublicHotel (public fields only) to anyone else',
      }),
      validate('param', UuidIdParam),
      async (c) => {
        const row = await getHotel(db, c.req.valid('param').id);
        const user = c.get('user');
        const backOffice = callerCan(user, 'backOffice');
        // Both shapes named: the conditional's own type would be the public one only (a hotel is also a public
        // hotel), and the web's typed calls read the answer's type (docs/DEVELOPING.md "Typed API calls").
        return c.json<HotelView | PublicHotelView>(backOffice ? present(c, row) : presentPublicHotel(row, today()));
      },
    )
    .put(
      '/:id',
      answers(HotelView),
      switchCheck,
      backOffice,
      validate('param', UuidIdParam),
      validate('json', HotelInputSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        let input = c.req.valid('json');
        const user = currentUser(c);
        if (isManager(user)) {
          const current = await getHotel(db, id);
          checkManagerContract(user, input.contract_url, current.contractUrl);
          input = { ...input, subscription_revenue: Number(current.subscriptionRevenue) };
        }
        return c.json(present(c, await updateHotel(db, id, input, auditContext(c, config))));
      },
    )
    .delete(
      '/:id',
      answers(DeletedAnswer),
      ...writes.remove('delete', deleteHotel, (outcome) => ({
        detail: 'Hotel deleted successfully',
        archived: outcome === 'archived',
      })),
    )
    .get(
      '/:id/credentials',
      answers(HotelCredentialsView),
      requireRole('backOffice'),
      validate('param', UuidIdParam),
      async (c) => c.json(presentCredentials(await hotelUsername(db, c.req.valid('param').id))),
    )
    .post('/:id/reset-password', answers(MessageAnswer), ...resetPasswordHandlers(deps, resetHotelPassword))
    .post('/:id/sign-out', ...signOutHandlers(deps, 'resetPasswords', (hotelId) => ({ hotelId })))
    .post(
      '/:id/renew',
      answers(HotelView),
      backOffice,
      validate('param', UuidIdParam),
      validate('json', RenewalInputSchema),
      async (c) => {
        const input = c.req.valid('json');
        checkManagerContract(currentUser(c), input.contract_url);
        const row = await renewHotel(db, c.req.valid('param').id, input, today(), auditContext(c, config));
        return c.json(present(c, row));
      },
    )
    .get(
      '/:id/renewal-history',
      answers(v.array(RenewalView)),
      requireRole('backOffice'),
      validate('param', UuidIdParam),
      async (c) => {
        const amounts = seesAmounts(c.get('user'));
        const rows = await renewalHistory(db, c.req.valid('param').id);
        return c.json(rows.map((row) => presentRenewal(row, { amounts })));
      },
    );
}

/** POST /users/hotel?username=&password=&hotel_id= (docs/PRODUCT.md "Calls"), called right after a hotel is created. */
export function hotelLoginRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    answers(CreatedLogin, { status: 201 }),
    requireRole('backOffice'),
    validate('query', HotelLoginQuerySchema),
    async (c) => {
      const login = await addHotelLogin(db, c.req.valid('query'), auditContext(c, config));
      return c.json(presentLogin(login), 201);
    },
  );
}
