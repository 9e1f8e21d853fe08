import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { CustomerScanCoupon, CustomerScanListItem } from '../../../shared/api-types';
import { UndoRedemptionDialog } from '../../components/UndoRedemptionDialog';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Table, TableHead, type Column } from '../../components/ui/Table';
import { DateTimeStack } from '../../components/ui/DateTimeStack';
import { useCan } from '../../lib/current-user';
import { useAdminUndoRedemption } from './undo-api';

const COLUMNS: Column[] = [
  'Scan Date',
  ['Customer Name', 'insight-sticky'],
  'Mobile',
  'Check Out Date',
  'Hotel Name',
  'Location',
  'Merchant Name',
  'Coupon Code',
  'Status',
];

/** Undo a redemption from a row: the super admin only (docs/COUNTER.md); undefined hides the button. */
type OnUndo = ((coupon: CustomerScanCoupon) => void) | undefined;

/**
 * The scans table (columns: docs/PRODUCT.md "Screens"). A scan has up to 3 coupons: each coupon is a line of its own
 * (Merchant Name, Coupon Code, Status) while the scan's cells span them; a scan without coupons shows No coupon.
 */
export function ScansTable({ rows }: { rows: CustomerScanListItem[] }) {
  const mayUndo = useCan('undoRedemption');
  const [undoing, setUndoing] = useState<CustomerScanCoupon | null>(null);
  const undo = useAdminUndoRedemption();
  const onUndo: OnUndo = mayUndo ? setUndoing : undefined;
  return (
    <div className="insight-table scans-table">
      <Table caption="Customer scans">
        <TableHead columns={COLUMNS} />
        {rows.map((scan) => (
          <ScanRows key={scan.id} scan={scan} onUndo={onUndo} />
        ))}
      </Table>
      <UndoRedemptionDialog
        code={undoing?.coupon_code ?? null}
        undo={undo.mutateAsync}
        done={`Redemption of ${undoing?.coupon_code} undone`}
        failed="Could not undo the redemption"
        onClose={() => setUndoing(null)}
      >
        {undoing && (
          <p>
            <code className="coupon-code">{undoing.coupon_code}</code> at {undoing.merchant_name}, redeemed{' '}
            {formatDateTime(undoing.redeemed_at)}, becomes pending again and can be redeemed once more. The reason is
            kept in the activity log.
          </p>
        )}
      </UndoRedemptionDialog>
    </div>
  );
}

function CouponCells({ coupon, onUndo }: { coupon: CustomerScanCoupon | undefined; onUndo: OnUndo }) {
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
      <td>
        {coupon.is_redeemed ? <Badge tone="green">Redeemed</Badge> : <Badge tone="orange">Pending</Badge>}
        {/* Which merchant login redeemed it (docs/PRODUCT.md "Staff"). */}
        {coupon.is_redeemed && coupon.redeemed_by !== null && <span className="muted"> by {coupon.redeemed_by}</span>}
        {coupon.is_redeemed && onUndo && ' '}
        {coupon.is_redeemed && onUndo && (
          <Button
            size="sm"
            variant="ghost"
            className="scan-undo"
            onClick={() => onUndo(coupon)}
            aria-label={`Undo redemption of ${coupon.coupon_code}`}
          >
            Undo
          </Button>
        )}
      </td>
    </>
  );
}

/** One <tbody> per scan: the first row carries the scan's cells (spanning its coupons), one row per coupon. */
function ScanRows({ scan, onUndo }: { scan: CustomerScanListItem; onUndo: OnUndo }) {
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
          {/* The card the guest scanned (docs/PRODUCT.md "Guest trust"); none through the hotel's old link. */}
          {scan.placement_label && <span className="scan-placement">{scan.placement_label}</span>}
        </td>
        <td rowSpan={span}>{scan.location_name}</td>
        <CouponCells coupon={first} onUndo={onUndo} />
      </tr>
      {rest.map((coupon) => (
        <tr key={coupon.id} className="coupon-row">
          <CouponCells coupon={coupon} onUndo={onUndo} />
        </tr>
      ))}
    </tbody>
  );
}
