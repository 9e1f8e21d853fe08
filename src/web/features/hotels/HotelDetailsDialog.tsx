import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate, formatRupees } from '../../../shared/format';
import type { Hotel } from '../../../shared/api-types';
import { PageBoundary } from '../../components/layout/PageStatus';
import { Badge } from '../../components/ui/Badge';
import { UploadedImage } from '../../components/ui/UploadedImage';
import { FileLink } from '../../components/ui/PrivateFile';
import { Button } from '../../components/ui/Button';
import { EditIcon, RenewIcon } from '../../components/ui/icons';
import { Detail } from '../../components/ui/Detail';
import { RecordDialog } from '../../components/ui/RecordDialog';
import { SignOutButton } from '../../components/lists/SignOutButton';
import { useCan } from '../../lib/current-user';
import { HotelBillingButton } from '../invoices';
import { PaymentsButton } from '../payments';
import { merchantTypesQuery } from '../merchant-types';
import { hotelCredentialsQuery, subscriptionDurationsQuery } from './api';

interface Props {
  hotel: Hotel | null;
  onClose: () => void;
  onEdit: (hotel: Hotel) => void;
  onRenew: (hotel: Hotel) => void;
}

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Detail label={label} className="hotel-detail">
    {children}
  </Detail>
);

/** A titled section of details; `after` (e.g. a button) follows its list. */
function Section({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <section className="hotel-section" aria-label={title}>
      <h3>{title}</h3>
      <dl>{children}</dl>
      {after}
    </section>
  );
}

const fileLink = (path: string | null, text: string) =>
  path ? <FileLink path={path}>{text}</FileLink> : 'Not uploaded';

/**
 * Hotel details (docs/PRODUCT.md "Screens") with six sections. Shown from the list's row: no second GET of the hotel.
 * When the credentials load fails the rest is shown without them (docs/PRODUCT.md "Forms and messages").
 */
export function HotelDetailsDialog({ hotel, onClose, onEdit, onRenew }: Props) {
  const canSeePayments = useCan('payments');
  return (
    <RecordDialog
      record={hotel}
      title="Hotel Details"
      onClose={onClose}
      size="lg"
      footer={(shown) => (
        <>
          <Button variant="secondary" onClick={() => onEdit(shown)}>
            <EditIcon /> Edit Hotel
          </Button>
          <HotelBillingButton hotelId={shown.id} />
          {canSeePayments && <PaymentsButton hotel={shown} />}
          <Button onClick={() => onRenew(shown)}>
            <RenewIcon /> Renew Subscription
          </Button>
        </>
      )}
    >
      {(shown) => <Details hotel={shown} />}
    </RecordDialog>
  );
}

function Details({ hotel }: { hotel: Hotel }) {
  const { data: durations } = useSuspenseQuery(subscriptionDurationsQuery);
  const { data: merchantTypes } = useSuspenseQuery(merchantTypesQuery);
  const duration = durations.find((d) => d.id === hotel.subscription_duration_id)?.name;
  const typeNames = hotel.selected_merchant_types.map((id) => merchantTypes.find((t) => t.id === id)?.name ?? `#${id}`);

  return (
    <div className="hotel-details">
      <Section title="Basic Information">
        <Item label="Hotel Name">{hotel.name}</Item>
        <Item label="Location">{hotel.location_name}</Item>
        <Item label="Address">{hotel.address}</Item>
        <Item label="Status">
          <Badge tone={hotel.is_active ? 'green' : 'red'}>{hotel.is_active ? 'Active' : 'Inactive'}</Badge>
        </Item>
      </Section>

      <PageBoundary pending={<CredentialsLoading />} failed={NoCredentials}>
        <Credentials hotel={hotel} />
      </PageBoundary>

      <Section title="Contact Information">
        <Item label="Contact Person">{hotel.contact_person}</Item>
        <Item label="Contact Number">
          <a href={`tel:${hotel.contact_number.replace(/[^\d+]/g, '')}`}>{hotel.contact_number}</a>
        </Item>
      </Section>

      <Section title="Subscription Details">
        <Item label="Duration">{duration ?? '-'}</Item>
        {hotel.subscription_revenue !== null && (
          <Item label="Subscription Revenue">{formatRupees(hotel.subscription_revenue)}</Item>
        )}
        <Item label="First Created">{formatDate(hotel.first_created_date)}</Item>
        <Item label="Subscription End">{formatDate(hotel.subscription_end)}</Item>
        <Item label="Renewals">{hotel.renewal_count}</Item>
        <Item label="Contract">{fileLink(hotel.contract_url, 'View Contract')}</Item>
        <Item label="Payment Screenshot">{fileLink(hotel.payment_screenshot_url, 'View Payment Screenshot')}</Item>
      </Section>

      <Section title="Offer Settings">
        <Item label="Offer Selection">
          {hotel.offer_selection_type === 'all' ? 'All offers in the location' : 'Manual (by merchant type)'}
        </Item>
        {hotel.offer_selection_type === 'manual' && (
          <Item label="Merchant Types">{typeNames.length ? typeNames.join(', ') : 'None selected'}</Item>
        )}
      </Section>

      <Section title="Links & Media">
        <Item label="Logo">
          <UploadedImage
            path={hotel.logo_url}
            alt={`${hotel.name} logo`}
            className="hotel-logo-large"
            fallback={hotel.logo_url ? 'Image not available' : 'Not uploaded'}
          />
        </Item>
        <Item label="Google Place ID">{hotel.google_place_id ?? '-'}</Item>
        <Item label="Google Link">
          {hotel.google_link ? (
            <a href={hotel.google_link} target="_blank" rel="noreferrer" className="hotel-break">
              {hotel.google_link}
            </a>
          ) : (
            '-'
          )}
        </Item>
        <Item label="Scan Page">
          <a href={`/scan/${hotel.id}`} target="_blank" rel="noreferrer">
            Open scan page
          </a>
        </Item>
      </Section>
    </div>
  );
}

/** The login, and for whoever may reset its password its Sign out everywhere (docs/SECURITY.md "Sessions"). */
function Credentials({ hotel }: { hotel: Hotel }) {
  const { data } = useSuspenseQuery(hotelCredentialsQuery(hotel.id));
  const maySignOut = useCan('resetPasswords');
  return (
    <Section
      title="Login Credentials"
      after={maySignOut && <SignOutButton text path="/hotels/:id/sign-out" id={hotel.id} name={hotel.name} />}
    >
      <Item label="Username">{data.username}</Item>
      <Item label="Password">{data.password}</Item>
    </Section>
  );
}

const CredentialsLoading = () => (
  <Section title="Login Credentials">
    <Item label="Username">Loading...</Item>
  </Section>
);

/** docs/PRODUCT.md "Forms and messages": when the credentials do not load, the details are shown without them. */
const NoCredentials = () => null;
