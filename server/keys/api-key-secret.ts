// API key secrets: generated with 256 bits of randomness, shown once, stored and looked up as SHA-256 (decision 070).
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';

/** Every key starts with this, so leaked keys are easy to spot (secret scanners, logs). */
export const API_KEY_START = 'spk_';
/** Characters of a key shown in lists: `spk_` and the next 8. */
const PREFIX_LENGTH = API_KEY_START.length + 8;

export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_START}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), keyHash: hashApiKey(key) };
}

/** A key has 256 random bits, so one fast hash is enough: no one can guess a key from its hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key a request presents, `Authorization: Bearer <key>` or `X-API-Key: <key>`; null when none. */
export function presentedApiKey(c: Context): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (bearer) return bearer[1]!;
  const header = c.req.header('x-api-key')?.trim();
  return header ? header : null;
}
