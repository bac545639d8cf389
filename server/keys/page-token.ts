// The page token: a short-lived signature our pages hand the chart widget, so its API fetches are not counted.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request header the widget sends the token in. */
export const PAGE_TOKEN_HEADER = 'X-Page-Token';
/** How long a page's token exempts the widget's fetches: at least an hour, renewed by every navigation. */
export const PAGE_TOKEN_SECONDS = 60 * 60;
/**
 * Expiries are rounded up to this step, so every page of the same ten minutes carries the same token: a shared cache
 * that keys on the token (the answers say `Vary: X-Page-Token`) can still serve the widget's requests.
 */
export const PAGE_TOKEN_STEP_SECONDS = 10 * 60;

/**
 * Most signatures kept: a handful of steps are live at once, and a client sending made-up expiries only empties the
 * cache. A signature of a fixed secret never goes stale (server/caches.ts declares this bound, decision 195).
 */
export const PAGE_TOKEN_SIGNATURES = 16;

/** Signatures made lately: every page of the same ten minutes carries the same token, so one HMAC serves them all. */
const signed = new Map<string, string>();

/** How many signatures are kept now (PAGE_TOKEN_SIGNATURES at most). */
export function pageTokenSignaturesKept(): number {
  return signed.size;
}

function signature(secret: string, expires: number): string {
  const key = `${expires} ${secret}`;
  let made = signed.get(key);
  if (made === undefined) {
    made = createHmac('sha256', secret).update(`page-token:v1:${expires}`).digest('base64url');
    if (signed.size >= PAGE_TOKEN_SIGNATURES) signed.clear();
    signed.set(key, made);
  }
  return made;
}

/** `<expiry in epoch seconds>.<HMAC-SHA256 with the auth secret>`, issued with every page, valid 60 to 70 minutes. */
export function issuePageToken(secret: string, now = new Date()): string {
  const expires =
    Math.ceil((Math.floor(now.getTime() / 1000) + PAGE_TOKEN_SECONDS) / PAGE_TOKEN_STEP_SECONDS) *
    PAGE_TOKEN_STEP_SECONDS;
  return `${expires}.${signature(secret, expires)}`;
}

/** Whether a token is ours and not expired (nor dated further ahead than we ever issue). */
export function isValidPageToken(secret: string, token: string | null | undefined, now = new Date()): boolean {
  if (!token) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  const seconds = now.getTime() / 1000;
  if (expires <= seconds || expires > seconds + PAGE_TOKEN_SECONDS + PAGE_TOKEN_STEP_SECONDS + 60) return false;
  const expected = Buffer.from(signature(secret, expires));
  const sent = Buffer.from(match[2]!);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
