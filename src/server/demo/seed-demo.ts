import { eq } from 'drizzle-orm';
import { addDays, addMonths, todayIn } from '../../shared/dates';
import { generateVoucherCode } from '../platform/lib/codes';
import { hashPassword } from '../platform/lib/passwords';
import type { FileStorage } from '../platform/storage/storage';
import type { Db } from '../db/client';
import { recountClaimCounters } from '../db/derived';
import { saveDemoImage, type TileShape } from './demo-images';
import { seedDemoFunnel } from './seed-funnel';
import { seedInsightDemo } from './seed-insight';
import { seedDemoMessages } from './seed-messages';
import { seedDemoPayments } from './seed-payments';
import { contactInfo } from '../modules/contact-us/table';
import { coupons } from '../modules/coupons/table';
import { customerScans } from '../modules/customer-scans/table';
import { hotels } from '../modules/hotels/table';
import { locations } from '../modules/locations/table';
import { merchants } from '../modules/merchants/table';
import { merchantTypes } from '../modules/merchant-types/table';
import { offers } from '../modules/offers/table';
import { subscriptionDurations } from '../modules/subscriptions/durations.table';
import { subscriptionPeriods } from '../modules/subscriptions/table';
import { users } from '../modules/users/table';

import { DEMO_LOGINS } from './demo-logins';

/**
 * The towns and their guest page language (docs/PRODUCT.md "Languages"): what a guest whose phone speaks none of the
 * page's languages reads first. Goa's visitors come from everywhere: English.
 */
const LOCATIONS = [
  { name: 'Goa', defaultLanguage: 'en' },
  { name: 'Jaipur', defaultLanguage: 'hi' },
  { name: 'Udaipur', defaultLanguage: 'hi' },
  { name: 'Munnar', defaultLanguage: 'ml' },
] as const;
const TYPES = ['Restaurant', 'Cafe', 'Spa & Wellness', 'Shopping', 'Adventure', 'Nightlife'];
/** Generated thumbnail per merchant type: background colour and shape. */
const TYPE_TILES: Record<string, { background: string; shape: TileShape }> = {
  Restaurant: { background: '#ea580c', shape: 'circle' },
  Cafe: { background: '#92400e', shape: 'ring' },
  'Spa & Wellness': { background: '#0d9488', shape: 'diamond' },
  Shopping: { background: '#db2777', shape: 'square' },
  Adventure: { background: '#16a34a', shape: 'triangle' },
  Nightlife: { background: '#4f46e5', shape: 'plus' },
};

const HOTELS = [
  {
    login: 'seaview',
    name: 'Seaview Resort',
    location: 'Goa',
    months: 12,
    revenue: 24000,
    monthsAgo: 2,
    placeId: 'ChIJSeaviewGoaDemo01',
  },
  {
    login: 'palmgrove',
    name: 'Palm Grove Inn',
    location: 'Goa',
    months: 6,
    revenue: 13500,
    monthsAgo: 5,
    placeId: null,
  },
  {
    login: 'pinkcity',
    name: 'Pink City Palace',
    location: 'Jaipur',
    months: 3,
    revenue: 8000,
    monthsAgo: 1,
    placeId: 'ChIJPinkCityJaipur02',
  },
  {
    login: 'lakeside',
    name: 'Lakeside Haveli',
    location: 'Udaipur',
    months: 12,
    revenue: 30000,
    monthsAgo: 7,
    placeId: null,
  },
  {
    login: 'teahills',
    name: 'Tea Hills Retreat',
    location: 'Munnar',
    months: 1,
    revenue: 2500,
    monthsAgo: 0,
    placeId: null,
  },
];

/** Demo hotel logos: generated tiles, one colour and shape per hotel. */
const HOTEL_LOGO_TILES: { background: string; shape: TileShape }[] = [
  { background: '#0e7490', shape: 'circle' },
  { background: '#15803d', shape: 'triangle' },
  { background: '#be185d', shape: 'diamond' },
  { background: '#1d4ed8', shape: 'ring' },
  { background: '#a16207', shape: 'plus' },
];

