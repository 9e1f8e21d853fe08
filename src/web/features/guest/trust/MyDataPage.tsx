import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { ApiAnswer } from '../../../lib/api';
import { phone } from '../../../../shared/schemas/scans';
import { MyDataNameSchema } from '../../../../shared/schemas/my-data';
import { Field } from '../../../components/ui/Field';
import { publicConfigQuery } from '../api';
import { LanguageSwitch } from '../components/HotelHeader';
import { GuestI18nProvider, useGuestI18n } from '../i18n/i18n';
import { myData } from './api';
import { PhoneCode } from './PhoneCode';
import { useRefusalText, useTrustTexts } from './use-trust-texts';
import '../guest.css';
import './trust.css';

type MyData = ApiAnswer<'GET', '/my-data'>;

/**
 * /my-data (docs/PRIVACY.md "My data"): a guest proves the number with a code (purpose my_data, at no hotel), then sees
 * the scans StayPerks keeps for it, downloads them as JSON, corrects the name on them, withdraws the offers consent
 * or erases them. The token lives in this page's memory only. English or Hindi; no login.
 */
export function MyDataPage() {
  return (
    <GuestI18nProvider>
      <MyDataScreen />
    </GuestI18nProvider>
  );
}

function MyDataScreen() {
  const t = useTrustTexts();
  const { t: common } = useGuestI18n();
  const router = useRouter();
  const [mobile, setMobile] = useState('');
  const [entered, setEntered] = useState<string | undefined>();
  const [token, setToken] = useState<string | undefined>();
  const [issue, setIssue] = useState(false);
  const config = useQuery(publicConfigQuery);
  const back = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/privacy' }));

  const next = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(phone, mobile);
    if (!parsed.success) setIssue(true);
    else {
      setIssue(false);
      setEntered(parsed.output);
    }
  };
  const restart = () => {
    setToken(undefined);
    setEntered(undefined);
    setMobile('');
  };

  return (
    <div className="guest">
      <header className="guest-header">
        <div className="guest-hotel">
          <button type="button" className="guest-lang guest-back-link" onClick={back}>
            <span aria-hidden="true">←</span> {common.privacy.back}
          </button>
          <span className="guest-hotel-text" />
          <LanguageSwitch />
        </div>
      </header>
      <main className="guest-main">
        {!entered && (
          <form className="guest-card form" onSubmit={next} noValidate>
            <div>
              <h1 className="guest-title">{t.myData.title}</h1>
              <p className="muted">{t.myData.intro}</p>
            </div>
            <Field
              label={t.myData.phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={mobile}
              onChange={(e) => setMobile(e.target.value.replace(/\D/g, '').slice(0, 10))}
            />
            {issue && (
              <div className="phone-code-refusal" role="alert">
                <p>{common.messages.phoneInvalid}</p>
              </div>
            )}
            <button type="submit" className="btn btn-primary btn-block guest-cta">
              {t.myData.next}
            </button>
          </form>
        )}
        {entered && !token && (
          <PhoneCode
            to={{ mobile: entered, purpose: 'my_data' }}
            shownMobile={entered}
            onVerified={setToken}
            onBack={restart}
            unavailableHelp={
              config.data?.support_phone ? (
                <p className="muted">{t.myData.askSupport(config.data.support_phone)}</p>
              ) : null
            }
          />
        )}
        {entered && token && <MyDataView token={token} onDone={restart} />}
      </main>
    </div>
  );
}

