// `npm start` needs no setup: when SESSION_SECRETS is not set, the web app's session secret is made
// once per installation and kept in the data folder (readable by its owner only).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The installation's session secret from `dataDir`, created (48 random bytes, base64url) on first use. */
export function installationSessionSecret(dataDir) {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