const MERCHANTS = [
  { login: 'spicegarden', name: 'Spice Garden', type: 'Restaurant', location: 'Goa' },
  { login: 'beanbrew', name: 'Bean & Brew Cafe', type: 'Cafe', location: 'Goa' },
  { login: 'lotusspa', name: 'Lotus Spa', type: 'Spa & Wellness', location: 'Goa' },
  { login: 'wavesurf', name: 'Wave Surf School', type: 'Adventure', location: 'Goa' },
  { login: 'baazaar', name: 'Johari Baazaar Crafts', type: 'Shopping', location: 'Jaipur' },
  { login: 'rajthali', name: 'Raj Thali House', type: 'Restaurant', location: 'Jaipur' },
  { login: 'lakecafe', name: 'Lake Pichola Cafe', type: 'Cafe', location: 'Udaipur' },
  { login: 'mewarspa', name: 'Mewar Ayurveda Spa', type: 'Spa & Wellness', location: 'Udaipur' },
  { login: 'clubnine', name: 'Club Nine', type: 'Nightlife', location: 'Goa' },
  { login: 'trekmunnar', name: 'Munnar Trek Co.', type: 'Adventure', location: 'Munnar' },
];

/** Indexes into OFFERS (none of them is on a demo coupon). */
const INACTIVE_OFFER = 12;
const EXPIRED_OFFER = 16;

type OfferSeed = [
  merchant: string,
  name: string,
  type: 'percentage' | 'cash_discount' | 'fixed_discount',
  value: number,
  description: string,
];
const OFFERS: OfferSeed[] = [
  ['spicegarden', '20% off on dinner', 'percentage', 20, 'Goan seafood thalis and tandoor specials.'],
  ['spicegarden', 'Free dessert', 'fixed_discount', 150, 'A bebinca or serradura on any main course.'],
  ['beanbrew', 'Coffee for ₹100 off', 'cash_discount', 100, 'Any two beverages from the espresso bar.'],
  ['beanbrew', '15% off breakfast', 'percentage', 15, 'All-day breakfast platters.'],
  ['lotusspa', '30% off massage', 'percentage', 30, 'Balinese and Ayurvedic massages, 60 minutes.'],
  ['lotusspa', '₹500 off couple spa', 'cash_discount', 500, 'Couple spa package with steam.'],
  ['wavesurf', 'Beginner lesson ₹400 off', 'cash_discount', 400, 'Two-hour beginner surf lesson with board.'],
  ['wavesurf', '10% off kayak tour', 'percentage', 10, 'Sunset kayak tour on the backwaters.'],
  ['baazaar', '25% off block prints', 'percentage', 25, 'Hand block-printed textiles and quilts.'],
  ['baazaar', '₹300 off jewellery', 'cash_discount', 300, 'Silver and kundan jewellery above ₹1,500.'],
  ['rajthali', 'Royal thali 20% off', 'percentage', 20, 'Unlimited Rajasthani thali.'],
  ['lakecafe', 'Sunset coffee ₹80 off', 'fixed_discount', 80, 'Coffee and cake on the lake terrace.'],
  ['lakecafe', '10% off lunch', 'percentage', 10, 'Lunch menu with lake view.'],
  ['mewarspa', '35% off Shirodhara', 'percentage', 35, 'Traditional Shirodhara therapy.'],
  ['clubnine', 'Free entry + ₹200 off', 'cash_discount', 200, 'Entry and ₹200 off the bar bill.'],
  ['clubnine', '2-for-1 mocktails', 'fixed_discount', 250, 'Buy one mocktail, get one free.'],
  ['trekmunnar', '15% off tea estate trek', 'percentage', 15, 'Guided trek through tea estates.'],
  ['trekmunnar', 'Jeep safari ₹600 off', 'cash_discount', 600, 'Sunrise jeep safari to Kolukkumalai.'],
];

export interface SeedDemoOptions {
  timeZone: string;
  /** Where the generated demo images (merchant-type thumbnails) are stored, as uploads are. */
  storage: FileStorage;
}

