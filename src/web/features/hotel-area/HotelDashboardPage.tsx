import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDateTime, formatIndianNumber, formatRupees } from '../../../shared/format';
import type { HotelDashboard, HotelGoogleRating, HotelSubscription } from '../../../shared/api-types';

type HotelRenewalNotice = NonNullable<HotelSubscription['renewal_notice']>;
import { HotelLogo } from '../../components/HotelLogo';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { Detail } from '../../components/ui/Detail';
import { CalendarIcon, RupeeIcon, ScanIcon, StarIcon, StoreIcon, TagIcon, UsersIcon } from '../../components/ui/icons';
import { StatGrid } from '../../components/ui/StatCard';
import { contactInfoQuery, ContactDetails } from '../contact';
import { hotelDashboardQuery } from './api';
import './hotel-area.css';
import { FunnelCard } from './FunnelCard';
import { PlacementRanking } from './PlacementRanking';
import { QrKit } from './QrKit';
import { ScansChart } from './ScansChart';

const count = (n: number) => formatIndianNumber(n);

/**
 * The hotel's dashboard: its guests and what they did with their vouchers, its subscription, its Google rating and
 * its QR code with printable room cards. Phone first: one column, two columns of cards on a wide screen.
 */
export function HotelDashboardPage() {
  const { data } = useSuspenseQuery(hotelDashboardQuery);
  return (
    <section className="stack ha-page">
      <HotelHeader data={data} />
      {data.subscription.status === 'Inactive' && (
        <InactiveNotice subscription={data.subscription} today={data.today} />
      )}
      {data.subscription.status === 'Active' && data.subscription.renewal_notice && (
        <RenewalNotice notice={data.subscription.renewal_notice} />
      )}

      <section className="insight-section" aria-labelledby="ha-guests-title">
        <h2 id="ha-guests-title" className="insight-title">
          Guests who collected vouchers
        </h2>
        <StatGrid
          className="ha-stat-grid"
          stats={[
            { icon: <UsersIcon />, label: 'Today', value: count(data.guests_today) },
            { icon: <CalendarIcon />, label: 'This Month', value: count(data.guests_this_month), tone: 'blue' },
            { icon: <ScanIcon />, label: 'All Time', value: count(data.guests_total), tone: 'violet' },
          ]}
        />
      </section>

      <section className="insight-section" aria-labelledby="ha-vouchers-title">
        <h2 id="ha-vouchers-title" className="insight-title">
          Vouchers
        </h2>
        <StatGrid
          stats={[
            { icon: <TagIcon />, label: 'Issued', value: count(data.vouchers_issued), tone: 'orange' },
            { icon: <TagIcon />, label: 'Redeemed', value: count(data.vouchers_redeemed), tone: 'green' },
            {
              icon: <ScanIcon />,
              label: 'Redemption Rate',
              value: data.redemption_rate === null ? '-' : `${data.redemption_rate}%`,
              tone: 'blue',
            },
            {
              icon: <RupeeIcon />,
              label: 'Guest Spend at Partners',
              value: formatRupees(data.guest_spend),
              tone: 'green',
            },
          ]}
        />
      </section>

      <div className="ha-grid">
        <Card className="ha-card">
          <h2 className="ha-card-title">Guests per day, last 30 days</h2>
          <ScansChart days={data.scans_by_day} />
        </Card>
        <TopMerchants merchants={data.top_merchants} />
        <FunnelCard hotelId={data.hotel_id} today={data.today} />
        <PlacementRanking today={data.today} />
        <SubscriptionCard subscription={data.subscription} today={data.today} />
        {data.google && <GoogleRating google={data.google} />}
        <QrKit hotelId={data.hotel_id} hotelName={data.hotel_name} defaultLanguage={data.default_language} />
      </div>
    </section>
  );
}

function HotelHeader({ data }: { data: HotelDashboard }) {
  const { subscription } = data;
  return (
    <Card className="ha-header">
      <HotelLogo path={data.logo_url} className="ha-logo" emptyClassName="ha-logo-empty" />
      <div className="ha-header-text">
        <h2>{data.hotel_name}</h2>
        <p className="muted">{data.location_name}</p>
      </div>
      <div className="ha-header-status">
        <Badge tone={subscription.status === 'Active' ? 'green' : 'red'}>{subscription.status}</Badge>
        {subscription.ends_on && (
          <span className="muted ha-small">
            {subscription.ends_on < data.today ? 'Ended on' : 'Ends on'} {formatDate(subscription.ends_on)}
            {subscription.status === 'Active' && subscription.days_left !== null && (
              <>
                {' · '}
                {subscription.days_left} {subscription.days_left === 1 ? 'day' : 'days'} left
              </>
            )}
          </span>
        )}
      </div>
    </Card>
  );
}

/** An ended (or switched off) subscription: said plainly, with whom to call. */
function InactiveNotice({ subscription, today }: { subscription: HotelSubscription; today: string }) {
  // Contact details load on their own: without them the notice still shows, with a link to Contact Us.
  const contact = useQuery(contactInfoQuery);
  const ended = subscription.ends_on !== null && subscription.ends_on < today;
  return (
    <Card className="ha-inactive" role="alert">
      <h2>{ended ? 'Your subscription has ended' : 'Your hotel is inactive'}</h2>
      <p>
        {ended && `It ended on ${formatDate(subscription.ends_on)}. `}
        Guests who scan your QR code cannot collect vouchers until it is renewed. Contact us to renew.
      </p>
      {contact.data ? (
        <ContactDetails contact={contact.data} />
      ) : (
        <p>
          <Link to="/hotel/contact">Contact Us</Link>
        </p>
      )}
    </Card>
  );
}

