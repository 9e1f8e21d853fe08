import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { MAX_VOUCHERS_PER_SCAN } from '../../../shared/constants';
import { uuidText } from '../../../shared/schemas/common';
import { ALREADY_COLLECTED, guestDetailsSchema, SELECT_AT_MOST_THREE } from '../../../shared/schemas/scans';
import { VERIFICATION_INVALID, VERIFY_FIRST } from '../../../shared/schemas/claim-refusals';
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
import { takeCardToken } from './card-token';
import { sendFunnelEvent } from './funnel';
import { categoriesWithOffers } from './categories';
import { CategoriesStep } from './components/CategoriesStep';
import { DetailsStep } from './components/DetailsStep';
import { HotelHeader } from './components/HotelHeader';
import { OffersStep } from './components/OffersStep';
import { RatingStep } from './components/RatingStep';
import { SelectionBar } from './components/SelectionBar';
import { VouchersStep } from './components/VouchersStep';
import { clearDraft, loadDraft, saveDraft, type Draft } from './draft';
import { replaceFirstScreen, typedOnFirstScreen } from './first-screen';
import { GuestI18nProvider, useGuestI18n } from './i18n/i18n';
import { askToKeepStorage } from './keep-vouchers';
import { useFreshVouchers } from './fresh-vouchers';
import { useRulesView } from './rules-view';
import { loadVouchers, saveVouchers, type SavedVouchers } from './saved-vouchers';
import type { GuestOfferCard, Step } from './types';
import './guest.css';

// Phone verification and "Show my vouchers" load when a guest needs them (docs/DEVELOPING.md "Guest page first load").
const ClaimVerification = lazy(() => import('./trust/ClaimVerification'));
const RecoverVouchers = lazy(() => import('./trust/RecoverVouchers'));
// View Details loads with the offers step (fetched when it shows), not with the first screen.
const loadOfferDetails = () => import('./components/OfferDetailsDialog');
const OfferDetailsDialog = lazy(() => loadOfferDetails().then((module) => ({ default: module.OfferDetailsDialog })));

/** The phone's own date, 'YYYY-MM-DD': a Date's local fields, as an Intl formatter costs ~25 ms on a slow phone. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const detailsSchema = guestDetailsSchema(localToday);
const detailsIssues = (details: Draft['details']) =>
  v.safeParse(detailsSchema, details).issues?.map((issue) => issue.message) ?? [];
/** A link that cannot name a hotel (`/scan/abc`): the server would refuse the id (422), so it is not asked. */
const hotelIdSchema = uuidText('hotel id');

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
  // The page's first screen, sent in its HTML, goes before this screen is painted (first-screen.ts).
  useLayoutEffect(replaceFirstScreen, []);
  return (
    <GuestI18nProvider>
      {v.is(hotelIdSchema, hotelId) ? <GuestSteps hotelId={hotelId} /> : <HotelNotFound />}
    </GuestI18nProvider>
  );
}

/** The page of a hotel that cannot be shown: not found, not loaded, or offline before it was ever loaded. */
function HotelStatus({ text }: { text: string }) {
  return (
    <div className="guest">
      <HotelHeader hotel={undefined} />
      <main className="guest-main">
        <p className="status-text">{text}</p>
      </main>
    </div>
  );
}

function HotelNotFound() {
  return <HotelStatus text={useGuestI18n().t.status.hotelNotFound} />;
}

