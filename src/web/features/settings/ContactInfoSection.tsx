import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { EditIcon, PhoneIcon, PlusIcon } from '../../components/ui/icons';
import { ContactDetails, contactInfoQuery } from '../contact';
import { ContactInfoDialog } from './ContactInfoDialog';
import { SettingsSection } from './SettingsSection';

/** Contact Us Information: what hotels and merchants see on their Contact Us page. */
export function ContactInfoSection() {
  const contact = useQuery(contactInfoQuery);
  const [open, setOpen] = useState(false);
  const exists = Boolean(contact.data);

  // SPEC §8: a failed contact-us load on the settings screen is only logged.
  useEffect(() => {
    if (contact.isError) console.error('Failed to load contact information', contact.error);
  }, [contact.isError, contact.error]);

  return (
    <SettingsSection
      id="contact-info"
      icon={<PhoneIcon />}
      title="Contact Us Information"
      description="Shown to hotels and merchants on their Contact Us page."
      action={
        <Button onClick={() => setOpen(true)} disabled={contact.isPending}>
          {exists ? <EditIcon /> : <PlusIcon />} {exists ? 'Edit' : 'Create'}
        </Button>
      }
    >
      {contact.isPending ? (
        <p className="muted">Loading...</p>
      ) : contact.data ? (
        <ContactDetails contact={contact.data} />
      ) : (
        <p className="muted">No contact information available</p>
      )}
      <ContactInfoDialog open={open} contact={contact.data ?? null} onClose={() => setOpen(false)} />
    </SettingsSection>
  );
}
