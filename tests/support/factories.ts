import { randomBytes } from 'node:crypto';
import type { AdminRole, MerchantRole } from '../../src/shared/constants';
import type { Db } from '../../src/server/db/client';
import { hotels, locations, merchants, merchantTypes } from './tables';
import { createLogin } from '../../src/server/modules/users/users.service';
import { insertOne } from './insert-one';

/**
 * Small row factories that write straight to the database with Drizzle (no API calls), so a test can set up
 * exactly the rows it needs. Every name is unique, so factories can be called many times in one database.
 */

export const TEST_PASSWORD = 'Test-password-123';

let counter = 0;
/** A name unique within this process and across parallel test files: `prefix 1 a1b2c3`. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter} ${randomBytes(3).toString('hex')}`;
}
const uniqueUsername = (prefix: string) => uniqueName(prefix).replace(/\s+/g, '_').toLowerCase();

export async function insertLocation(db: Db, values: { name?: string } = {}) {
  return insertOne(db, locations, { name: values.name ?? uniqueName('Location') });
}

export async function insertMerchantType(db: Db, values: { name?: string; thumbnailUrl?: string | null } = {}) {
  return insertOne(db, merchantTypes, {
    name: values.name ?? uniqueName('Type'),
    thumbnailUrl: values.thumbnailUrl ?? null,
  });
}

export type NewHotelRow = Partial<typeof hotels.$inferInsert>;

/** A hotel row; a new location is made unless `locationId` is given. */
export async function insertHotel(db: Db, values: NewHotelRow = {}) {
  const locationId = values.locationId ?? (await insertLocation(db)).id;
  return insertOne(db, hotels, {
    name: uniqueName('Hotel'),
    address: '1 Beach Road',
    contactNumber: '9876543210',
    contactPerson: 'Front Desk',
    // Tests of other features send many guests through a hotel's old link in a day: its farming limit
    // (docs/PRODUCT.md "Guest trust", 30 by default) is tested on its own, with the limits set explicitly.
    hotelLinkDailyLimit: 100_000,
    ...values,
    locationId,
  });
}

export type NewMerchantRow = Partial<typeof merchants.$inferInsert>;

/** A merchant row; a new location and merchant type are made unless given. */
export async function insertMerchant(db: Db, values: NewMerchantRow = {}) {
  const locationId = values.locationId ?? (await insertLocation(db)).id;
  const merchantTypeId = values.merchantTypeId ?? (await insertMerchantType(db)).id;
  return insertOne(db, merchants, {
    name: uniqueName('Merchant'),
    contactNumber: '9123456780',
    address: '2 Market Street',
    ...values,
    locationId,
    merchantTypeId,
  });
}

export interface TestLogin {
  id: string;
  username: string;
  password: string;
  userType: 'superadmin' | 'hotel' | 'merchant';
  role: AdminRole | null;
  hotelId: string | null;
  merchantId: string | null;
}

interface LoginOptions {
  username?: string;
  password?: string;
}

export async function insertAdminUser(
  db: Db,
  role: AdminRole = 'superadmin',
  options: LoginOptions & { fullName?: string; email?: string } = {},
): Promise<TestLogin> {
  const username = options.username ?? uniqueUsername(role);
  const password = options.password ?? TEST_PASSWORD;
  const user = await createLogin(db, {
    username,
    password,
    userType: 'superadmin',
    role,
    fullName: options.fullName ?? `Test ${role}`,
    email: options.email ?? `${username}@example.test`,
  });
  return { id: user.id, username, password, userType: 'superadmin', role, hotelId: null, merchantId: null };
}

/** A login for the existing hotel or merchant `ownerId` (made by createLogin, as the API makes it). */
export async function insertOwnerLogin(
  db: Db,
  kind: 'hotel' | 'merchant',
  ownerId: string,
  options: LoginOptions = {},
): Promise<TestLogin> {
  const username = options.username ?? uniqueUsername(kind);
  const password = options.password ?? TEST_PASSWORD;
  const owner = kind === 'hotel' ? { hotelId: ownerId } : { merchantId: ownerId };
  const user = await createLogin(db, { username, password, userType: kind, ...owner });
  const login: TestLogin = {
    id: user.id,
    username,
    password,
    userType: kind,
    role: null,
    hotelId: null,
    merchantId: null,
  };
  return { ...login, ...owner };
}

/** A staff login (supervisor or cashier) of the existing merchant `merchantId` (docs/SECURITY.md "Roles"). */
export async function insertStaffLogin(
  db: Db,
  merchantId: string,
  merchantRole: MerchantRole,
  options: LoginOptions = {},
): Promise<TestLogin> {
  const username = options.username ?? uniqueUsername(merchantRole);
  const password = options.password ?? TEST_PASSWORD;
  const user = await createLogin(db, { username, password, userType: 'merchant', merchantRole, merchantId });
  return { id: user.id, username, password, userType: 'merchant', role: null, hotelId: null, merchantId };
}

/** A hotel (see insertHotel) with its login. */
export async function insertHotelLogin(db: Db, options: LoginOptions & { hotel?: NewHotelRow } = {}) {
  const hotel = await insertHotel(db, options.hotel);
  return { ...(await insertOwnerLogin(db, 'hotel', hotel.id, options)), hotel };
}

/** A merchant (see insertMerchant) with its login. */
export async function insertMerchantLogin(db: Db, options: LoginOptions & { merchant?: NewMerchantRow } = {}) {
  const merchant = await insertMerchant(db, options.merchant);
  return { ...(await insertOwnerLogin(db, 'merchant', merchant.id, options)), merchant };
}
