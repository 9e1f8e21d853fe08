import { Fragment, type ReactElement, type SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/**
 * The app's one icon set: small inline icons (stroke style, 20 px unless given a size), so no icon font or library
 * is downloaded. Each icon is only its shapes, in drawing order: a path's `d`, or an element (a circle, a rect);
 * `icon` draws the one svg.
 */
function icon(shapes: string | (string | ReactElement)[], size = 20) {
  const body = [shapes]
    .flat()
    .map((shape, i) => (typeof shape === 'string' ? <path key={i} d={shape} /> : <Fragment key={i}>{shape}</Fragment>));
  return function Icon(props: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {body}
      </svg>
    );
  };
}

export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = icon('M6 6l12 12M18 6L6 18');
export const EditIcon = icon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z']);
export const TrashIcon = icon('M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const DevicesIcon = icon([
  <rect x="2" y="4" width="14" height="10" rx="1" />,
  'M6 18h6',
  <rect x="17" y="8" width="5" height="12" rx="1" />,
]);
export const LogoutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
export const PinIcon = icon(['M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z', <circle cx="12" cy="10" r="2.5" />]);
export const HomeIcon = icon('M3 11l9-8 9 8M5 10v10h14V10');
export const GlobeIcon = icon([
  <circle cx="12" cy="12" r="9" />,
  'M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
]);
export const HotelIcon = icon('M4 21V5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v16M9 21v-4h6v4M8 7h2M14 7h2M8 11h2M14 11h2');
export const StoreIcon = icon('M3 9l2-5h14l2 5M4 9v11h16V9M3 9h18M9 20v-6h6v6');
export const TagIcon = icon([
  'M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z',
  <circle cx="7.5" cy="7.5" r="1.5" />,
]);
export const UsersIcon = icon([
  <circle cx="9" cy="8" r="4" />,
  'M2 21a7 7 0 0 1 14 0M17 11a4 4 0 0 0 0-8M22 21a7 7 0 0 0-5-6.7',
]);
export const StarIcon = icon('M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z');
export const ChartIcon = icon('M4 20V10M10 20V4M16 20v-7M22 20H2');
export const SettingsIcon = icon([
  <circle cx="12" cy="12" r="3" />,
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
]);
export const PhoneIcon = icon(
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
);
export const ScanIcon = icon('M3 7V3h4M17 3h4v4M21 17v4h-4M7 21H3v-4M7 12h10');
export const ActivityIcon = icon('M22 12h-4l-3 9L9 3l-3 9H2');
export const CodeIcon = icon('M8 6l-6 6 6 6M16 6l6 6-6 6');

/* Figures and filters (dashboard, reports, scans, reviews, merchant stats). */
export const RupeeIcon = icon('M6 4h12M6 9h12M9 4c4 0 6 1.5 6 5s-3 5-6 5H7l8 7');
export const TicketIcon = icon([
  'M3 8a2 2 0 0 0 0 4 2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H3z',
  'M13 6v2M13 11v2M13 16v2',
]);
export const CheckCircleIcon = icon([<circle cx="12" cy="12" r="9" />, 'M8 12.5l2.5 2.5L16 9.5']);
export const PauseIcon = icon('M9 5v14M15 5v14');
export const PlayIcon = icon('M7 4.5v15l12-7.5z');
/** A day crossed out: a rule of the offer's days (the counter's "Not Valid Now"). */
export const CalendarOffIcon = icon([
  <rect x="3" y="5" width="18" height="16" rx="2" />,
  'M16 3v4M8 3v4M3 10h18M9.5 13.5l5 5M14.5 13.5l-5 5',
]);
export const ClockIcon = icon([<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2']);
export const CalendarIcon = icon([<rect x="3" y="5" width="18" height="16" rx="2" />, 'M16 3v4M8 3v4M3 10h18']);
export const RefreshIcon = icon(['M21 12a9 9 0 1 1-2.6-6.4L21 8', 'M21 3v5h-5']);
export const ArrowUpIcon = icon('M12 19V5M6 11l6-6 6 6', 14);
export const ArrowDownIcon = icon('M12 5v14M6 13l6 6 6-6', 14);
export const SearchIcon = icon([<circle cx="11" cy="11" r="7" />, 'M20 20l-3.5-3.5']);

/* Rows and files (hotels, offers, passwords). */
export const EyeIcon = icon(['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', <circle cx="12" cy="12" r="3" />]);
export const QrIcon = icon('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2');
export const HistoryIcon = icon(['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 2']);
export const RenewIcon = icon(['M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8', 'M21 3v5h-5M3 21v-5h5']);
export const UploadIcon = icon('M12 16V4M7 9l5-5 5 5M4 20h16');
export const DownloadIcon = icon('M12 4v12M7 11l5 5 5-5M4 20h16');
/** A receipt with a torn foot: tax invoices. */
export const ReceiptIcon = icon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3');
export const ExternalIcon = icon('M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5');
export const ImageIcon = icon([
  <rect x="3" y="3" width="18" height="18" rx="2" />,
  <circle cx="8.5" cy="8.5" r="1.5" />,
  'M21 15l-5-5L5 21',
]);
export const OfferAddIcon = icon([
  'M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z',
  'M8 8h.01',
  'M19 19v4M17 21h4',
]);
export const KeyIcon = icon([<circle cx="7.5" cy="15.5" r="4.5" />, 'M10.7 12.3 20 3M16 7l3 3M14 9l2 2']);

/* Guest pictures: a category without a thumbnail (guest categories.ts), the vouchers' congratulations. */
export const DiningIcon = icon(['M5 3v5a3 3 0 0 0 6 0V3M8 3v18', 'M19 21V3c-2.5 1.5-4 4.5-4 9h4']);
export const CupIcon = icon([
  'M4 10h12v4a6 6 0 0 1-6 6 6 6 0 0 1-6-6z',
  'M16 11h1.5a2.5 2.5 0 0 1 0 5H16M8 3v4M12 3v4',
]);
export const LeafIcon = icon(['M4 20c0-9 5-15 16-16 0 10-6 16-16 16z', 'M4 20l9-9']);
export const BagIcon = icon(['M5 8h14l-1 13H6z', 'M9 11V6a3 3 0 0 1 6 0v5']);
export const MountainIcon = icon(['M2 20l7-12 4 6 3-4 6 10z', <circle cx="17" cy="5" r="2" />]);
export const PartyIcon = icon([
  'M3 21l5-13 8 8z',
  'M13 11c1-3 3-5 6-5M11 7c0-2 .5-3.5 2-5M17 14c2 0 3.5.5 5 2',
  'M15 3h.01M21 9h.01M19 20h.01',
]);
export const GiftIcon = icon(['M4 11h16v10H4zM3 7h18v4H3zM12 7v14', 'M12 7C9 3 6 4 7 6.5M12 7c3-4 6-3 5-.5']);
