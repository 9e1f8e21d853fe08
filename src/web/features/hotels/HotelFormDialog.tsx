import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Hotel, HotelBilling } from '../../../shared/api-types';
import { PageBoundary } from '../../components/layout/PageStatus';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError, useFormRefusal, type EditDialogProps, type FormCheck } from '../../components/ui/FormDialog';
import { Tabs } from '../../components/ui/Tabs';
import { useDialogForm } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { hotelBillingQuery } from '../invoices';
import { EMPTY_LOGIN } from '../passwords';
import { useCreateHotel, useCreateHotelLogin, useUpdateHotel } from './api';
import { BasicInfoTab } from './hotel-form/BasicInfoTab';
import { CredentialsTab } from './hotel-form/CredentialsTab';
import { checkHotel, checkLogin, EMPTY_HOTEL, hotelToForm, TABS, type HotelForm, type TabId } from './hotel-form/form';
import { OffersTab } from './hotel-form/OffersTab';
import { SubscriptionTab } from './hotel-form/SubscriptionTab';

const UPLOAD_RUNNING = 'Please wait for the upload to finish';

/** The dialog's checks, over what it holds (the hotel's fields, its login's, the uploads running). */
type Held = { hotel: HotelForm; login: typeof EMPTY_LOGIN; uploads: number };
const uploadCheck = (held: Held) => (held.uploads > 0 ? UPLOAD_RUNNING : undefined);
const loginCheck = (held: Held) => {
  const checked = checkLogin(held.login);
  return checked.ok ? undefined : checked.message;
};
const hotelCheck = (held: Held) => {
  const checked = checkHotel(held.hotel);
  return checked.ok ? undefined : checked.message;
};

/**
 * Add New Hotel (`record` null) / Edit Hotel (docs/PRODUCT.md "Screens"): four tabs with Back and Next; credentials only when creating. The
 * fields are checked by the API's HotelInputSchema before anything is sent, and a refusal opens its field's tab.
 * Editing starts from the hotel and its billing details, which load first (GET /hotels/{id}/billing).
 */
export function HotelFormDialog(props: EditDialogProps<Hotel>) {
  if (!props.open || !props.record) return <HotelDialog {...props} billing={null} />;
  return (
    <PageBoundary pending={null}>
      <EditHotelDialog {...props} hotel={props.record} />
    </PageBoundary>
  );
}

function EditHotelDialog({ hotel, ...props }: EditDialogProps<Hotel> & { hotel: Hotel }) {
  const { data: billing } = useSuspenseQuery(hotelBillingQuery(hotel.id));
  return <HotelDialog {...props} billing={billing} />;
}