/** What a newcomer needs to try the merchant app at once: a guest's unredeemed Spice Garden code. */
export interface SeedDemoResult {
  voucherToRedeem: string;
  /** The hotel whose QR page (/scan/<id>) a newcomer can open as a guest. */
  guestHotelId: string;
}

export async function seedDemoData(db: Db, { timeZone, storage }: SeedDemoOptions): Promise<SeedDemoResult> {
  const today = todayIn(timeZone);
  const passwordHashes = await hashDemoPasswords();
  // Images first: a failed seed leaves at most a few unused files, never a record pointing at a missing file.
  const thumbnails: Record<string, string> = {};
  for (const name of TYPES)
    thumbnails[name] = await saveDemoImage(storage, 'merchant_types', {
      ...TYPE_TILES[name]!,
      width: 320,
      height: 200,
    });
  const hotelLogos: Record<string, string> = {};
  for (const [i, h] of HOTELS.entries()) {
    hotelLogos[h.login] = await saveDemoImage(storage, 'hotels', {
      ...HOTEL_LOGO_TILES[i % HOTEL_LOGO_TILES.length]!,
      width: 160,
      height: 160,
    });
  }
  // Offer images: most offers get one or two, a few none (the lists and the guest flow show a placeholder).
  const offerImages: string[][] = [];
  for (let i = 0; i < OFFERS.length; i++) {
    const tile = TYPE_TILES[TYPES[i % TYPES.length]!]!;
    const count = i % 3 === 2 ? 0 : i % 4 === 0 ? 2 : 1;
    const images: string[] = [];
    for (let k = 0; k < count; k++)
      images.push(
        await saveDemoImage(storage, 'merchants', {
          ...tile,
          shape: k === 0 ? tile.shape : 'stripes',
          width: 400,
          height: 300,
        }),
      );
    offerImages.push(images);
  }

  return db.transaction(async (tx) => {
    const locationRows = await tx
      .insert(locations)
      .values(LOCATIONS.map(({ name, defaultLanguage }) => ({ name, defaultLanguage })))
      .returning();
    const locationId = (name: string) => locationRows.find((l) => l.name === name)!.id;
    const typeRows = await tx
      .insert(merchantTypes)
      .values(TYPES.map((name) => ({ name, thumbnailUrl: thumbnails[name] })))
      .returning();
    const typeId = (name: string) => typeRows.find((t) => t.name === name)!.id;
    const durations = await tx.select().from(subscriptionDurations);
    const durationFor = (months: number) => durations.find((d) => d.months === months)!;

    await tx.insert(users).values([
      {
        username: DEMO_LOGINS.superadmin.username,
        passwordHash: passwordHashes.superadmin,
        userType: 'superadmin',
        role: 'superadmin',
        fullName: 'Asha Menon',
        email: 'asha@stayperks.in',
      },
      {
        username: DEMO_LOGINS.admin.username,
        passwordHash: passwordHashes.admin,
        userType: 'superadmin',
        role: 'admin',
        fullName: 'Rohan Kapoor',
        email: 'rohan@stayperks.in',
      },
      {
        username: DEMO_LOGINS.manager.username,
        passwordHash: passwordHashes.manager,
        userType: 'superadmin',
        role: 'manager',
        fullName: 'Meera Iyer',
        email: 'meera@stayperks.in',
      },
    ]);

    const hotelIds: Record<string, string> = {};
    for (const [i, h] of HOTELS.entries()) {
      const from = addMonths(today, -h.monthsAgo);
      const to = addDays(addMonths(from, h.months), -1);
      const duration = durationFor(h.months);
      const createdAt = new Date(`${from}T10:00:00+05:30`);
      const [hotel] = await tx
        .insert(hotels)
        .values({
          name: h.name,
          locationId: locationId(h.location),
          address: `${i + 12}, Beach Road, ${h.location}`,
          contactNumber: `98${String(20000000 + i * 1111111).slice(0, 8)}`,
          contactPerson: ['Anita Desai', 'Vikram Rao', 'Kavita Singh', 'Arjun Mehta', 'Lakshmi Nair'][i]!,
          logoUrl: hotelLogos[h.login],
          googlePlaceId: h.placeId,
          googleLink: h.placeId ? null : `https://maps.google.com/?q=${encodeURIComponent(h.name)}`,
          subscriptionDurationId: duration.id,
          subscriptionRevenue: h.revenue,
          offerSelectionType: i === 1 ? 'manual' : 'all',
          selectedMerchantTypes: i === 1 ? [typeId('Restaurant'), typeId('Cafe'), typeId('Spa & Wellness')] : [],
          isActive: to >= today,
          // Everyone who tries the demo claims through these hotels' old links: far above a real hotel's day
          // (docs/PRODUCT.md "Guest trust": 30 by default).
          hotelLinkDailyLimit: 1000,
          createdAt,
          firstCreatedDate: createdAt,
          subscriptionEnd: to,
        })
        .returning({ id: hotels.id });
      hotelIds[h.login] = hotel!.id;
      await tx.insert(subscriptionPeriods).values({
        hotelId: hotel!.id,
        subscriptionDurationId: duration.id,
        fromDate: from,
        toDate: to,
        amount: h.revenue,
        paidAt: createdAt,
      });
      await tx
        .insert(users)
        .values({ username: h.login, passwordHash: passwordHashes.hotel, userType: 'hotel', hotelId: hotel!.id });
    }

    // Palm Grove renewed early, 3 days ago, for another 6 months: its Renewal History is not empty.
    {
      const palm = HOTELS.find((h) => h.login === 'palmgrove')!;
      const firstEnd = addDays(addMonths(addMonths(today, -palm.monthsAgo), palm.months), -1);
      const from = addDays(firstEnd, 1);
      const to = addDays(addMonths(from, 6), -1);
      await tx.insert(subscriptionPeriods).values({
        hotelId: hotelIds.palmgrove!,
        subscriptionDurationId: durationFor(6).id,
        fromDate: from,
        toDate: to,
        amount: 14500,
        paidAt: new Date(`${addDays(today, -3)}T11:30:00+05:30`),
        isRenewal: true,
      });
      await tx
        .update(hotels)
        .set({ subscriptionEnd: to, renewalCount: 1, subscriptionRevenue: 14500 })
        .where(eq(hotels.id, hotelIds.palmgrove!));
    }

    const merchantIds: Record<string, string> = {};
    /** Each merchant's owner login, by merchant id, as "Redeemed by" of the demo's redemptions. */
    const ownerIds: Record<string, string> = {};
    for (const [i, m] of MERCHANTS.entries()) {
      const [merchant] = await tx
        .insert(merchants)
        .values({
          name: m.name,
          merchantTypeId: typeId(m.type),
          locationId: locationId(m.location),
          contactNumber: `97${String(30000000 + i * 1234567).slice(0, 8)}`,
          storeContactNumber: `0832${String(2400000 + i * 111).slice(0, 7)}`,
          address: `${i + 3}, Market Street, ${m.location}`,
          // A maps address (shared/maps.ts), as the merchant form requires: the shop's name in its town.
          locationLink: `https://maps.google.com/?q=${encodeURIComponent(`${m.name}, ${m.location}`)}`,
        })
        .returning({ id: merchants.id });
      merchantIds[m.login] = merchant!.id;
      const [owner] = await tx
        .insert(users)
        .values({
          username: m.login,
          passwordHash: passwordHashes.merchant,
          userType: 'merchant',
          merchantRole: 'owner',
          merchantId: merchant!.id,
        })
        .returning({ id: users.id });
      ownerIds[merchant!.id] = owner!.id;
    }

    const offerRows = await tx
      .insert(offers)
      .values(
        OFFERS.map(([login, offerName, offerType, offerValue, description], i) => ({
          merchantId: merchantIds[login]!,
          offerName,
          offerType,
          offerValue,
          description,
          termsConditions:
            'One voucher per guest per visit. Not valid with other offers. Show the code before billing.',
          openingHours: '10:00',
          closingHours: '22:00',
          // All Offers shows every status: one offer switched off, one that ended five days ago.
          validityFrom: i === EXPIRED_OFFER ? addMonths(today, -3) : addMonths(today, -1),
          validityTo: i === EXPIRED_OFFER ? addDays(today, -5) : addMonths(today, 5),
          isActive: i !== INACTIVE_OFFER,
          images: offerImages[i] ?? [],
        })),
      )
      .returning({ id: offers.id, merchantId: offers.merchantId });

    // A few guest scans so the dashboards and the merchant's customers are not empty.
    const guests = [
      {
        name: 'Priya Sharma',
        mobile: '9876543210',
        hotel: 'seaview',
        offerIdx: [0, 2, 4],
        redeemed: [true, false, false],
      },
      { name: 'Rahul Verma', mobile: '9812345678', hotel: 'seaview', offerIdx: [1, 6], redeemed: [true, true] },
      { name: 'Sneha Patel', mobile: '9900112233', hotel: 'pinkcity', offerIdx: [8, 10], redeemed: [false, true] },
      // Unredeemed at Spice Garden (the demo merchant): its code is printed at start so the counter can be tried.
      { name: 'Kiran Rao', mobile: '9988776655', hotel: 'seaview', offerIdx: [0], redeemed: [false] },
    ];
    let voucherToRedeem = '';
    for (const g of guests) {
      const [scan] = await tx
        .insert(customerScans)
        .values({
          hotelId: hotelIds[g.hotel]!,
          customerName: g.name,
          mobileNumber: g.mobile,
          checkoutDate: addDays(today, 2),
        })
        .returning({ id: customerScans.id });
      await tx.insert(coupons).values(
        g.offerIdx.map((idx, k) => {
          const code = generateVoucherCode();
          if (g.name === 'Kiran Rao') voucherToRedeem = code;
          return {
            scanId: scan!.id,
            offerId: offerRows[idx]!.id,
            merchantId: offerRows[idx]!.merchantId,
            code,
            isRedeemed: g.redeemed[k]!,
            redeemedAt: g.redeemed[k] ? new Date() : null,
            // "Redeemed by" at the counter: the shop's owner login.
            redeemedBy: g.redeemed[k] ? ownerIds[offerRows[idx]!.merchantId]! : null,
          };
        }),
      );
    }

    // History for the dashboard, reports, renewal tracking, customer scans and hotel details.
    await seedInsightDemo(tx, {
      today,
      timeZone,
      locationId,
      durationId: (months) => durationFor(months).id,
      hotels: HOTELS.map((h) => ({ id: hotelIds[h.login]!, location: h.location, placeId: h.placeId })),
      offers: OFFERS.map(([login], i) => ({
        ...offerRows[i]!,
        location: MERCHANTS.find((m) => m.login === login)!.location,
        usable: login !== DEMO_LOGINS.merchant.username && i !== INACTIVE_OFFER && i !== EXPIRED_OFFER,
      })),
    });

    // Payments of those periods: most paid, some unpaid or partly paid, one payment link (docs/PRODUCT.md "Payments").
    await seedDemoPayments(tx, { timeZone });

    // The cards' daily claim counters (docs/DATA.md "Placements") of the guests above and the history.
    await recountClaimCounters(tx);
    // Settings › Message delivery's figures.
    await seedDemoMessages(tx, { today, timeZone });
    await seedDemoFunnel(tx);

    await tx.insert(contactInfo).values({
      name: 'Asha Menon',
      mobileNumber: '9876500000',
      serviceHelpline: '1800 123 4567',
      mailSupport: 'support@stayperks.in',
      technicalSupport: 'tech@stayperks.in',
    });
    return { voucherToRedeem, guestHotelId: hotelIds[DEMO_LOGINS.hotel.username]! };
  });
}

/** One argon2 hash per distinct demo password: start-up stays quick. */
async function hashDemoPasswords() {
  const [superadmin, admin, manager, hotel, merchant] = await Promise.all([
    hashPassword(DEMO_LOGINS.superadmin.password),
    hashPassword(DEMO_LOGINS.admin.password),
    hashPassword(DEMO_LOGINS.manager.password),
    hashPassword(DEMO_LOGINS.hotel.password),
    hashPassword(DEMO_LOGINS.merchant.password),
  ]);
  return { superadmin, admin, manager, hotel, merchant };
}
