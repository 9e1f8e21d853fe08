/**
 * npm run admin:reset-mfa -- <username>: turns off a login's two-step sign-in, for a sole super admin who lost both
 * the phone and the recovery codes (docs/OPERATING.md "Two-step sign-in"). Its sessions end; with MFA_REQUIRED its
 * next sign-in sets it up again. Recorded in the activity log as done by this command. Whoever runs it holds the
 * server, so it asks nothing else. Uses DATABASE_URL, else the PGlite database in DATA_DIR (the server must be
 * stopped then).
 */
import { resetSecondFactorByCommand } from '../src/server/modules/auth/second-factor.service';
import { loadConfig } from '../src/server/platform/env';
import { reportFailure, withConfiguredDatabase } from './lib/configured-database';

// DATA_DIR stays owner-only (docs/OPERATING.md, "Files at rest").
process.umask(0o077);
const config = loadConfig();
const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length !== 1 || !args[0]!.trim()) {
  console.error('Usage: npm run admin:reset-mfa -- <username>');
  process.exit(2);
}
const username = args[0]!.trim();
await withConfiguredDatabase(config, async (db) => {
  const login = await resetSecondFactorByCommand(db, username);
  if (login)
    console.log(
      `Two-step sign-in of ${login.username} is reset and its sessions are ended. Sign in with the password` +
        (config.mfaRequired ? ' and set up two-step sign-in again at once.' : '.'),
    );
  else {
    console.error(`No login is called ${username}.`);
    process.exitCode = 1;
  }
}).catch(reportFailure);
