import { Link, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import type { UserType } from '../../../shared/constants';
import { can } from '../../../shared/permissions';
import { useRole } from '../../lib/current-user';
import { onAnswer } from '../../lib/api';
import { useIdleSignOut } from '../../lib/idle-sign-out';
import { keepRefreshedToken } from '../../lib/token-refresh';
import { merchantCan } from '../../lib/merchant-role';
import { useLogout } from '../../lib/use-logout';
import { IconButton } from '../ui/Button';
import { LogoutIcon, MenuIcon } from '../ui/icons';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';
import { MENUS, type MenuItem } from './menus';
import { OfflineNotice } from './OfflineNotice';
import { PageBoundary } from './PageStatus';

const PHONE_QUERY = '(max-width: 860px)';

/**
 * Top bar, side menu (a drawer on a phone) and the page: the frame of every back-office screen (docs/PRODUCT.md
 * "Screens"). The page sits in the area's one PageBoundary, so loading and load failures look the same on every page of
 * the area.
 */
export function DashboardFrame({
  area,
  changePasswordDialog: ChangePasswordDialog,
}: {
  area: UserType;
  /** The top bar's Change Password dialog (features/passwords), given by the area's route; drawn once opened. */
  changePasswordDialog: ComponentType<{ open: boolean; onClose: () => void }>;
}) {
  const isPhone = () => window.matchMedia(PHONE_QUERY).matches;
  const [menuOpen, setMenuOpen] = useState(() => !isPhone()); // the side menu starts open on a desktop
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData?.title)?.staticData?.title ?? '';
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  // The back office signs out after 30 minutes without activity; hotel and merchant sessions slide, their answers
  // carrying fresh tokens (docs/SECURITY.md "Sessions").
  useIdleSignOut(area === 'superadmin');
  useEffect(() => onAnswer(keepRefreshedToken), []);

  // On a phone the drawer closes after choosing a page (while rendering: an effect would paint it open first).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (isPhone()) setMenuOpen(false);
  }

  return (
    <div className={`frame ${menuOpen ? 'menu-open' : 'menu-closed'}`}>
      <header className="topbar">
        <IconButton
          label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
        </IconButton>
        <Logo />
        <h1 className="topbar-title">{title}</h1>
        {/* Named by their words, which a phone shows too (under the icon). */}
        <AccountMenu
          onChangePassword={() => setChangingPassword(true)}
          twoStep={area === 'merchant' ? merchantCan('ownSecondFactor') : true}
        />
        <button type="button" className="btn btn-secondary btn-sm topbar-action logout" onClick={() => void logout()}>
          <LogoutIcon />
          <span className="topbar-action-label">Logout</span>
        </button>
      </header>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
      <div className="drawer-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      <nav id="side-menu" className="sidenav" aria-label="Main menu">
        {area === 'superadmin' ? (
          <BackOfficeMenu />
        ) : (
          <MenuLinks items={area === 'merchant' ? MENUS.merchant.filter(merchantMay) : MENUS[area]} />
        )}
      </nav>
      <main className="page" id="main">
        <PageBoundary resetKey={href} failed={area === 'merchant' ? MerchantLoadFailed : undefined}>
          <Outlet />
        </PageBoundary>
      </main>
    </div>
  );
}

/** The merchant's failed loads are only logged (docs/PRODUCT.md "Calls"): no error line, just the offline notice. */
const MerchantLoadFailed = () => <OfflineNotice hasData={false} />;

/** The merchant's menu holds what its login's role may open (docs/SECURITY.md "Roles"), offline too. */
const merchantMay = (item: MenuItem) => !item.permission || merchantCan(item.permission);

/** The back office's menu holds what the user's role may open (its layout route has loaded the role). */
function BackOfficeMenu() {
  const role = useRole();
  return <MenuLinks items={MENUS.superadmin.filter((item) => !item.permission || can(role, item.permission))} />;
}

function MenuLinks({ items }: { items: MenuItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="nav-link"
            activeProps={{ className: 'nav-link active', 'aria-current': 'page' }}
          >
            {item.icon}
            <span>{item.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
