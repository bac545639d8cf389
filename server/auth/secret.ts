// The secret that signs cookies and tokens: AUTH_SECRET, or one generated once and kept under .data/.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    // Too short to sign with (emptied by hand, cut off by a full disk): replaced.
    rmSync(file, { force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a name of its own and linked into place, which fails if the file exists: two processes
  // starting at once (the server and `npm run refresh`, two test workers) never read half a secret, and the second
  // keeps the first one's.
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32)
      throw new Error(`${file} holds no secret of 32 characters or more: remove it or set AUTH_SECRET`);
    return stored;
  } finally {
    rmSync(draft, { force: true });
  }
  console.log(`[auth] AUTH_SECRET is not set: generated one in ${file}`);
  return secret;
}
