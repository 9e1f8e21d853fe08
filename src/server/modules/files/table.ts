import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { merchants } from '../merchants/table';

/**
 * Who uploaded an offer image (docs/SECURITY.md, "Offer images"; docs/DATA.md): one row per file stored through
 * POST /merchants/upload-image. `merchant_id` is the uploading merchant, or null for a back-office upload until an
 * offer of one merchant first uses it, which gives it to that merchant. An offer takes only its merchant's images.
 */
export const uploadOwners = pgTable('upload_owners', {
  /** The path the upload answered, e.g. /uploads/merchants/<uuid>.webp. */
  path: text('path').primaryKey(),
  merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
  /** The login that uploaded it (no foreign key: a removed login's uploads keep their merchant). */
  uploadedBy: uuid('uploaded_by'),
  createdAt: createdAt(),
});
