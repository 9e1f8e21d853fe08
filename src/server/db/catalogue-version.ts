import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { catalogueVersion } from './derived-tables';
import { prepared } from './prepared';

/**
 * catalogue_version now (docs/DATA.md "Catalogue version"): the key of what a server keeps of the catalogue and of
 * money (the dashboard's catalogue figures, the monthly revenue report), read on every request so a change committed
 * through any server is seen at once. One prepared statement.
 */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const [row] = await prepared(db, 'catalogue_version', (d) =>
    d
      .select({ version: catalogueVersion.version })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, 1))
      .prepare('catalogue_version'),
  ).execute();
  return row?.version ?? 0;
}
