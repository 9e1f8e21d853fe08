import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { HotelListQuerySchema } from '../../../shared/schemas/hotels';
import type { AppDeps, AppEnv } from '../../platform/context';
import { csvResponse, type CsvColumn } from '../../platform/lib/csv';
import { callerCan, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answersCsv } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.service';
import { isHotelActive, listHotels, type HotelRow } from './hotels.service';

/**
 * GET /hotels/export?location_id=: Manage Hotels as CSV (the back office, as the list): the list's columns with the
 * contact details, subscription end, renewals and the subscription amount (a plain number; not in a manager's file).
 * Mounted before
 * /hotels/:id, which would take "export" for an id.
 */
export function hotelExportRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/export',
    answersCsv(),
    requireRole('backOffice'),
    validate('query', HotelListQuerySchema),
    async (c) => {
      const { location_id: locationId } = c.req.valid('query');
      const today = todayIn(config.timeZone);
      const fileName = `hotels_${today}.csv`;
      const rows = await listHotels(db, { locationId });
      await recordAudit(db, auditContext(c, config), {
        action: 'export.hotels',
        entity: 'export',
        after: { file: fileName, filters: { location_id: locationId ?? null } },
      });
      // A manager sees no amounts (docs/SECURITY.md "Roles"): the column is left out of the file.
      const amounts = callerCan(c.get('user'), 'viewReports');
      const columns: CsvColumn<HotelRow>[] = [
        { header: 'Hotel Name', cell: (r) => r.name },
        { header: 'Location', cell: (r) => r.locationName },
        { header: 'Status', cell: (r) => (isHotelActive(r, today) ? 'Active' : 'Inactive') },
        { header: 'Contact Person', cell: (r) => r.contactPerson },
        { header: 'Contact Number', cell: (r) => r.contactNumber },
        { header: 'Address', cell: (r) => r.address },
        { header: 'First Created', cell: (r) => formatDate(r.firstCreatedDate, config.timeZone) },
        { header: 'Renewals', cell: (r) => r.renewalCount },
        { header: 'Subscription End', cell: (r) => (r.subscriptionEnd ? formatDate(r.subscriptionEnd) : null) },
        ...(amounts ? [{ header: 'Subscription Amount', cell: (r: HotelRow) => Number(r.subscriptionRevenue) }] : []),
        { header: 'Google Place ID', cell: (r) => r.googlePlaceId },
      ];
      return csvResponse(c, fileName, columns, [rows]);
    },
  );
}
