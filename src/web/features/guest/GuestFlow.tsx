import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { MAX_VOUCHERS_PER_SCAN } from '../../../shared/constants';
import { guestDetailsSchema, SELECT_AT_LEAST_ONE, SELECT_AT_MOST_THREE } from '../../../shared/schemas/scans';
import { ApiError, errorText } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { useSingleSubmit } from '../../lib/use-single-submit';
import {
  checkScan,
  guestMerchantTypesQuery,
  guestOffersQuery,
  publicConfigQuery,
  publicHotelQuery,
  submitScan,
} from './api';
import { categoriesWithOffers } from './categories';
import { CategoriesStep } from './components/CategoriesStep';
import { DetailsStep } from './components/DetailsStep';
import { HotelHeader } from './components/HotelHeader';
import { OfferDetailsDialog } from './components/OfferDetailsDialog';
import { OffersStep } from './components/OffersStep';
import { RatingStep } from './components/RatingStep';
import { SelectionBar } from './components/SelectionBar';
import { VouchersStep } from './components/VouchersStep';
import { clearDraft, loadDraft, saveDraft, type Draft } from './draft';
import { GuestI18nProvider, useGuestI18n } from './i18n/i18n';
import { askToKeepStorage } from './keep-vouchers';
import { useFreshVouchers } from './fresh-vouchers';
import { loadVouchers, saveVouchers, type SavedVouchers } from './saved-vouchers';
import type { GuestOfferCard, Step } from './types';
import './guest.css';

/** The phone's own date, 'YYYY-MM-DD': a Date's local fields, as an Intl formatter costs ~25 ms on a slow phone. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const detailsSchema = guestDetailsSchema(localToday);
const detailsIssues = (details: Draft['details']) =>
  v.safeParse(detailsSchema, details).issues?.map((issue) => issue.message) ?? [];

/**
 * The one validation toast (docs/PRODUCT.md "Forms and messages"): replaced by the next, dismissed once resolved.
 * Each has an id of its own: sonner drops a new toast that reuses the id of one still leaving.
 */
let validationToasts = 0;
interface ShownIssue {
  id: string;
  message: string;
  step: Step;
  /** A details field's message goes once the details no longer have it; a selection's once the selection changes. */
  kind: 'details' | 'selection';
  selected: string[];
}

/**
 * The public guest flow at /scan/:hotelId (docs/PRODUCT.md "Screens"): details → categories → offers → rating →
 * vouchers, in English or Hindi.
 */
export function GuestFlow({ hotelId }: { hotelId: string }) {
  return (
    <GuestI18nProvider>
      <GuestSteps hotelId={hotelId} />
    </GuestI18nProvider>
  );
}