function MyDataView({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useTrustTexts();
  const { date } = useGuestI18n();
  const read = useQuery({ queryKey: ['guest', 'my-data', token], queryFn: () => myData.read(token), gcTime: 0 });
  const [data, setData] = useState<MyData | undefined>();
  const [name, setName] = useState<string | undefined>();
  const [notice, setNotice] = useState<'saved' | 'withdrawn' | 'stopped' | undefined>();
  const [refusal, setRefusal] = useState<unknown>();
  const refusalText = useRefusalText();
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = data ?? read.data;

  const act = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (error) {
      setRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const download = () =>
    act(async () => {
      const file = await myData.export(token);
      const href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = href;
      link.download = `stayperks-my-data-${file.exported_at.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    });

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(MyDataNameSchema, { customer_name: name ?? '' });
    if (!parsed.success) {
      setRefusal(parsed.issues[0].message);
      setNotice(undefined);
      return;
    }
    void act(async () => {
      setData(await myData.correctName(token, parsed.output.customer_name));
      setName(undefined);
      setNotice('saved');
    });
  };

  if (erased)
    return (
      <div className="guest-card form" role="status">
        <h1 className="guest-title">{t.myData.erased}</h1>
        <button type="button" className="btn btn-secondary btn-block" onClick={onDone}>
          {t.myData.again}
        </button>
      </div>
    );
  if (read.isError && !shown)
    return (
      <div className="guest-card phone-code-refusal" role="alert">
        <p>{refusalText(read.error)}</p>
      </div>
    );
  if (!shown) return <p className="status-text">{t.verify.verifying}</p>;

  const currentName = shown.scans[0]?.customer_name ?? '';
  // The consents a guest may take back: offers later, and reminders still to come.
  const withdrawals = [
    shown.scans.some((scan) => scan.marketing_opt_in) && {
      label: t.myData.withdraw,
      call: myData.withdrawMarketing,
      done: 'withdrawn' as const,
    },
    shown.scans.some((scan) => scan.reminders_opt_in && !scan.reminders_stopped_at) && {
      label: t.myData.stopReminders,
      call: myData.stopReminders,
      done: 'stopped' as const,
    },
  ].filter((withdrawal) => withdrawal !== false);
  return (
    <section className="guest-section" aria-labelledby="my-data-title">
      <div className="guest-card">
        <h1 id="my-data-title" className="guest-title">
          {t.myData.title}
        </h1>
        <p className="muted">{shown.mobile_number}</p>
        {refusal !== undefined ? (
          <div className="phone-code-refusal" role="alert">
            <p>{refusalText(refusal)}</p>
          </div>
        ) : (
          notice && (
            <div className="muted" role="status">
              <p>
                {notice === 'saved'
                  ? t.myData.saved
                  : notice === 'stopped'
                    ? t.myData.remindersStoppedNotice
                    : t.myData.withdrawn}
              </p>
            </div>
          )
        )}
      </div>
      {shown.scans.length === 0 ? (
        <p className="guest-card">{t.myData.none}</p>
      ) : (
        <>
          <h2 className="guest-subtitle">{t.myData.stays}</h2>
          <ul className="my-data-stays">
            {shown.scans.map((scan) => (
              <li key={scan.scan_id} className="guest-card">
                <h3 className="guest-subtitle">{t.myData.stay(scan.hotel_name)}</h3>
                <p className="muted">{t.myData.dates(date(scan.scan_date.slice(0, 10)), date(scan.checkout_date))}</p>
                <p>{t.myData.name(scan.customer_name)}</p>
                {scan.marketing_opt_in && <p>{t.myData.offersYes}</p>}
                {scan.reminders_opt_in && (
                  <p>{scan.reminders_stopped_at ? t.myData.remindersStopped : t.myData.remindersYes}</p>
                )}
                <ul className="my-data-vouchers" aria-label={t.myData.vouchers}>
                  {scan.vouchers.map((voucher) => (
                    <li key={voucher.coupon_code}>
                      {voucher.merchant_name}: {voucher.offer_name} ({voucher.coupon_code}) ·{' '}
                      <span className="my-data-state">{t.myData.states[voucher.state]}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <div className="guest-card my-data-actions">
            <button
              type="button"
              className="btn btn-secondary btn-block"
              disabled={busy}
              onClick={() => void download()}
            >
              {t.myData.download}
            </button>
            {withdrawals.map(({ label, call, done }) => (
              <button
                key={done}
                type="button"
                className="btn btn-secondary btn-block"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    setData(await call(token));
                    setNotice(done);
                  })
                }
              >
                {label}
              </button>
            ))}
          </div>
          <form className="guest-card form" onSubmit={saveName} noValidate>
            <h2 className="guest-subtitle">{t.myData.correctTitle}</h2>
            <Field
              label={t.myData.newName}
              autoComplete="name"
              maxLength={100}
              value={name ?? currentName}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {t.myData.save}
            </button>
          </form>
          <div className="guest-card form my-data-danger">
            <h2 className="guest-subtitle">{t.myData.eraseTitle}</h2>
            <p className="muted">{t.myData.eraseText}</p>
            {confirming ? (
              <>
                <button
                  type="button"
                  className="btn btn-block btn-danger-outline"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      await myData.erase(token);
                      setErased(true);
                    })
                  }
                >
                  {t.myData.eraseConfirm}
                </button>
                <button type="button" className="guest-text-button" onClick={() => setConfirming(false)}>
                  {t.myData.cancel}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-block btn-danger-outline" onClick={() => setConfirming(true)}>
                {t.myData.erase}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