function GuestSteps({ hotelId }: { hotelId: string }) {
  const i18n = useGuestI18n();
  const { t, message } = i18n;
  const queryClient = useQueryClient();
  const online = useOnline();
  const hotel = useQuery(publicHotelQuery(hotelId));
  const offers = useQuery(guestOffersQuery(hotelId));
  const types = useQuery(guestMerchantTypesQuery);
  const config = useQuery(publicConfigQuery);
  // The location's language opens the page when neither the guest nor the phone chose one (docs/PRODUCT.md "Languages").
  const { setLocationDefault } = i18n;
  const locationLanguage = hotel.data?.default_language;
  useEffect(() => setLocationDefault(locationLanguage), [locationLanguage, setLocationDefault]);

  // What the guest typed on the page's first screen before the app ran is kept, and its Continue made again once the
  // hotel is known (first-screen.ts).
  const [firstScreen] = useState(typedOnFirstScreen);
  const [draft, setDraftState] = useState<Draft>(() => {
    const loaded = loadDraft(hotelId);
    if (Object.keys(firstScreen.details).length === 0) return loaded;
    const withTyped = { ...loaded, details: { ...loaded.details, ...firstScreen.details } };
    saveDraft(hotelId, withTyped);
    return withTyped;
  });
  const continueFromFirstScreen = useRef(firstScreen.submitted);
  // The scanned card's token, for this visit only (card-token.ts: never in a shared link).
  const [card] = useState(() => takeCardToken(hotelId));
  // The funnel's first stage (docs/PRIVACY.md "Funnel"): once per tab session, whatever the step reopened.
  useEffect(() => sendFunnelEvent(hotelId, 'page_open', card), [hotelId, card]);
  // A reload (or a phone that dropped the tab) opens the picking step the guest was on, if the details still hold.
  const [step, setStep] = useState<Step>(() =>
    draft.at && detailsIssues(draft.details).length === 0 ? draft.at.step : 'details',
  );
  const [categoryId, setCategoryId] = useState<number | null>(draft.at?.categoryId ?? null);
  const [viewing, setViewing] = useState<GuestOfferCard | null>(null);
  // Mounted from the first View Details on, so it opens and closes as a dialog that stays (focus back to the card).
  const [detailsOpened, setDetailsOpened] = useState(false);
  if (viewing && !detailsOpened) setDetailsOpened(true);
  const [saved, setSaved] = useState<SavedVouchers | undefined>();
  const [busy, setBusy] = useState(false);
  /** The submission refused the claim's proof: the Verify step says why. */
  const [proofRefused, setProofRefused] = useState<string | undefined>();
  const singleSubmit = useSingleSubmit();

  const setDraft = (next: Draft) => {
    setDraftState(next);
    saveDraft(hotelId, next);
  };
  /** Moves to the details or a picking step, and keeps that step in the draft. */
  const goTo = (next: 'details' | 'categories' | 'offers', nextCategoryId = categoryId) => {
    setStep(next);
    setCategoryId(nextCategoryId);
    // From the latest draft: after the scan check's await, this render's draft may miss what was typed meanwhile.
    setDraftState((current) => {
      const moved = { ...current, at: next === 'details' ? undefined : { step: next, categoryId: nextCategoryId } };
      saveDraft(hotelId, moved);
      return moved;
    });
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

  // The server already applies the hotel's location and manual merchant-type choice (and leaves out paused offers
  // and full caps). Picking, the offers of no use during this stay are left out too, and the others say when they
  // can be used if not every day (docs/PRODUCT.md "Offer rules", the stay).
  const picking = step === 'categories' || step === 'offers';
  const rulesView = useRulesView(picking);
  const checkout = draft.details.checkout_date;
  const stayLines = useMemo(() => {
    if (!picking || !rulesView || !offers.data || !checkout) return undefined;
    const today = localToday();
    const lines = new Map<string, string | undefined>();
    for (const offer of offers.data) {
      const use = rulesView.stayUse(offer, today, checkout, i18n);
      if (use.usable) lines.set(offer.id, use.line);
    }
    return lines;
  }, [picking, rulesView, offers.data, checkout, i18n]);
  const visibleOffers = useMemo(
    () => (stayLines ? (offers.data ?? []).filter((offer) => stayLines.has(offer.id)) : (offers.data ?? [])),
    [offers.data, stayLines],
  );
  const categories = useMemo(() => categoriesWithOffers(types.data ?? [], visibleOffers), [types.data, visibleOffers]);
  const category = categories.find((c) => c.id === categoryId);
  const catalogueLoading = offers.isPending || types.isPending || (picking && rulesView === undefined);
  // A reopened offers step whose category has no offers left today shows the categories instead.
  const shownStep: Step = step === 'offers' && !category && !catalogueLoading ? 'categories' : step;

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
      sendFunnelEvent(hotelId, 'details_entered', card);
      await request(async () => {
        const mobile = parsed.output.mobile_number;
        const check = await checkScan(hotelId, mobile, card);
        // This stay's vouchers were collected (perhaps on another phone): "Show my vouchers" (docs/PRODUCT.md
        // "Guest trust").
        if (!check.can_scan && check.message === ALREADY_COLLECTED) setStep('recover');
        else if (!check.can_scan) toast.error(message(check.message));
        // The hotel asks for the number to be proven first, unless it already was in this visit.
        else if (hotel.data?.phone_verification && draft.verification?.mobile !== mobile) setStep('verify');
        else goTo('categories');
      }, t.status.verifyFailed);
    });

  useEffect(() => {
    if (!continueFromFirstScreen.current || hotel.isPending) return;
    continueFromFirstScreen.current = false;
    continueFromDetails();
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

  // Confirm is disabled until an offer is picked (docs/PRODUCT.md "Forms and messages").
  const confirm = () =>
    void singleSubmit(async () => {
      const details = v.safeParse(detailsSchema, draft.details);
      if (!details.success) {
        showIssue(details.issues[0].message, 'details', 'details');
        goTo('details');
        return;
      }
      await request(async () => {
        const proof = draft.verification;
        const verificationToken = proof?.mobile === details.output.mobile_number ? proof.token : undefined;
        const result = await submitScan(
          {
            hotel_id: hotelId,
            ...details.output,
            // The page's language: the reminders and the vouchers view speak it (docs/PRODUCT.md "Reminders").
            language: i18n.lang,
            selected_offers: draft.selected,
            verification_token: verificationToken,
            placement_token: card,
          },
          draft.idempotencyKey,
        ).catch((error: unknown) => {
          // The proof is missing or has run out (30 minutes): the Verify step says so and asks for a code again, the
          // picks are kept; no toast.
          if (error instanceof ApiError && [VERIFY_FIRST, VERIFICATION_INVALID].includes(error.detail)) {
            setDraftState((current) => {
              const next = { ...current, verification: undefined };
              saveDraft(hotelId, next);
              return next;
            });
            setProofRefused(error.detail);
            setStep('verify');
            return undefined;
          }
          // Nothing was issued and the answer names the offer that stopped it (run out, collected lately, of no use
          // during the stay: docs/PRODUCT.md "Scans"): it is unpicked and the list read again, the guest picks
          // another; the server's words are the toast.
          if (error instanceof ApiError && error.offerId) {
            const refused = error.offerId;
            setDraftState((current) => {
              const next = { ...current, selected: current.selected.filter((id) => id !== refused) };
              saveDraft(hotelId, next);
              return next;
            });
            void queryClient.invalidateQueries({ queryKey: guestOffersQuery(hotelId).queryKey });
          }
          throw error;
        });
        if (!result) return;
        const vouchers: SavedVouchers = {
          hotelId,
          hotelName: hotel.data?.name ?? '',
          guestName: details.output.customer_name,
          scanId: result.scan_id,
          savedAt: new Date().toISOString(),
          coupons: result.coupons,
          guestToken: result.guest_token,
          remindersOptIn: details.output.reminders_opt_in,
        };
        await saveVouchers(vouchers).catch(() => undefined);
        askToKeepStorage();
        clearDraft(hotelId);
        setSaved(vouchers);
        setStep('rating');
      }, t.status.submitFailed);
    });

  const showVouchers = useCallback(() => setStep('vouchers'), []);
  useEffect(() => {
    if (shownStep === 'offers') void loadOfferDetails();
  }, [shownStep]);

  if (hotel.isError && !hotel.data) {
    return (
      <HotelStatus
        text={
          hotel.error instanceof ApiError && hotel.error.status === 404
            ? t.status.hotelNotFound
            : online
              ? t.status.hotelLoadFailed
              : t.status.offlineNoHotel
        }
      />
    );
  }

  // The bar shows on the offers step, and on the categories once something is picked; the page keeps room for it.
  const withBar = shownStep === 'offers' || (shownStep === 'categories' && draft.selected.length > 0);
  return (
    <div className={`guest ${withBar ? 'guest-with-bar' : ''}`}>
      <HotelHeader hotel={hotel.data} />
      {!online && step !== 'vouchers' && <p className="offline-banner">{t.status.offlineBanner}</p>}
      <main className="guest-main">
        {shownStep === 'details' &&
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
        {(shownStep === 'verify' || shownStep === 'recover') && (
          <Suspense fallback={<p className="status-text">{t.categories.loading}</p>}>
            {shownStep === 'verify' ? (
              <ClaimVerification
                hotelId={hotelId}
                mobile={draft.details.mobile_number}
                supportPhone={config.data?.support_phone ?? null}
                refused={proofRefused}
                onVerified={(token) => {
                  setProofRefused(undefined);
                  setDraftState((current) => {
                    const next = { ...current, verification: { mobile: current.details.mobile_number, token } };
                    saveDraft(hotelId, next);
                    return next;
                  });
                  goTo(draft.selected.length > 0 ? 'offers' : 'categories');
                }}
                onBack={() => goTo('details')}
              />
            ) : (
              <RecoverVouchers
                hotelId={hotelId}
                hotelName={hotel.data?.name ?? ''}
                guestName={draft.details.customer_name}
                mobile={draft.details.mobile_number}
                supportPhone={config.data?.support_phone ?? null}
                onRecovered={(vouchers) => {
                  clearDraft(hotelId);
                  setSaved(vouchers);
                  setStep('vouchers');
                }}
                onBack={() => goTo('details')}
              />
            )}
          </Suspense>
        )}
        {shownStep === 'categories' && (
          <CategoriesStep categories={categories} loading={catalogueLoading} onPick={(id) => goTo('offers', id)} />
        )}
        {shownStep === 'offers' && (
          <OffersStep
            categoryName={category?.name}
            offers={category && visibleOffers.filter((o) => o.merchant_type_id === category.id)}
            stayLines={stayLines}
            selected={draft.selected}
            onToggle={toggleOffer}
            onDetails={setViewing}
            onBack={() => goTo('categories')}
          />
        )}
        {shownStep === 'rating' && (
          <RatingStep
            hotel={hotel.data}
            onDone={showVouchers}
            onReviewTap={() => sendFunnelEvent(hotelId, 'review_tap', card)}
          />
        )}
        {shownStep === 'vouchers' && saved && (
          <VouchersStep
            coupons={saved.coupons}
            guestName={saved.guestName}
            supportPhone={config.data?.support_phone ?? null}
            offline={!online}
            pageUrl={`${window.location.origin}/scan/${hotelId}`}
            onShare={() => sendFunnelEvent(hotelId, 'share', card)}
            reminders={
              saved.remindersOptIn && saved.guestToken ? { scanId: saved.scanId, token: saved.guestToken } : undefined
            }
          />
        )}
      </main>
      {withBar && (
        <SelectionBar
          count={draft.selected.length}
          busy={busy}
          onSelectMore={shownStep === 'offers' ? () => goTo('categories') : undefined}
          onConfirm={confirm}
        />
      )}
      {detailsOpened && (
        <Suspense fallback={null}>
          <OfferDetailsDialog
            hotelId={hotelId}
            offer={viewing}
            merchantType={types.data?.find((type) => type.id === viewing?.merchant_type_id)?.name ?? ''}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
