import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ContactInfo } from '../../../shared/api-types';
import { PageBoundary } from '../../components/layout/PageStatus';
import { Card } from '../../components/ui/Card';
import { PhoneIcon } from '../../components/ui/icons';
import { contactInfoQuery } from './api';

const NA = 'N/A';

/** "98765 00000" → "tel:9876500000"; keeps a leading + for international numbers. */
const telHref = (value: string) => `tel:${value.replace(/[^\d+]/g, '')}`;
const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** A phone number or an email address as a link; other text as it is; empty as N/A. */
export function ContactValue({ value, kind }: { value: string | null; kind: 'phone' | 'email' | 'auto' }) {
  if (!value) return <span className="muted">{NA}</span>;
  if (kind === 'email' || (kind === 'auto' && isEmail(value))) return <a href={`mailto:${value}`}>{value}</a>;
  if (kind === 'phone' || (kind === 'auto' && /^[\d\s+()-]{6,}$/.test(value)))
    return <a href={telHref(value)}>{value}</a>;
  return <>{value}</>;
}

/**
 * The five contact fields as a definition list (Contact Us in docs/PRODUCT.md "Screens"); also used on the settings
 * screen.
 */
export function ContactDetails({ contact }: { contact: ContactInfo }) {
  const rows: [string, ReactNode][] = [
    ['Market Manager', contact.name],
    ['Mobile Number', <ContactValue value={contact.mobile_number} kind="phone" />],
    ['Service Helpline', <ContactValue value={contact.service_helpline} kind="phone" />],
    ['Mail Support', <ContactValue value={contact.mail_support} kind="email" />],
    ['Technical Support', <ContactValue value={contact.technical_support} kind="auto" />],
  ];
  return (
    <dl className="contact-list">
      {rows.map(([label, value]) => (
        <div key={label} className="contact-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Read-only Contact Us page for hotels and merchants. A load failure is only logged (docs/PRODUCT.md "Forms and
 * messages"): the page then says there is none.
 */
export function ContactUs() {
  return (
    <PageBoundary failed={NoContactInfo}>
      <LoadedContactUs />
    </PageBoundary>
  );
}

const NoContactInfo = () => <p className="status-text">No contact information available</p>;

function LoadedContactUs() {
  const { data: contact } = useSuspenseQuery(contactInfoQuery);
  if (!contact) return <NoContactInfo />;
  return (
    <Card className="contact-card">
      <header className="contact-card-header">
        <span className="contact-card-icon">
          <PhoneIcon />
        </span>
        <div>
          <h2>Contact Information</h2>
          <p className="muted">Reach the StayPerks team for help with your account.</p>
        </div>
      </header>
      <ContactDetails contact={contact} />
    </Card>
  );
}
