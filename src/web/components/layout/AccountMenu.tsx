import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DevicesIcon } from '../ui/icons';

/** The Devices dialog, loaded on first use: the list and its calls stay out of every area's first load. */
const DevicesDialog = lazy(() => import('./DevicesDialog'));
/** Sign out everywhere's password, loaded on first use. */
const SignOutEverywhereDialog = lazy(() => import('./SignOutEverywhereDialog'));
/** Two-step sign-in, loaded on first use (its QR code library too). */
const TwoStepDialog = lazy(() => import('./TwoStepDialog'));

/**
 * The top bar's account menu (docs/PRODUCT.md "Screens", docs/SECURITY.md "Sessions"): Change Password, Devices (this
 * login's signed-in devices, each with Sign out), Two-step sign-in (`twoStep`: logins that may set it up, docs/SECURITY.md
 * "Second factor") and Sign out everywhere (every device of this login, this one too, after the current password).
 */
export function AccountMenu({ onChangePassword, twoStep }: { onChangePassword: () => void; twoStep: boolean }) {
  const [open, setOpen] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const [twoStepOpen, setTwoStepOpen] = useState(false);
  const [everywhereOpen, setEverywhereOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // Closes on a click outside or Escape, as a menu does.
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="account-menu" ref={box}>
      <button
        type="button"
        className="btn btn-secondary btn-sm topbar-action"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="account-menu-list"
        onClick={() => setOpen((was) => !was)}
      >
        <DevicesIcon />
        <span className="topbar-action-label">Account</span>
      </button>
      {open && (
        <ul id="account-menu-list" className="account-menu-list" role="menu" aria-label="Account">
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(onChangePassword)}>
              Change Password
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(() => setDevicesOpen(true))}>
              Devices
            </button>
          </li>
          {twoStep && (
            <li role="none">
              <button type="button" role="menuitem" onClick={choose(() => setTwoStepOpen(true))}>
                Two-step sign-in
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(() => setEverywhereOpen(true))}>
              Sign out everywhere
            </button>
          </li>
        </ul>
      )}
      {devicesOpen && (
        <Suspense fallback={null}>
          <DevicesDialog open onClose={() => setDevicesOpen(false)} />
        </Suspense>
      )}
      {everywhereOpen && (
        <Suspense fallback={null}>
          <SignOutEverywhereDialog open onClose={() => setEverywhereOpen(false)} />
        </Suspense>
      )}
      {twoStepOpen && (
        <Suspense fallback={null}>
          <TwoStepDialog open onClose={() => setTwoStepOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