function HotelDialog({
  open,
  record: hotel,
  billing,
  onClose,
}: EditDialogProps<Hotel> & { billing: HotelBilling | null }) {
  const formId = useId();
  const editing = hotel !== null;
  const [tab, setTab] = useState<TabId>('basic');
  const form = useDialogForm<HotelForm>(open, hotel, () =>
    hotel && billing ? hotelToForm(hotel, billing) : EMPTY_HOTEL,
  );
  const login = useDialogForm(open, hotel, () => EMPTY_LOGIN);
  /** Set when the hotel was created but its login was refused (e.g. the username is taken): retry only the login. */
  const [savedHotelId, setSavedHotelId] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  // What the checks read: a check's refusal shows until it passes, the server's until the values change.
  const refusal = useFormRefusal(open, hotel, { hotel: form.values, login: login.values, uploads });
  const fail = (message: string, onTab?: TabId, check?: FormCheck<Held>) => {
    if (onTab) setTab(onTab);
    refusal.refuse(message, check);
  };

  const create = useCreateHotel();
  const createLogin = useCreateHotelLogin();
  const update = useUpdateHotel();
  const busy = create.isPending || createLogin.isPending || update.isPending;

  useOnOpen(open, hotel, () => {
    setTab('basic');
    setSavedHotelId(null);
  });

  const trackUpload = (busyNow: boolean) => setUploads((n) => n + (busyNow ? 1 : -1));
  const tabIndex = TABS.findIndex((t) => t.id === tab);
  const lastTab = tabIndex === TABS.length - 1;
  const tabProps = { form, locked: savedHotelId !== null, idPrefix: formId };

  const finishCreate = (hotelId: string, login: { username: string; password: string }) => {
    createLogin.mutate(
      { hotelId, ...login },
      {
        onSuccess: () => {
          toast.success('Hotel created successfully! View QR code in the table.');
          onClose();
        },
        onError: (error) => {
          // The hotel exists now; keep the dialog on Credentials so another username can be tried.
          setSavedHotelId(hotelId);
          fail(errorText(error, 'Failed to create hotel'), 'credentials');
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return; // a second submit is ignored while one runs
    if (!editing && !lastTab) {
      setTab(TABS[tabIndex + 1]!.id); // Enter in a field moves on, as Next does
      return;
    }
    if (uploads > 0) return fail(UPLOAD_RUNNING, undefined, uploadCheck);
    const checkedLogin = checkLogin(login.values);
    if (savedHotelId) {
      if (!checkedLogin.ok) return fail(checkedLogin.message, undefined, loginCheck);
      refusal.clear();
      return finishCreate(savedHotelId, checkedLogin.value);
    }
    const checked = checkHotel(form.values);
    if (!checked.ok) return fail(checked.message, checked.tab, hotelCheck);
    refusal.clear();
    if (editing) {
      update.mutate(
        { id: hotel.id, payload: checked.value },
        {
          onSuccess: () => {
            toast.success('Hotel updated successfully!');
            onClose();
          },
          onError: (error) => fail(errorText(error, 'Failed to update hotel')),
        },
      );
      return;
    }
    // The login is checked before the hotel is made, so a refused password leaves nothing half-done.
    if (!checkedLogin.ok) return fail(checkedLogin.message, checkedLogin.tab, loginCheck);
    create.mutate(checked.value, {
      onSuccess: (created) => finishCreate(created.id, checkedLogin.value),
      onError: (error) => fail(errorText(error, 'Failed to create hotel')),
    });
  };

  const submitLabel = busy
    ? 'Processing...'
    : editing
      ? 'Update Hotel'
      : savedHotelId
        ? 'Create Login'
        : 'Create Hotel';
  const footer = (
    <div className="hotel-form-footer">
      <FormError error={refusal.error} />
      <Button variant="secondary" onClick={() => setTab(TABS[tabIndex - 1]!.id)} disabled={tabIndex === 0}>
        Back
      </Button>
      <span className="hotel-form-step muted">
        Step {tabIndex + 1} of {TABS.length}
      </span>
      {!lastTab && (
        <Button variant={editing ? 'secondary' : 'primary'} onClick={() => setTab(TABS[tabIndex + 1]!.id)}>
          Next
        </Button>
      )}
      {(editing || lastTab) && (
        <Button type="submit" form={formId} disabled={busy}>
          {submitLabel}
        </Button>
      )}
    </div>
  );

  return (
    <Dialog open={open} title={editing ? 'Edit Hotel' : 'Add New Hotel'} onClose={onClose} size="md" footer={footer}>
      <form id={formId} onSubmit={submit} className="form hotel-form" noValidate>
        <Tabs tabs={TABS} active={tab} onChange={setTab} />
        {savedHotelId && (
          <p className="hotel-notice hotel-notice-warn" role="status">
            The hotel was saved, but its login was not. Choose another username and press Create Login.
          </p>
        )}
        {tab === 'basic' && <BasicInfoTab {...tabProps} onUploading={trackUpload} />}
        {tab === 'subscription' && <SubscriptionTab {...tabProps} editing={editing} onUploading={trackUpload} />}
        {tab === 'offers' && <OffersTab {...tabProps} />}
        {tab === 'credentials' && <CredentialsTab editing={editing} login={login} />}
      </form>
    </Dialog>
  );
}
