/** Demo logins (no imports, so the end-to-end tests can share them). Loaded only outside production. */
export const DEMO_LOGINS = {
  superadmin: { username: 'admin', password: 'admin123' },
  admin: { username: 'ops', password: 'ops12345' },
  manager: { username: 'manager', password: 'manager123' },
  hotel: { username: 'seaview', password: 'hotel123' },
  merchant: { username: 'spicegarden', password: 'merchant123' },
} as const;
