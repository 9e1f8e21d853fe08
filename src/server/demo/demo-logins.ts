/** Demo logins (no imports, so the end-to-end tests can share them). Loaded only outside production. Passwords follow the password rules (docs/SECURITY.md). */
export const DEMO_LOGINS = {
  superadmin: { username: 'admin', password: 'admin-demo-24' },
  admin: { username: 'ops', password: 'ops-demo-24' },
  manager: { username: 'manager', password: 'manager-demo-24' },
  hotel: { username: 'seaview', password: 'hotel-demo-24' },
  merchant: { username: 'spicegarden', password: 'merchant-demo-24' },
} as const;
