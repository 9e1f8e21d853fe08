import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactInfoView } from '../../src/server/modules/contact-us/contact-us.presenter';
import { HotelView } from '../../src/server/modules/hotels/hotels.presenter';
import { LocationView } from '../../src/server/modules/locations/locations.presenter';
import { MerchantTypeView } from '../../src/server/modules/merchant-types/merchant-types.presenter';
import { MerchantView } from '../../src/server/modules/merchants/merchants.presenter';
import { OfferView } from '../../src/server/modules/offers/offers.presenter';

/**
 * docs/PRODUCT.md "API fields" names every field of the main records' answers: the list item that carries a record's
 * bold name names each field of its response schema in backquotes (`subscription_end`), so a field added to a
 * presenter's schema fails here until the docs say what it is (docs/DEVELOPING.md "A feature, end to end").
 */
const RECORDS: Record<string, v.GenericSchema> = {
  Hotel: HotelView,
  Merchant: MerchantView,
  Offer: OfferView,
  Location: LocationView,
  'Merchant type': MerchantTypeView,
  'Contact info': ContactInfoView,
};

const product = readFileSync(join(import.meta.dirname, '../../docs/PRODUCT.md'), 'utf8');
const section = /^## API fields\n([\s\S]*?)^## /m.exec(product)?.[1] ?? '';
/** The section's list items, each with its continuation lines. */
const items = section.split(/^- /m).slice(1);

/** A schema's field names, those of the objects inside it too (an offer's `merchant` has `name`, `merchant_type`). */
function fieldNames(schema: v.GenericSchema): string[] {
  const inner = schema as { entries?: v.ObjectEntries; wrapped?: v.GenericSchema; item?: v.GenericSchema };
  if (inner.entries) return Object.entries(inner.entries).flatMap(([name, field]) => [name, ...fieldNames(field)]);
  if (inner.wrapped) return fieldNames(inner.wrapped);
  if (inner.item) return fieldNames(inner.item);
  return [];
}

describe('docs/PRODUCT.md "API fields" names every field', () => {
  it('finds the section', () => expect(items.length).toBeGreaterThan(0));

  for (const [record, schema] of Object.entries(RECORDS)) {
    it(`${record}: its item names each field of the answer`, () => {
      const item = items.find((text) => text.includes(`**${record}**`));
      expect(item, `a list item with **${record}**`).toBeDefined();
      const named = new Set([...(item ?? '').matchAll(/`([a-z0-9_]+)`/g)].map(([, name]) => name));
      expect(
        fieldNames(schema).filter((name) => !named.has(name)),
        `fields of ${record} that docs/PRODUCT.md "API fields" does not name`,
      ).toEqual([]);
    });
  }
});
