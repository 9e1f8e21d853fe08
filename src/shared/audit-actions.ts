/**
 * Every action the audit trail records (docs/SECURITY.md "Audit trail"), with what Settings › Activity calls it, in
 * the groups its Action filter offers. This list is the one source: the server records only these (`recordAudit`
 * takes an `AuditAction`), GET /api/audit-events filters only by these, and the web's labels and filter entries come
 * from here, so a new action cannot be recorded without a label and a filter entry. Never rename an action: stored
 * events keep the name they were recorded with.
 */
export const AUDIT_ACTION_GROUPS = [
  {
    label: 'Sign-in',
    actions: {
      'login.success': 'Signed in',
      'login.failure': 'Sign-in failed',
      'login.locked': 'Account locked to unknown devices',
      logout: 'Signed out',
      'logout.everywhere': 'Signed out everywhere',
      'session.end': 'Device signed out',
      'second_factor.enable': 'Two-step sign-in turned on',
      'second_factor.disable': 'Two-step sign-in turned off',
      'second_factor.reset': 'Two-step sign-in reset',
    },
  },
  {
    label: 'Logins',
    actions: {
      'user.create': 'Login created',
      'user.role_change': 'Role changed',
      'user.password_change': 'Password changed',
      'user.password_reset': 'Password reset',
      'user.password_reset_request': 'Password reset code asked for',
      'user.password_reset_code': 'Password reset with a code',
      'user.sign_out': 'Signed out of every device by the back office',
      'user.mobile_change': 'Staff mobile changed',
      'user.delete': 'Login deleted',
    },
  },
  {
    label: 'Hotels',
    actions: {
      'hotel.create': 'Hotel added',
      'hotel.update': 'Hotel edited',
      'hotel.renew': 'Subscription renewed',
      'hotel.archive': 'Hotel archived',
      'hotel.delete': 'Hotel deleted',
      'placement.add': 'QR cards added',
      'placement.change': 'QR card renamed or switched',
      'placement.rotate': 'QR card replaced',
    },
  },
  {
    label: 'Merchants',
    actions: {
      'merchant.create': 'Merchant added',
      'merchant.update': 'Merchant edited',
      'merchant.archive': 'Merchant archived',
      'merchant.delete': 'Merchant deleted',
    },
  },
  {
    label: 'Offers',
    actions: {
      'offer.create': 'Offer added',
      'offer.update': 'Offer edited',
      'offer.toggle': 'Offer switched on or off',
      'offer.pause': 'Offer paused by its merchant',
      'offer.resume': 'Offer resumed by its merchant',
    },
  },
  {
    label: 'Redemptions',
    actions: {
      'coupon.redeem': 'Voucher redeemed',
      'coupon.redeem_override': 'Redeemed anyway',
      'coupon.undo': 'Redemption undone',
      'coupon.bill_amount': 'Bill amount saved',
      'coupon.offline_conflict': 'Offline redemption needs attention',
    },
  },
  {
    label: 'Settings',
    actions: {
      'location.create': 'Location added',
      'location.update': 'Location renamed',
      'location.delete': 'Location deleted',
      'merchant_type.create': 'Merchant type added',
      'merchant_type.update': 'Merchant type edited',
      'merchant_type.delete': 'Merchant type deleted',
      'contact_info.update': 'Contact details saved',
      'messaging_settings.update': 'Messaging settings saved',
    },
  },
  {
    label: 'Billing',
    actions: {
      'billing_settings.update': 'Billing settings saved',
      'hotel_billing.update': "A hotel's billing details saved",
      'subscription_period.cancel': 'Subscription period cancelled (credit note issued)',
      'payment.record': 'Payment recorded by hand',
      'payment.link': 'Payment link sent',
      'payment.received': 'Payment received through a payment link',
      'payment.refund_due': 'Second payment for a paid period (to refund)',
      'payment.webhook_refused': 'Payment webhook refused (amount or currency differs)',
    },
  },
  {
    label: "Guests' data",
    actions: {
      'guest.erase': "A guest's details erased",
      'guest.retention': 'Old guest details anonymised',
      'guest.name_correct': 'A guest corrected their name',
      'guest.marketing_withdraw': 'A guest withdrew consent to offers',
      'guest.reminders_opt_out': 'A guest stopped messages about a stay',
    },
  },
  {
    label: 'Exports',
    actions: {
      'export.customer_scans': 'Customer scans exported',
      'export.monthly_revenue': 'Revenue report exported',
      'export.hotel_details': 'Hotel details exported',
      'export.hotels': 'Hotels exported',
      'export.my_customers': "A merchant's customers exported",
      'export.hotel_customers': "A hotel's guests exported",
      'export.offer_results': 'Per-offer results exported',
      'export.funnel': 'Guest funnel exported (back office)',
      'export.hotel_funnel': "A hotel's guest funnel exported",
      'export.invoices': 'Invoices exported',
    },
  },
] as const;

type ActionsOf<Group> = Group extends { actions: infer Actions } ? keyof Actions : never;

/**
 * The actor of what a guest does on My data (docs/PRIVACY.md "My data"): nobody signs in, the number is proven by a
 * code, and the number itself is never the actor (it is what the guest may erase).
 */
export const VERIFIED_GUEST_ACTOR = 'guest (verified)';

/**
 * The actor of what a guest does through a signed link of a message (docs/PRODUCT.md "Reminders", the opt-out): the
 * link proves the stay, not the number, and nobody signs in.
 */
export const LINK_GUEST_ACTOR = 'guest (message link)';

/** The name of a recorded action ('hotel.update', 'coupon.undo', ...). */
export type AuditAction = ActionsOf<(typeof AUDIT_ACTION_GROUPS)[number]>;

/** What Settings › Activity calls each action. */
export const AUDIT_ACTION_LABELS = Object.fromEntries(
  AUDIT_ACTION_GROUPS.flatMap((group) => Object.entries(group.actions)),
) as Record<AuditAction, string>;

/** Every action, in the filter's order. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** The entity `E` of the actions named `E.verb` (recordCreate takes an entity with a `.create` action). */
export type AuditEntityWith<Verb extends string> = AuditAction extends infer A
  ? A extends `${infer Entity}.${Verb}`
    ? Entity
    : never
  : never;

/** The records an event can be about ('export': a CSV download, its owner's id as the record), with their names. */
export const AUDIT_ENTITY_LABELS = {
  hotel: 'Hotel',
  merchant: 'Merchant',
  offer: 'Offer',
  location: 'Location',
  merchant_type: 'Merchant type',
  contact_info: 'Contact details',
  messaging_settings: 'Messaging settings',
  billing_settings: 'Billing settings',
  hotel_billing: "Hotel's billing details",
  subscription_period: 'Subscription period',
  user: 'Login',
  coupon: 'Voucher',
  customer_scan: 'Guest scans',
  export: 'Export',
} as const;

export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

/** Every entity, in the Record filter's order. */
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as [AuditEntity, ...AuditEntity[]];
