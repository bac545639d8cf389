// Fixed-window rate limits on the auth endpoints, per IP and per e-mail, counted in the database (shared by processes).
// Password sign-in counts per account *and* address: one address is refused after 10 attempts, while the account as
// a whole only slows down (a growing delay), so nobody can lock an owner out from elsewhere (decision 062). Requests
// that mail an address (sign-up, resend, reset) are refused per client and per client and address; per address alone
// they are never refused, only the mails are bounded (mayMail), so nobody can keep an owner from their mail (185).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { errorBody } from '../http/errors';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateRule {
  /** Names the counter; part of the key. */
  name: string;
  matches(path: string): boolean;
  perIp: Limit;
  /** Applied when the JSON body carries an `email`: refuses everyone asking for that address (not for mail routes). */
  perEmail?: Limit;
  /** Applied when the JSON body carries an `email`: refuses only this client asking for that address again. */
  perEmailAndIp?: Limit;
  /**
   * Password guessing (sign-in): a hard limit per e-mail and address, and per e-mail across all addresses only a
   * delay that grows with the attempts; both counters start again when a sign-in succeeds.
   */
  perAccount?: { perAddress: Limit; windowSeconds: number; delayMs(attempts: number): number };
}

const minutes = (n: number) => n * 60;

/**
 * The limits of the issue: sign-in, sign-up, user check, resend and reset, plus a ceiling on all other auth calls.
 * Routes that send mail to the address in the body have no per-address refusal (the owner would be the one refused):
 * a client is refused after its own attempts, and `mayMail` bounds the mails an address receives (decision 185).
 */
