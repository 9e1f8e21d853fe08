/**
 * npm run keys:rotate: adds a new sign-in token signing key, which every server signs with within a minute; the key it
 * replaces keeps verifying the tokens it signed until they expire, and keys retired longer ago than the token lifetime
 * are dropped, so nobody is signed out (docs/OPERATING.md "Keys"). `-- --end-sessions` (a key thought exposed) drops
 * every older key at once instead: everyone signs in again. Seals every key with DATA_ENCRYPTION_KEY when set.
 * Uses DATABASE_URL, else the PGlite database in DATA_DIR (the server must be stopped then).
 */
import { loadConfig } from '../src/server/platform/env';
import { resolveJwtSecret } from '../src/server/platform/lib/secrets';
import { loadSigningKeys, rotateSigningKeys } from '../src/server/platform/lib/signing-keys';
import { TOKEN_LIFETIME_SECONDS } from '../src/server/platform/lib/tokens';
import { reportFailure, withConfiguredDatabase } from './lib/configured-database';

// DATA_DIR stays owner-only (docs/OPERATING.md, "Files at rest").
process.umask(0o077);
const config = loadConfig();
const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.some((arg) => arg !== '--end-sessions')) {
  console.error('Usage: npm run keys:rotate [-- --end-sessions]');
  process.exit(2);
}
const endSessions = args.includes('--end-sessions');
if (config.jwtSecret) {
  console.error(
    'JWT_SECRET is set, so it is the only signing key and is not rotated here. To use rotatable keys, unset JWT_SECRET ' +
      '(the keys start from the secret the server signed with until now), restart the servers, then run this again.',
  );
  process.exit(1);
}
// A sealed key without DATA_ENCRYPTION_KEY, or with another key, fails with a message that says which.
await withConfiguredDatabase(config, async (db) => {
  const options = { lifetimeSeconds: TOKEN_LIFETIME_SECONDS };
  // The keys as a server would find them on start (created from the current secret when none exist yet).
  const firstSecret = await resolveJwtSecret(undefined, db, config.dataDir, config.dataEncryptionKey);
  await loadSigningKeys(db, firstSecret, config.dataEncryptionKey, options);
  const rotation = await rotateSigningKeys(db, config.dataEncryptionKey, options, { endSessions });
  console.log(
    `Added signing key ${rotation.added}; it signs new tokens on every server within a minute.` +
      (rotation.retired.length ? ` Retired ${rotation.retired.join(', ')}: it verifies until its tokens expire.` : '') +
      (rotation.dropped.length
        ? ` Dropped ${rotation.dropped.join(', ')} (${endSessions ? 'their tokens are refused within a minute: everyone signs in again' : 'retired over a token lifetime ago'}).`
        : '') +
      (config.dataEncryptionKey ? ' The keys are sealed with DATA_ENCRYPTION_KEY.' : ''),
  );
}).catch(reportFailure);
