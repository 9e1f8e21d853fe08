import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { HOTEL_LOGIN_MESSAGE, HOTEL_REQUIRED_MESSAGE } from '../../../shared/schemas/hotels';
import { newPassword } from '../../../shared/schemas/passwords';
import type { Hotel } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Tabs } from '../../components/ui/Tabs';
import { errorText } from '../../lib/api';
import { locationsQuery } from '../locations';
import { merchantTypesQuery } from '../merchant-types';
import {
  subscriptionDurationsQuery,
  useCreateHotel,
  useCreateHotelLogin,
  useUpdateHotel,
  type HotelPayload,
} from './api';
import { FileUpload } from './FileUpload';

const TABS = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'offers', label: 'Offers' },
  { id: 'credentials', label: 'Credentials' },
] as const;
type TabId = (typeof TABS)[number]['id'];

interface FormState {
  name: string;
  location_id: string;
  address: string;
  contact_number: string;
  contact_person: string;
  logo_url: string | null;
  google_place_id: string;
  google_link: string;
  subscription_duration_id: string;
  subscription_revenue: string;
  contract_url: string | null;
  payment_screenshot_url: string | null;
  qr_code_url: string | null;
  offer_selection_type: 'all' | 'manual';
  selected_merchant_types: number[];
}

const EMPTY: FormState = {
  name: '',
  location_id: '',
  address: '',
  contact_number: '',
  contact_person: '',
  logo_url: null,
  google_place_id: '',
  google_link: '',
  subscription_duration_id: '',
  subscription_revenue: '',
  contract_url: null,
  payment_screenshot_url: null,
  qr_code_url: null,
  offer_selection_type: 'all',
  selected_merchant_types: [],
};

function fromHotel(hotel: Hotel): FormState {
  return {
    name: hotel.name,
    location_id: String(hotel.location_id),
    address: hotel.address,
    contact_number: hotel.contact_number,
    contact_person: hotel.contact_person,
    logo_url: hotel.logo_url,
    google_place_id: hotel.google_place_id ?? '',
    google_link: hotel.google_link ?? '',
    subscription_duration_id: hotel.subscription_duration_id ? String(hotel.subscription_duration_id) : '',
    subscription_revenue: String(hotel.subscription_revenue ?? 0),
    contract_url: hotel.contract_url,
    payment_screenshot_url: hotel.payment_screenshot_url,
    qr_code_url: hotel.qr_code_url,
    offer_selection_type: hotel.offer_selection_type,
    selected_merchant_types: hotel.selected_merchant_types,
  };
}

/** Revenue is parsed as a number, default 0 (docs/PRODUCT.md "Forms and messages"). */
function toPayload(form: FormState): HotelPayload {
  const revenue = Number.parseFloat(form.subscription_revenue);
  return {
    name: form.name.trim(),
    location_id: form.location_id ? Number(form.location_id) : '',
    address: form.address.trim(),
    contact_number: form.contact_number.trim(),
    contact_person: form.contact_person.trim(),
    logo_url: form.logo_url,
    google_place_id: form.google_place_id.trim() || null,
    google_link: form.google_link.trim() || null,
    subscription_duration_id: form.subscription_duration_id ? Number(form.subscription_duration_id) : '',
    subscription_revenue: Number.isFinite(revenue) ? revenue : 0,
    contract_url: form.contract_url,
    payment_screenshot_url: form.payment_screenshot_url,
    qr_code_url: form.qr_code_url,
    offer_selection_type: form.offer_selection_type,
    selected_merchant_types: form.offer_selection_type === 'manual' ? form.selected_merchant_types : [],
  };
}

/**
 * The tab holding the first empty required field (docs/PRODUCT.md "Forms and messages"), or undefined when all are
 * filled.
 */
function firstMissing(form: FormState): TabId | undefined {
  const basic = [form.name, form.location_id, form.address, form.contact_number, form.contact_person];
  if (basic.some((value) => !value.trim())) return 'basic';
  if (!form.subscription_duration_id) return 'subscription';
  return undefined;
}

interface Props {
  open: boolean;
  /** null: Add New Hotel; a hotel: Edit Hotel. */
  hotel: Hotel | null;
  onClose: () => void;
}

