import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactInfo } from '../../../shared/api-types';
import { PageBoundary } from '../../components/layout/PageStatus';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { Button } from '../../components/ui/Button';
import { EditIcon, PhoneIcon, PlusIcon } from '../../components/ui/icons';
import { contactInfoQuery } from './api';
import { ContactInfoDialog } from './ContactInfoDialog';
import { ContactDetails } from './ContactUs';

/**
 * Contact Us Information: what hotels and merchants see on their Contact Us page. docs/PRODUCT.md "Forms and messages":
 * a failed load is only logged (the query's meta); the section then shows none, as before any is saved.
 */
export function ContactInfoSection() {
  return (
    <PageBoundary pending={<ContactInfoView contact={undefined} />} failed={NoContactInfo}>
      <LoadedContactInfo />
    </PageBoundary>
  );
}

function LoadedContactInfo() {
  return <ContactInfoView contact={useSuspenseQuery(contactInfoQuery).data} />;
}

const NoContactInfo = () => <ContactInfoView contact={null} />;

/** `undefined` while loading, `null` when there is none. */
function ContactInfoView({ contact }: { contact: ContactInfo | null | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="contact-info"
      icon={<PhoneIcon />}
      title="Contact Us Information"
      description="Shown to hotels and merchants on their Contact Us page."
      action={
        <Button onClick={() => setOpen(true)} disabled={contact === undefined}>
          {contact ? <EditIcon /> : <PlusIcon />} {contact ? 'Edit' : 'Create'}
        </Button>
      }
    >
      {contact === undefined ? (
        <p className="muted">Loading...</p>
      ) : contact ? (
        <ContactDetails contact={contact} />
      ) : (
        <p className="muted">No contact information available</p>
      )}
      <ContactInfoDialog open={open} record={contact ?? null} onClose={() => setOpen(false)} />
    </SettingsSection>
  );
}
