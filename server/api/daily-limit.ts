// The Free plan's daily data API limit: requests counted per account or client address in the database, 429 past it.
import type { Context, MiddlewareHandler } from 'hono';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import type { Db } from '../../db/client';
import { countApiRequest, deleteApiUsageBefore } from '../../db/queries/api-usage';
import { findUserPlan } from '../../db/queries/users';
import type { Auth } from '../auth/auth';
import { clientIp } from '../auth/client-ip';
import { readSession } from '../auth/session';
import { isPageNavigation } from './api-paths';
import { authHeaders } from './auth-handler';
import { errorBody, errorSchema } from './errors';

/** Where a browser that opened a data API address over the limit is sent. */
export const API_LIMIT_PAGE = '/api-limit-exceeded';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of counters kept before today's, for questions like "why was I refused yesterday?". */
const KEEP_DAYS = 7;

/** Whether a request reads the data API (list, search, metadata, data, exports, data points): those count. */
export function isDataApiRequest(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/api\/datasets(\/|$)/.test(path);
}

/**
 * A fetch by one of our own pages or embeds: the browser sets `Sec-Fetch-Site` and page scripts cannot change it.
 * A client outside a browser can send it too, which makes the limit a fair-use measure until API keys exist.
 */
export function isOwnPageRequest(headers: Headers): boolean {
  return headers.get('sec-fetch-site') === 'same-origin';
}

/** The UTC day of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** When the count starts again: the next midnight UTC after `at`. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

export function dailyLimitMessage(limit: number): string {
  return `Daily API request limit of ${limit.toLocaleString('en-GB')} requests reached; it resets at 00:00 UTC. Pro has unlimited access: /pricing`;
}

/** The refusal as the OpenAPI document of each counted endpoint declares it. */
export const dailyLimitResponse = {
  description:
    "The Free plan's daily request limit is reached (X-RateLimit-* headers on every counted answer; Retry-After says when it resets)",
  content: { 'application/json': { schema: errorSchema } },
};

export interface DailyLimitDeps {
  db: Db;
  auth: Auth;
  trustProxy: boolean;
  /** The clock; tests move it across midnight. */
  now?: () => Date;
}

/**
 * Counts each data API request of a Free account (`user:<id>`) or of an anonymous client (`ip:<address>`) and refuses
 * the ones past the day's limit; Pro accounts and the site's own pages are neither counted nor limited.
 */
export function dailyApiLimit({ db, auth, trustProxy, now = () => new Date() }: DailyLimitDeps): MiddlewareHandler {
  const limit = FREE_DAILY_API_REQUESTS;
  /** The UTC day this process last cleared out old counters: once a day is enough. */
  let clearedOn = '';

  async function subjectOf(c: Context): Promise<string | null> {
    const read = await readSession(auth, db, authHeaders(c, trustProxy), false);
    // A session that could not be read (already logged) counts against the address, as an anonymous call would.
    if (!read.session) return `ip:${clientIp(c, trustProxy)}`;
    const { id } = read.session.user;
    return (await findUserPlan(db, id)) === 'pro' ? null : `user:${id}`;
  }

  return async (c, next) => {
    if (!isDataApiRequest(c.req.method, c.req.path) || isOwnPageRequest(c.req.raw.headers)) return next();
    const subject = await subjectOf(c);
    if (subject === null) return next();

    const at = now();
    const today = utcDay(at);
    const count = await countApiRequest(db, subject, today);
    // The first counted request of a day in this process clears out old days: the table stays a week of traffic.
    if (clearedOn !== today) {
      clearedOn = today;
      await deleteApiUsageBefore(db, utcDay(new Date(at.getTime() - KEEP_DAYS * DAY_MS)));
    }
    const reset = nextUtcMidnight(at);
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
      'X-RateLimit-Reset': String(reset.getTime() / 1000),
    };

    if (count > limit) {
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      c.header('Retry-After', String(Math.max(1, Math.ceil((reset.getTime() - at.getTime()) / 1000))));
      c.header('Cache-Control', 'no-store');
      if (isPageNavigation(c.req.raw.headers)) return c.redirect(API_LIMIT_PAGE, 302);
      return c.json(errorBody('daily_limit_exceeded', dailyLimitMessage(limit)), 429);
    }

    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    // The answer now carries this client's count: shared caches must not hand it to anyone else.
    const cacheControl = c.res.headers.get('Cache-Control');
    if (cacheControl?.includes('public')) c.res.headers.set('Cache-Control', cacheControl.replace('public', 'private'));
  };
}