function GuestSteps({ hotelId }: { hotelId: string }) {
  const { t, message } = useGuestI18n();
  const online = useOnline();
  const hotel = useQuery(publicHotelQuery(hotelId));
  const offers = useQuery(guestOffersQuery(hotelId));
  const types = useQuery(guestMerchantTypesQuery);
  const config = useQuery(publicConfigQuery);

  const [step, setStep] = useState<Step>('details');
  const [draft, setDraftState] = useState<Draft>(() => loadDraft(hotelId));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [viewing, setViewing] = useState<GuestOfferCard | null>(null);
  const [saved, setSaved] = useState<SavedVouchers | undefined>();
  const [busy, setBusy] = useState(false);
  const singleSubmit = useSingleSubmit();

  const setDraft = (next: Draft) => {
    setDraftState(next);
    saveDraft(hotelId, next);
  };

  const shownIssue = useRef<ShownIssue | null>(null);
  const showIssue = (text: string, kind: ShownIssue['kind'], atStep: Step = step) => {
    if (shownIssue.current) toast.dismiss(shownIssue.current.id);
    const id = `guest-validation-${++validationToasts}`;
    shownIssue.current = { id, message: text, step: atStep, kind, selected: draft.selected };
    toast.error(message(text), { id });
  };
  // The field is valid again, the selection changed, or the step moved on: the toast has said its piece.
  useEffect(() => {
    const shown = shownIssue.current;
    if (!shown) return;
    const resolved =
      shown.step !== step ||
      (shown.kind === 'details'
        ? !detailsIssues(draft.details).includes(shown.message)
        : shown.selected !== draft.selected);
    if (resolved) {
      toast.dismiss(shown.id);
      shownIssue.current = null;
    }
  }, [step, draft]);

  // Vouchers already on this phone for this hotel open straight away, online or not.
  useEffect(() => {
    void loadVouchers(hotelId).then((found) => {
      if (found) {
        setSaved(found);
        setStep('vouchers');
      }
    });
  }, [hotelId]);
  useFreshVouchers(step === 'vouchers' ? saved : undefined, setSaved);

  // The server already applies the hotel's location and manual merchant-type choice.
  const visibleOffers = useMemo(() => offers.data ?? [], [offers.data]);
  const categories = useMemo(() => categoriesWithOffers(types.data ?? [], visibleOffers), [types.data, visibleOffers]);
  const category = categories.find((c) => c.id === categoryId);

  /** A request with the button busy; a failure toasts the offline text, or the server's reason (else `fallback`). */
  const request = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.isNetworkError
          ? t.status.offlineSubmit
          : message(errorText(error, fallback)),
      );
    } finally {
      setBusy(false);
    }
  };

  const continueFromDetails = () =>
    void singleSubmit(async () => {
      const parsed = v.safeParse(detailsSchema, draft.details);
      if (!parsed.success) {
        showIssue(parsed.issues[0].message, 'details');
        return;
      }
      await request(async () => {
        const check = await checkScan(hotelId, parsed.output.mobile_number);
        if (!check.can_scan) toast.error(message(check.message));
        else setStep('categories');
      }, t.status.verifyFailed);
    });

  const toggleOffer = (offer: GuestOfferCard) => {
    if (draft.selected.includes(offer.id)) {
      setDraft({ ...draft, selected: draft.selected.filter((id) => id !== offer.id) });
    } else if (draft.selected.length >= MAX_VOUCHERS_PER_SCAN) {
      showIssue(SELECT_AT_MOST_THREE, 'selection');
    } else {
      setDraft({ ...draft, selected: [...draft.selected, offer.id] });
    }
  };

  const confirm = () =>
    void singleSubmit(async () => {
      if (draft.selected.length === 0) {
        showIssue(SELECT_AT_LEAST_ONE, 'selection');
        return;
      }
      const details = v.safeParse(detailsSchema, draft.details);
      if (!details.success) {
        showIssue(details.issues[0].message, 'details', 'details');
        setStep('details');
        return;
      }
      await request(async () => {
        const result = await submitScan(
          { hotel_id: hotelId, ...details.output, selected_offers: draft.selected },
          draft.idempotencyKey,
        );
        const vouchers: SavedVouchers = {
          hotelId,
          hotelName: hotel.data?.name ?? '',
          guestName: details.output.customer_name,
          scanId: result.scan_id,
          savedAt: new Date().toISOString(),
          coupons: result.coupons,
        };
        await saveVouchers(vouchers).catch(() => undefined);
        askToKeepStorage();
        clearDraft(hotelId);
        setSaved(vouchers);
        setStep('rating');
      }, t.status.submitFailed);
    });

  const showVouchers = useCallback(() => setStep('vouchers'), []);

  if (hotel.isError && !hotel.data) {
    return (
      <div className="guest">
        <HotelHeader hotel={undefined} />
        <main className="guest-main">
          <p className="status-text">
            {hotel.error instanceof ApiError && hotel.error.status === 404
              ? t.status.hotelNotFound
              : online
                ? t.status.hotelLoadFailed
                : t.status.offlineNoHotel}
          </p>
        </main>
      </div>
    );
  }

  const selecting = step === 'categories' || step === 'offers';
  return (
    <div className={`guest ${selecting && draft.selected.length > 0 ? 'guest-with-bar' : ''}`}>
      <HotelHeader hotel={hotel.data} />
      {!online && step !== 'vouchers' && <p className="offline-banner">{t.status.offlineBanner}</p>}
      <main className="guest-main">
        {step === 'details' &&
          (hotel.data && !hotel.data.is_active ? (
            <p className="status-text">{t.status.hotelInactive}</p>
          ) : (
            <DetailsStep
              details={draft.details}
              today={localToday()}
              busy={busy}
              topCategories={categories.slice(0, 3)}
              onChange={(details) => setDraft({ ...draft, details })}
              onSubmit={continueFromDetails}
            />
          ))}
        {step === 'categories' && (
          <CategoriesStep
            categories={categories}
            loading={offers.isPending || types.isPending}
            onPick={(id) => {
              setCategoryId(id);
              setStep('offers');
            }}
          />
        )}
        {step === 'offers' && category && (
          <OffersStep
            categoryName={category.name}
            offers={visibleOffers.filter((o) => o.merchant_type_id === category.id)}
            selected={draft.selected}
            onToggle={toggleOffer}
            onDetails={setViewing}
            onBack={() => setStep('categories')}
          />
        )}
        {step === 'rating' && <RatingStep hotel={hotel.data} onDone={showVouchers} />}
        {step === 'vouchers' && saved && (
          <VouchersStep
            coupons={saved.coupons}
            guestName={saved.guestName}
            supportPhone={config.data?.support_phone ?? null}
            offline={!online}
            pageUrl={`${window.location.origin}/scan/${hotelId}`}
          />
        )}
      </main>
      {selecting && (draft.selected.length > 0 || step === 'offers') && (
        <SelectionBar
          count={draft.selected.length}
          busy={busy}
          onSelectMore={step === 'offers' ? () => setStep('categories') : undefined}
          onConfirm={confirm}
        />
      )}
      <OfferDetailsDialog
        hotelId={hotelId}
        offer={viewing}
        merchantType={types.data?.find((type) => type.id === viewing?.merchant_type_id)?.name ?? ''}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
