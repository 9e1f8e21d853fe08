import { getTableColumns, type Table } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { presentContactInfo } from '../../src/server/modules/contact-us/contact-us.presenter';
import { presentHotel } from '../../src/server/modules/hotels/hotels.presenter';
import { presentLocation } from '../../src/server/modules/locations/locations.presenter';
import { presentMerchantType } from '../../src/server/modules/merchant-types/merchant-types.presenter';
import { presentMerchant } from '../../src/server/modules/merchants/merchants.presenter';
import { presentOffer } from '../../src/server/modules/offers/offers.presenter';
import { HotelInputSchema } from '../../src/shared/schemas/hotels';
import { LocationInputSchema } from '../../src/shared/schemas/locations';
import { MerchantInputSchema } from '../../src/shared/schemas/merchants';
import { offerUpdateSchema } from '../../src/shared/schemas/offers';
import { ContactInfoInputSchema, MerchantTypeInputSchema } from '../../src/shared/schemas/settings';
import { contactInfo, hotels, locations, merchants, merchantTypes, offers } from '../support/tables';

/**
 * A record's fields are written in four places: its table (table.ts), its shared input schema, the service's
 * mapping from one to the other (typed FormColumns: the typecheck refuses a schema field it does not save) and its
 * presenter. This ties the ends together: every column of the table is answered by the presenter and taken by the
 * form's schema, unless it is listed below as deliberately not (with why). A new column therefore fails here until
 * the presenter and the schema have it, or it is listed (docs/DEVELOPING.md "A feature, end to end").
 */

/** A stand-in row: each of the table's columns with a value of its kind, plus the joined fields the presenter reads. */
function sampleRow(table: Table, joined: Record<string, unknown> = {}): never {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value =
      column.dataType === 'date'
        ? new Date('2026-01-02T03:04:05Z')
        : column.dataType === 'number'
          ? 1
          : column.dataType === 'boolean'
            ? true
            : column.dataType === 'array'
              ? []
              : '2026-01-02';
    return [key, value];
  });
  return { ...Object.fromEntries(values), ...joined } as never;
}

/** The table's columns by their SQL names, which the API's snake_case field names are. */
const columnNames = (table: Table) => Object.values(getTableColumns(table)).map((column) => column.name);

interface FieldRecord {
  table: Table;
  presented: object;
  input: v.ObjectEntries;
  /** Columns the presenter does not answer, and why. */
  notPresented: Record<string, string>;
  /** Columns the form's schema does not take (the server sets them), and why. */
  notInput: Record<string, string>;
}

const RECORDS: Record<string, FieldRecord> = {
  hotel: {
    table: hotels,
    presented: presentHotel(sampleRow(hotels, { locationName: 'Goa' }), '2026-01-01', { amounts: true }),
    input: HotelInputSchema.entries,
    notPresented: {
      archived_at: 'archived hotels are never answered',
      // docs/PRODUCT.md "Guest trust": answered and taken once their screens land (the contract adds the columns).
      hotel_link_enabled: 'answered by GET /hotels/{id}/claim-settings (docs/PRODUCT.md "Guest trust")',
      placement_daily_limit: 'answered by GET /hotels/{id}/claim-settings (docs/PRODUCT.md "Guest trust")',
      hotel_link_daily_limit: 'answered by GET /hotels/{id}/claim-settings (docs/PRODUCT.md "Guest trust")',
    },
    notInput: {
      hotel_link_enabled: 'taken by PUT /hotels/{id}/claim-settings, not the hotel form',
      placement_daily_limit: 'taken by PUT /hotels/{id}/claim-settings, not the hotel form',
      hotel_link_daily_limit: 'taken by PUT /hotels/{id}/claim-settings, not the hotel form',
      id: 'made by the database',
      is_active: 'switched by renewals and the subscription end, not by the form',
      created_at: 'set at creation',
      first_created_date: 'set at creation',
      renewal_count: 'counted by renewals',
      subscription_end: 'computed from the periods',
      archived_at: 'set by a delete that must keep history',
    },
  },
  merchant: {
    table: merchants,
    presented: presentMerchant(sampleRow(merchants, { merchantTypeName: 'Spa', locationName: 'Goa', offerCount: 0 })),
    input: MerchantInputSchema.entries,
    notPresented: {
      image_url: 'a column no screen sets or shows',
      archived_at: 'archived merchants are never answered',
    },
    notInput: {
      id: 'made by the database',
      image_url: 'a column no screen sets or shows',
      created_at: 'set at creation',
      archived_at: 'set by a delete that must keep history',
    },
  },
  offer: {
    table: offers,
    presented: presentOffer(
      sampleRow(offers, { merchantName: 'Spa', usage: { issuedToday: 0, issuedTotal: 0 } }),
      '2026-01-01',
    ),
    input: offerUpdateSchema().pipe[0].entries,
    notPresented: { archived_at: 'archived offers are never answered' },
    notInput: {
      id: 'made by the database',
      merchant_id: 'set once, by POST /offers (offerCreateSchema adds it)',
      created_at: 'set at creation',
      archived_at: 'set when its merchant is archived',
      is_paused: "the merchant's pause, PUT /merchant/my-offers/{id}/pause",
    },
  },
  location: {
    table: locations,
    presented: presentLocation(sampleRow(locations)),
    input: LocationInputSchema.entries,
    notPresented: { created_at: 'bookkeeping' },
    notInput: { id: 'made by the database', created_at: 'set at creation' },
  },
  merchantType: {
    table: merchantTypes,
    presented: presentMerchantType(sampleRow(merchantTypes)),
    input: MerchantTypeInputSchema.entries,
    notPresented: { created_at: 'bookkeeping' },
    notInput: { id: 'made by the database', created_at: 'set at creation' },
  },
  contactInfo: {
    table: contactInfo,
    presented: presentContactInfo(sampleRow(contactInfo)),
    input: ContactInfoInputSchema.entries,
    notPresented: { id: 'one record (id 1)', updated_at: 'bookkeeping' },
    notInput: { id: 'one record (id 1)', updated_at: 'set by each save' },
  },
};

describe('API fields follow the tables', () => {
  for (const [name, record] of Object.entries(RECORDS)) {
    it(`${name}: every column is answered by the presenter and taken by the form, or listed as not`, () => {
      const columns = columnNames(record.table);
      const presented = Object.keys(record.presented);
      expect(
        columns.filter((column) => !presented.includes(column) && !(column in record.notPresented)),
        'columns the presenter does not answer',
      ).toEqual([]);
      const input = Object.keys(record.input);
      expect(
        columns.filter((column) => !input.includes(column) && !(column in record.notInput)),
        "columns the form's schema does not take",
      ).toEqual([]);
      // The lists name real columns (a column renamed or dropped is taken off them).
      expect(Object.keys({ ...record.notPresented, ...record.notInput }).filter((c) => !columns.includes(c))).toEqual(
        [],
      );
    });
  }
});
