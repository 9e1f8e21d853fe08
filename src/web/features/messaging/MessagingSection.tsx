import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageBoundary } from '../../components/layout/PageStatus';
import { SettingsSection } from '../../components/layout/SettingsSection';
import { Button } from '../../components/ui/Button';
import { Detail } from '../../components/ui/Detail';
import { EditIcon, PhoneIcon } from '../../components/ui/icons';
import { messagingSettingsQuery, type MessagingSettings } from './api';
import { DeliverySection } from './DeliverySection';
import './messaging.css';
import { MessagingDialog } from './MessagingDialog';

const PROVIDERS: Record<MessagingSettings['provider'], string> = {
  log: 'Log only: nothing is sent (development)',
  whatsapp: 'WhatsApp Cloud API',
  sms: 'SMS (Gupshup, DLT)',
};

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * Settings › Messaging (docs/PRODUCT.md "Guest trust", docs/OPERATING.md "Messages"): the provider the server uses,
 * and the daily budgets of phone verification codes with what was sent today, so nobody can run up the text bill;
 * then Message delivery (DeliverySection): spend against the limits, the switches, what went out and what failed.
 */
export function MessagingSection() {
  return (
    <PageBoundary>
      <LoadedMessaging />
      <DeliverySection />
    </PageBoundary>
  );
}

function LoadedMessaging() {
  const { data: settings } = useSuspenseQuery(messagingSettingsQuery);
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="messaging"
      icon={<PhoneIcon />}
      title="Messaging"
      description="Phone verification codes: how they are sent, and how many may go out a day."
      action={
        <Button onClick={() => setOpen(true)}>
          <EditIcon /> Edit budgets
        </Button>
      }
    >
      <dl className="messaging-settings">
        <Detail label="Provider">{PROVIDERS[settings.provider]}</Detail>
        {settings.fallback && <Detail label="When it fails">{PROVIDERS[settings.fallback]}</Detail>}
        <Detail label="Codes sent today">
          {count(settings.sent_today)} of {count(settings.codes_per_day)}
        </Detail>
        <Detail label="Codes per hotel a day">{count(settings.codes_per_hotel_day)}</Detail>
        <Detail label="Codes a day for the whole programme">{count(settings.codes_per_day)}</Detail>
      </dl>
      {!settings.can_send_codes && (
        <p className="messaging-warning" role="alert">
          Codes cannot be sent: this server has no message provider (MESSAGE_PROVIDER), so phone verification cannot be
          switched on for any hotel.
        </p>
      )}
      <MessagingDialog open={open} record={settings} onClose={() => setOpen(false)} />
    </SettingsSection>
  );
}