/** Add/Edit Hotel (docs/PRODUCT.md "Screens"): four tabs with Back and Next; credentials only when creating. */
export function HotelFormDialog({ open, hotel, onClose }: Props) {
  const formId = useId();
  const editing = hotel !== null;
  const [tab, setTab] = useState<TabId>('basic');
  const [form, setForm] = useState<FormState>(EMPTY);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** Set when the hotel was created but its login was refused (e.g. the username is taken): retry only the login. */
  const [savedHotelId, setSavedHotelId] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  /** The last refusal, also shown in the dialog: a toast can sit behind a modal dialog on a small screen. */
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const locations = useQuery({ ...locationsQuery, enabled: open });
  const durations = useQuery({ ...subscriptionDurationsQuery, enabled: open });
  const merchantTypes = useQuery({ ...merchantTypesQuery, enabled: open });
  const create = useCreateHotel();
  const createLogin = useCreateHotelLogin();
  const update = useUpdateHotel();
  const busy = create.isPending || createLogin.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setForm(hotel ? fromHotel(hotel) : EMPTY);
    setTab('basic');
    setUsername('');
    setPassword('');
    setSavedHotelId(null);
    setError(null);
  }, [open, hotel]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const trackUpload = (busyNow: boolean) => setUploads((n) => n + (busyNow ? 1 : -1));
  const tabIndex = TABS.findIndex((t) => t.id === tab);
  const lastTab = tabIndex === TABS.length - 1;

  const finishCreate = (hotelId: string) => {
    createLogin.mutate(
      { hotelId, username: username.trim(), password },
      {
        onSuccess: () => {
          toast.success('Hotel created successfully! View QR code in the table.');
          onClose();
        },
        onError: (error) => {
          // The hotel exists now; keep the dialog on Credentials so another username can be tried.
          setSavedHotelId(hotelId);
          setTab('credentials');
          fail(errorText(error, 'Failed to create hotel'));
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
    if (uploads > 0) {
      fail('Please wait for the upload to finish');
      return;
    }
    if (savedHotelId) {
      if (!username.trim() || !password) {
        fail(HOTEL_LOGIN_MESSAGE);
        return;
      }
      setError(null);
      finishCreate(savedHotelId);
      return;
    }
    const missing = firstMissing(form);
    if (missing) {
      setTab(missing);
      fail(HOTEL_REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    const payload = toPayload(form);
    if (editing) {
      update.mutate(
        { id: hotel.id, payload },
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
    if (!username.trim() || !password) {
      setTab('credentials');
      fail(HOTEL_LOGIN_MESSAGE);
      return;
    }
    // The password rules are checked before the hotel is made, so a refused password leaves nothing half-done.
    const passwordCheck = v.safeParse(newPassword(), password);
    if (!passwordCheck.success) {
      setTab('credentials');
      fail(passwordCheck.issues[0].message);
      return;
    }
    create.mutate(payload, {
      onSuccess: (created) => finishCreate(created.id),
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
        {error && (
          <p className="hotel-form-error" role="alert">
            {error}
          </p>
        )}
        {savedHotelId && (
          <p className="hotel-notice hotel-notice-warn" role="status">
            The hotel was saved, but its login was not. Choose another username and press Create Login.
          </p>
        )}

        {tab === 'basic' && (
          <div className="hotel-form-grid" role="tabpanel" aria-label="Basic Info">
            <Field
              label="Hotel Name"
              required
              placeholder="Enter hotel name"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={200}
              disabled={!!savedHotelId}
            />
            <div className="field">
              <label htmlFor={`${formId}-location`}>
                Location
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              <select
                id={`${formId}-location`}
                value={form.location_id}
                onChange={(e) => set('location_id', e.target.value)}
                disabled={!!savedHotelId}
              >
                <option value="">Select location</option>
                {locations.data?.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field hotel-form-wide">
              <label htmlFor={`${formId}-address`}>
                Address
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              <textarea
                id={`${formId}-address`}
                rows={2}
                placeholder="Enter address"
                value={form.address}
                onChange={(e) => set('address', e.target.value)}
                maxLength={500}
                disabled={!!savedHotelId}
              />
            </div>
            <Field
              label="Contact Number"
              required
              type="tel"
              placeholder="Enter contact number"
              value={form.contact_number}
              onChange={(e) => set('contact_number', e.target.value)}
              maxLength={30}
              disabled={!!savedHotelId}
            />
            <Field
              label="Contact Person"
              required
              placeholder="Enter contact person name"
              value={form.contact_person}
              onChange={(e) => set('contact_person', e.target.value)}
              maxLength={200}
              disabled={!!savedHotelId}
            />
            <Field
              label="Google Place ID"
              required
              placeholder="e.g. ChIJN1t_tDeuEmsRUsoyG83frY4"
              value={form.google_place_id}
              onChange={(e) => set('google_place_id', e.target.value)}
              maxLength={300}
              disabled={!!savedHotelId}
            />
            <Field
              label="Google Link"
              type="url"
              placeholder="https://maps.google.com/..."
              value={form.google_link}
              onChange={(e) => set('google_link', e.target.value)}
              maxLength={1000}
              disabled={!!savedHotelId}
            />
            <div className="hotel-form-wide">
              <FileUpload
                label="Hotel Logo"
                kind="logo"
                value={form.logo_url}
                onChange={(url) => set('logo_url', url)}
                onBusyChange={trackUpload}
              />
            </div>
          </div>
        )}

        {tab === 'subscription' && (
          <div className="hotel-form-grid" role="tabpanel" aria-label="Subscription">
            <div className="field">
              <label htmlFor={`${formId}-duration`}>
                Subscription Duration
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              <select
                id={`${formId}-duration`}
                value={form.subscription_duration_id}
                onChange={(e) => set('subscription_duration_id', e.target.value)}
                disabled={!!savedHotelId}
              >
                <option value="">Select duration</option>
                {durations.data?.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label="Subscription Revenue (₹)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="0"
              value={form.subscription_revenue}
              onChange={(e) => set('subscription_revenue', e.target.value)}
              disabled={!!savedHotelId}
            />
            <FileUpload
              label="Contract"
              kind="contract"
              value={form.contract_url}
              onChange={(url) => set('contract_url', url)}
              onBusyChange={trackUpload}
            />
            <FileUpload
              label="Payment Screenshot"
              kind="contract"
              value={form.payment_screenshot_url}
              onChange={(url) => set('payment_screenshot_url', url)}
              onBusyChange={trackUpload}
            />
            {editing && (
              <p className="field-hint hotel-form-wide">
                Changing the duration or revenue corrects the current subscription period. Use Renew to add a new one.
              </p>
            )}
          </div>
        )}

        {tab === 'offers' && (
          <div className="stack" role="tabpanel" aria-label="Offers">
            <fieldset className="hotel-choice">
              <legend>Offer Selection Type</legend>
              <label>
                <input
                  type="radio"
                  name={`${formId}-selection`}
                  checked={form.offer_selection_type === 'all'}
                  onChange={() => set('offer_selection_type', 'all')}
                  disabled={!!savedHotelId}
                />
                <span>
                  <strong>All offers</strong>
                  <span className="muted">Guests see every offer in the hotel’s location.</span>
                </span>
              </label>
              <label>
                <input
                  type="radio"
                  name={`${formId}-selection`}
                  checked={form.offer_selection_type === 'manual'}
                  onChange={() => set('offer_selection_type', 'manual')}
                  disabled={!!savedHotelId}
                />
                <span>
                  <strong>Manual selection</strong>
                  <span className="muted">Guests see offers of the merchant types ticked below.</span>
                </span>
              </label>
            </fieldset>
            {form.offer_selection_type === 'manual' && (
              <fieldset className="hotel-types">
                <legend>Merchant Types</legend>
                {merchantTypes.isPending ? (
                  <p className="muted">Loading merchant types...</p>
                ) : !merchantTypes.data?.length ? (
                  <p className="muted">No merchant types yet. Add them in Settings.</p>
                ) : (
                  merchantTypes.data.map((type) => (
                    <label key={type.id} className="hotel-type-option">
                      <input
                        type="checkbox"
                        checked={form.selected_merchant_types.includes(type.id)}
                        disabled={!!savedHotelId}
                        onChange={(e) =>
                          set(
                            'selected_merchant_types',
                            e.target.checked
                              ? [...form.selected_merchant_types, type.id]
                              : form.selected_merchant_types.filter((id) => id !== type.id),
                          )
                        }
                      />
                      <span>{type.name}</span>
                    </label>
                  ))
                )}
              </fieldset>
            )}
          </div>
        )}

        {tab === 'credentials' &&
          (editing ? (
            <p className="hotel-notice" role="tabpanel" aria-label="Credentials">
              Login credentials are set when the hotel is created and cannot be changed here. The username is shown in
              the hotel’s details.
            </p>
          ) : (
            <div className="hotel-form-grid" role="tabpanel" aria-label="Credentials">
              <p className="field-hint hotel-form-wide">The hotel signs in on the Hotel Login screen with these.</p>
              <Field
                label="Username"
                required
                autoComplete="off"
                placeholder="Enter username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                maxLength={100}
              />
              <Field
                label="Password"
                required
                type="password"
                autoComplete="new-password"
                placeholder="Enter password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                maxLength={128}
                hint="8 to 128 characters, not a common password."
              />
            </div>
          ))}
      </form>
    </Dialog>
  );
}