export const authRateRules: RateRule[] = [
  {
    name: 'sign-in',
    matches: (p) => p === '/api/auth/sign-in/email',
    perIp: { max: 30, windowSeconds: minutes(10) },
    perAccount: {
      perAddress: { max: 10, windowSeconds: minutes(10) },
      windowSeconds: minutes(60),
      delayMs: signInDelayMs,
    },
  },
  {
    name: 'sign-up',
    matches: (p) => p === '/api/auth/sign-up/email',
    perIp: { max: 10, windowSeconds: minutes(60) },
    perEmailAndIp: { max: 3, windowSeconds: minutes(60) },
  },
  {
    // Whether an address has an account: only our pages may ask (auth-check-user.ts), and one client only a few times,
    // so nobody can run a list of addresses through it; never refused per address (decision 185).
    name: 'check-user',
    matches: (p) => p === '/api/check-user-exists',
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  {
    name: 'resend',
    matches: (p) => p === '/api/auth/resend-verification' || p === '/api/auth/send-verification-email',
    perIp: { max: 10, windowSeconds: minutes(60) },
    perEmailAndIp: { max: 3, windowSeconds: minutes(15) },
  },
  {
    name: 'reset',
    matches: (p) => p === '/api/auth/request-password-reset',
    perIp: { max: 10, windowSeconds: minutes(60) },
    perEmailAndIp: { max: 3, windowSeconds: minutes(15) },
  },
  {
    // Account deletion checks a two-factor code too (issue 41): its tries count with the sign-in's.
    name: 'second-factor',
    matches: (p) => p.startsWith('/api/auth/two-factor/verify') || p === '/api/account/delete',
    perIp: { max: 10, windowSeconds: minutes(5) },
  },
  {
    // Invitations send mail to any address: bounded per inviter's address and per invited address (decision 074).
    name: 'invite',
    matches: (p) => p === '/api/organizations/invite',
    perIp: { max: 30, windowSeconds: minutes(60) },
    perEmail: { max: 3, windowSeconds: minutes(60) },
  },
  {
    name: 'auth',
    matches: (p) => p.startsWith('/api/auth/'),
    perIp: { max: 120, windowSeconds: minutes(1) },
  },
];

/** Attempts on one account (from anywhere) before each further attempt waits. */
export const freeAccountAttempts = 10;
/** The longest wait before a sign-in attempt is answered. */
export const maxSignInDelayMs = 8000;

/**
 * The wait before answering the n-th sign-in attempt on one account within the hour: none for the first ten, then
 * 1, 2, 4, 8 seconds (OWASP ASVS 2.2.1: slows guessing from many addresses, never refuses the owner).
 */
export function signInDelayMs(attempts: number): number {
  if (attempts <= freeAccountAttempts) return 0;
  return Math.min(maxSignInDelayMs, 1000 * 2 ** (attempts - freeAccountAttempts - 1));
}

/**
 * The stored key of a counter: the rule and kind readable, the value (an address, an e-mail of any length) hashed,
 * so a key never outgrows its index and never stores what a client typed.
 */
export function rateKey(rule: string, kind: string, value: string): string {
  return `${rule}:${kind}:${createHash('sha256').update(value).digest('base64url')}`;
}

/**
 * Counts one request against `key` and says whether it stays within the limit. One atomic statement, so
 * concurrent requests on several processes cannot all slip through on a stale read.
 */
export async function consume(
  db: Db,
  key: string,
  limit: Limit,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number; count: number }> {
  const windowMs = limit.windowSeconds * 1000;
  const rows = await queryRows<{ count: number; window_start: string | number }>(
    db,
    sql`INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= ${now - windowMs} THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${now - windowMs} THEN ${now}
                              ELSE rate_limits.window_start END
        RETURNING count, window_start`,
  );
  // Now and then, forget counters whose window ended a day ago, so the table stays the size of recent traffic.
  if (Math.random() < 0.01)
    await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${now - 24 * 60 * 60 * 1000}`);
  const row = rows[0]!;
  const retryAfter = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000));
  return { allowed: Number(row.count) <= limit.max, retryAfter, count: Number(row.count) };
}

/** The account mails one address receives per window, whoever asks for them (decision 185). */
export type AccountMailKind = 'reset' | 'confirmation' | 'existing-account' | 'email-change-notice';

/**
 * Three of a kind per address per hour. The window is no longer than the shortest link's life (a reset link works one
 * hour), so while an address gets no more mail, the links it got in the window still work.
 */
export const accountMailLimit: Limit = { max: 3, windowSeconds: minutes(60) };

/**
 * Counts one account mail to `to` and says whether to send it. Over the bound the request is still answered as
 * always (the answer tells nobody whether an account exists, nor whether the bound was reached); no mail goes out.
 */
export async function mayMail(db: Db, kind: AccountMailKind, to: string): Promise<boolean> {
  const { allowed } = await consume(db, rateKey('mail', kind, to.trim().toLowerCase()), accountMailLimit);
  return allowed;
}

/** Forgets counters (a successful sign-in starts its account's counts again). */
export async function resetCounters(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Too many attempts" in words a person can act on. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/** Applies the first matching rule to POST requests; answers 429 with Retry-After when a limit is reached. */
export function rateLimiter(db: Db, rules: RateRule[], ipOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const rule = rules.find((r) => r.matches(c.req.path));
    if (!rule) return next();
    const ip = ipOf(c);
    const checks: [string, Limit][] = [[rateKey(rule.name, 'ip', ip), rule.perIp]];
    const email = rule.perEmail || rule.perEmailAndIp || rule.perAccount ? await emailOf(c.req.raw) : null;
    if (email && rule.perEmail) checks.push([rateKey(rule.name, 'email', email), rule.perEmail]);
    if (email && rule.perEmailAndIp)
      checks.push([rateKey(rule.name, 'email+ip', `${email}\n${ip}`), rule.perEmailAndIp]);
    const pairKey = email && rule.perAccount ? rateKey(rule.name, 'email+ip', `${email}\n${ip}`) : null;
    if (pairKey && rule.perAccount) checks.push([pairKey, rule.perAccount.perAddress]);
    for (const [key, limit] of checks) {
      const { allowed, retryAfter } = await consume(db, key, limit);
      if (!allowed) return tooMany(c, retryAfter);
    }
    if (!email || !rule.perAccount || !pairKey) return next();

    const accountKey = rateKey(rule.name, 'account', email);
    const { count } = await consume(db, accountKey, {
      max: Number.MAX_SAFE_INTEGER,
      windowSeconds: rule.perAccount.windowSeconds,
    });
    const wait = rule.perAccount.delayMs(count);
    if (wait > 0) await sleep(wait);
    await next();
    if (c.res.status >= 200 && c.res.status < 300) await resetCounters(db, [pairKey, accountKey]);
  };
}

function tooMany(c: Context, retryAfter: number): Response {
  c.header('Retry-After', String(retryAfter));
  return c.json(errorBody('rate_limited', rateLimitMessage(retryAfter)), 429);
}

async function emailOf(req: Request): Promise<string | null> {
  try {
    const body: unknown = await req.clone().json();
    if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
      // The edge check (request-guard.ts) has already refused addresses longer than any address can be.
      return body.email.trim().toLowerCase();
    }
  } catch {
    // Not JSON: the handler will reject the body; the per-IP limit still counted.
  }
  return null;
}
