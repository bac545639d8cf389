// The secret that signs cookies and tokens: AUTH_SECRET, or one generated once and kept under .data/.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Returns AUTH_SECRET when set; otherwise reads `<dataDir>/auth-secret`, creating it (mode 600) on first use,
 * so sessions survive restarts without a secret ever being written into the code.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.log(`[auth] AUTH_SECRET is not set: generated one in ${file}`);
  return secret;
}
