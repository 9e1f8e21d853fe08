import type { ReactNode } from 'react';
import type { UserType } from '../../../shared/constants';
import type { Permission } from '../../../shared/permissions';
import {
  ActivityIcon,
  ChartIcon,
  CodeIcon,
  DownloadIcon,
  HomeIcon,
  HotelIcon,
  KeyIcon,
  PhoneIcon,
  PinIcon,
  ReceiptIcon,
  ScanIcon,
  SettingsIcon,
  StarIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
} from '../ui/icons';

export interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Shown only to the roles that hold it (shared/permissions.ts); the page itself says so to the others. */
  permission?: Permission;
}

/** Side menus in the order docs/PRODUCT.md "Screens" gives. */
export const MENUS: Record<UserType, MenuItem[]> = {
  superadmin: [
    { to: '/superadmin/dashboard', label: 'Dashboard', icon: <HomeIcon /> },
    { to: '/superadmin/locations', label: 'Locations', icon: <PinIcon /> },
    { to: '/superadmin/hotels', label: 'Hotels', icon: <HotelIcon /> },
    { to: '/superadmin/merchants', label: 'Merchants', icon: <StoreIcon /> },
    { to: '/superadmin/offers', label: 'Offers', icon: <TagIcon /> },
    { to: '/superadmin/customers', label: 'Customer Scans', icon: <ScanIcon /> },
    { to: '/superadmin/coupons', label: 'Hotel Details', icon: <StarIcon /> },
    { to: '/superadmin/reports', label: 'Reports', icon: <ChartIcon />, permission: 'viewReports' },
    { to: '/superadmin/funnel', label: 'Guest funnel', icon: <ActivityIcon />, permission: 'viewReports' },
    { to: '/superadmin/statements', label: 'Statements', icon: <DownloadIcon /> },
    { to: '/superadmin/invoices', label: 'Invoices', icon: <ReceiptIcon />, permission: 'viewReports' },
    { to: '/superadmin/settings', label: 'Settings', icon: <SettingsIcon />, permission: 'manageSettings' },
    { to: '/superadmin/api', label: 'API Reference', icon: <CodeIcon />, permission: 'apiReference' },
  ],
  hotel: [
    { to: '/hotel/dashboard', label: 'Dashboard', icon: <HomeIcon /> },
    { to: '/hotel/customers', label: 'Customers', icon: <UsersIcon /> },
    { to: '/hotel/cards', label: 'QR Cards', icon: <ScanIcon /> },
    { to: '/hotel/statements', label: 'Statements', icon: <DownloadIcon /> },
    { to: '/hotel/invoices', label: 'Invoices', icon: <ReceiptIcon /> },
    { to: '/hotel/contact', label: 'Contact Us', icon: <PhoneIcon /> },
  ],
  merchant: [
    { to: '/merchant/dashboard', label: 'Dashboard', icon: <HomeIcon /> },
    { to: '/merchant/offers', label: 'My Offers', icon: <TagIcon />, permission: 'merchantArea' },
    { to: '/merchant/customers', label: 'My Customers', icon: <UsersIcon />, permission: 'merchantArea' },
    { to: '/merchant/statements', label: 'Statements', icon: <DownloadIcon />, permission: 'statements' },
    { to: '/merchant/staff', label: 'Staff', icon: <KeyIcon />, permission: 'manageStaff' },
    { to: '/merchant/contact', label: 'Contact Us', icon: <PhoneIcon /> },
  ],
};
