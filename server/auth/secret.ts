// The secret that signs cookies and tokens: AUTH_SECRET, or one generated once and kept under .data/.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The shortest secret kept: 32 characters, as config.ts asks of AUTH_SECRET. */
const minLength = 32;

/**
 * Returns AUTH_SECRET when set; otherwise reads `<dataDir>/auth-secret`, creating it (mode 600) on first use,
 * so sessions survive restarts without a secret ever being written into the code.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  const kept = readKept(file);
  if (kept !== undefined && kept.length >= minLength) return kept;
  // Too short to sign with (emptied by hand, cut off by a full disk): replaced. Only then: a file that was not there
  // may be another process's by now.
  if (kept !== undefined) rmSync(file, { force: true });
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
    const theirs = readKept(file) ?? '';
    if (theirs.length < minLength)
      throw new Error(`${file} holds no secret of ${minLength} characters or more: remove it or set AUTH_SECRET`);
    return theirs;
  } finally {
    rmSync(draft, { force: true });
  }
  console.log(`[auth] AUTH_SECRET is not set: generated one in ${file}`);
  return secret;
}

/** What `file` holds, trimmed; undefined when there is no such file. */
function readKept(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
