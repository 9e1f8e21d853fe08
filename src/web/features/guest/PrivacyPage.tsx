import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { DEFAULT_RETENTION_DAYS, PRIVACY_NOTICE_VERSION } from '../../../shared/privacy';
import { publicConfigQuery } from './api';
import { LanguageSwitch } from './components/HotelHeader';
import { GuestI18nProvider, useGuestI18n } from './i18n/i18n';
import { PRIVACY_REMINDERS_EN } from './privacy-texts';
import './guest.css';

/**
 * /privacy: the short notice the details step's consent box links to (docs/PRIVACY.md): what is collected, why, the
 * reminders and who delivers them, for how long, who sees it, how to have it erased, and StayPerks' support contact
 * (Contact Us), in English or Hindi.
 */
export function PrivacyPage() {
  return (
    <GuestI18nProvider>
      <PrivacyNotice />
    </GuestI18nProvider>
  );
}

function PrivacyNotice() {
  const { t, catalogue } = useGuestI18n();
  const router = useRouter();
  const config = useQuery(publicConfigQuery);
  const phone = config.data?.support_phone;
  const email = config.data?.support_email;
  const p = t.privacy;
  const r = catalogue?.privacy ?? PRIVACY_REMINDERS_EN;
  const sections: [string, string][] = [
    [p.whatTitle, p.what],
    [p.whyTitle, p.why],
    [r.remindersTitle, r.reminders],
    [r.processorsTitle, r.processors],
    [p.howLongTitle, p.howLong(config.data?.guest_data_retention_days ?? DEFAULT_RETENTION_DAYS)],
    [p.whoTitle, p.who],
    [p.deleteTitle, p.delete],
  ];
  // Back to the guest flow that opened this page (its draft is kept), else the start page.
  const back = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' }));

  return (
    <div className="guest">
      <header className="guest-header">
        <div className="guest-hotel">
          <button type="button" className="guest-lang guest-back-link" onClick={back}>
            <span aria-hidden="true">←</span> {p.back}
          </button>
          <span className="guest-hotel-text" />
          <LanguageSwitch />
        </div>
      </header>
      <main className="guest-main">
        <article className="guest-card privacy" aria-labelledby="privacy-title">
          <h1 id="privacy-title" className="guest-title">
            {p.title}
          </h1>
          <p className="muted privacy-version">{p.updated(PRIVACY_NOTICE_VERSION)}</p>
          <p>{p.intro}</p>
          {sections.map(([title, text]) => (
            <section key={title}>
              <h2 className="guest-subtitle">{title}</h2>
              <p>{text}</p>
            </section>
          ))}
          <section>
            <h2 className="guest-subtitle">{p.contactTitle}</h2>
            {phone || email ? (
              <ul className="privacy-contact">
                {phone && (
                  <li>
                    {p.contactPhone} <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
                  </li>
                )}
                {email && (
                  <li>
                    {p.contactEmail} <a href={`mailto:${email}`}>{email}</a>
                  </li>
                )}
              </ul>
            ) : (
              <p>{p.contactNone}</p>
            )}
            <p>
              <Link to="/my-data">{p.myData}</Link>
            </p>
          </section>
        </article>
      </main>
    </div>
  );
}
