import { formatDate } from '../../../shared/format';
import type { CustomerScanCoupon, CustomerScanListItem } from '../../../shared/types';
import { Badge } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { DateTimeStack } from '../dashboard';

/**
 * The scans table (columns: docs/PRODUCT.md "Screens"). A scan has up to 3 coupons: each coupon is a line of its own
 * (Merchant Name, Coupon Code, Status) while the scan's cells span them; a scan without coupons shows No coupon.
 */
export function ScansTable({ rows }: { rows: CustomerScanListItem[] }) {
  return (
    <div className="insight-table scans-table">
      <Table caption="Customer scans">
        <thead>
          <tr>
            <th scope="col">Scan Date</th>
            <th scope="col" className="insight-sticky">
              Customer Name
            </th>
            <th scope="col">Mobile</th>
            <th scope="col">Check Out Date</th>
            <th scope="col">Hotel Name</th>
            <th scope="col">Location</th>
            <th scope="col">Merchant Name</th>
            <th scope="col">Coupon Code</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        {rows.map((scan) => (
          <ScanRows key={scan.id} scan={scan} />
        ))}
      </Table>
    </div>
  );
}

function CouponCells({ coupon }: { coupon: CustomerScanCoupon | undefined }) {
  if (!coupon) {
    return (
      <>
        <td>-</td>
        <td className="muted">No coupon</td>
        <td>-</td>
      </>
    );
  }
  return (
    <>
      <td className="wrap-cell">{coupon.merchant_name}</td>
      <td>
        <code className="coupon-code">{coupon.coupon_code}</code>
      </td>
      <td>{coupon.is_redeemed ? <Badge tone="green">Redeemed</Badge> : <Badge tone="orange">Pending</Badge>}</td>
    </>
  );
}

/** One <tbody> per scan: the first row carries the scan's cells (spanning its coupons), one row per coupon. */
function ScanRows({ scan }: { scan: CustomerScanListItem }) {
  const span = Math.max(1, scan.coupons.length);
  const [first, ...rest] = scan.coupons;
  return (
    <tbody className="scan-group">
      <tr>
        <td rowSpan={span}>
          <DateTimeStack value={scan.scan_date} />
        </td>
        <th scope="row" rowSpan={span} className="insight-sticky scan-name">
          {scan.customer_name}
        </th>
        <td rowSpan={span}>{scan.mobile_number}</td>
        <td rowSpan={span}>{formatDate(scan.checkout_date)}</td>
        <td rowSpan={span} className="wrap-cell">
          {scan.hotel_name}
        </td>
        <td rowSpan={span}>{scan.location_name}</td>
        <CouponCells coupon={first} />
      </tr>
      {rest.map((coupon) => (
        <tr key={coupon.id} className="coupon-row">
          <CouponCells coupon={coupon} />
        </tr>
      ))}
    </tbody>
  );
}