const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);
const CHANNEL_WORDS: Record<string, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'e-mail', log: 'message' };

/**
 * The subscription's last 30 days (docs/PRODUCT.md "Renewal reminders"): always shown, whether or not a reminder
 * reached the hotel, with how to renew and which of the 30, 7 and 1-day reminders were sent, and when.
 */
function RenewalNotice({ notice }: { notice: HotelRenewalNotice }) {
  const contact = useQuery(contactInfoQuery);
  const urgent = notice.days_to_end <= 7;
  return (
    <Card className={`ha-renewal${urgent ? ' ha-renewal-urgent' : ''}`} role="status">
      <h2>
        Your subscription ends on {formatDate(notice.ends_on)} ({inDays(notice.days_to_end)})
      </h2>
      <p>
        Guests can collect vouchers with your QR code until the end of that day. Contact us to renew and keep them
        coming.
      </p>
      {contact.data ? (
        <ContactDetails contact={contact.data} />
      ) : (
        <p>
          <Link to="/hotel/contact">Contact Us</Link>
        </p>
      )}
      <p className="ha-small ha-renewal-sent">
        {notice.reminders.length === 0
          ? 'No reminder has been sent for this date yet.'
          : `Reminders sent: ${notice.reminders
              .map(
                (r) =>
                  `${r.days} ${r.days === 1 ? 'day' : 'days'} before, on ${formatDateTime(r.sent_at)} by ` +
                  r.channels.map((channel) => CHANNEL_WORDS[channel] ?? channel).join(' and '),
              )
              .join('; ')}.`}
      </p>
    </Card>
  );
}

function TopMerchants({ merchants }: { merchants: HotelDashboard['top_merchants'] }) {
  const most = Math.max(1, ...merchants.map((m) => m.redemptions));
  return (
    <Card className="ha-card">
      <h2 className="ha-card-title">Where your guests redeem most</h2>
      {merchants.length === 0 ? (
        <p className="muted">No vouchers redeemed yet.</p>
      ) : (
        <ol className="ha-merchants">
          {merchants.map((m) => (
            <li key={m.merchant_id}>
              <span className="ha-merchant-icon" aria-hidden="true">
                <StoreIcon />
              </span>
              <span className="ha-merchant-text">
                <span className="ha-merchant-name">{m.name}</span>
                <span className="muted ha-small">{m.merchant_type}</span>
                <span className="ha-merchant-bar" style={{ width: `${(100 * m.redemptions) / most}%` }} />
              </span>
              <span className="ha-merchant-count">
                {count(m.redemptions)} <span className="muted ha-small">redeemed</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function SubscriptionCard({ subscription, today }: { subscription: HotelSubscription; today: string }) {
  const ended = subscription.ends_on !== null && subscription.ends_on < today;
  return (
    <Card className="ha-card">
      <h2 className="ha-card-title">Subscription</h2>
      <dl className="ha-facts">
        <Detail label="Status">
          <Badge tone={subscription.status === 'Active' ? 'green' : 'red'}>{subscription.status}</Badge>
        </Detail>
        <Detail label={ended ? 'Ended on' : 'Ends on'}>{formatDate(subscription.ends_on)}</Detail>
        <Detail label="Days left">{subscription.days_left}</Detail>
      </dl>
      {subscription.periods.length > 0 && (
        <>
          <h3 className="ha-subtitle">Renewal history</h3>
          <ul className="ha-periods">
            {subscription.periods.map((p) => (
              <li key={`${p.from_date}-${p.paid_at}`}>
                <span className="ha-period-dates">
                  {formatDate(p.from_date)} – {formatDate(p.to_date)}
                </span>
                <span className="ha-period-amount">{formatRupees(p.amount, 2)}</span>
                <span className="muted ha-small ha-period-note">
                  {p.duration_days} days · paid on {formatDate(p.paid_at)} ·{' '}
                  {p.is_renewal ? 'renewal' : 'first subscription'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function GoogleRating({ google }: { google: HotelGoogleRating }) {
  const rating = (value: number | null) => (value === null ? '-' : value.toFixed(1));
  const newReviews =
    google.reviews_now !== null && google.reviews_month_start !== null
      ? google.reviews_now - google.reviews_month_start
      : null;
  return (
    <Card className="ha-card">
      <h2 className="ha-card-title">Google rating</h2>
      <div className="ha-rating">
        <div>
          <span className="ha-rating-value">
            <StarIcon /> {rating(google.rating_now)}
          </span>
          <span className="muted ha-small">
            Now{google.reviews_now !== null && ` · ${count(google.reviews_now)} reviews`}
          </span>
        </div>
        <div>
          <span className="ha-rating-value ha-rating-before">{rating(google.rating_month_start)}</span>
          <span className="muted ha-small">
            At the start of the month
            {google.reviews_month_start !== null && ` · ${count(google.reviews_month_start)} reviews`}
          </span>
        </div>
      </div>
      {newReviews !== null && (
        <p className="ha-small">
          {newReviews > 0 ? `${count(newReviews)} new reviews this month.` : 'No new reviews this month.'}{' '}
          <span className="muted">Updated {formatDate(google.updated_at)}.</span>
        </p>
      )}
    </Card>
  );
}
