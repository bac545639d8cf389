// The data API's daily quota: requests counted per account (any key or session) or client address in the database.
import type { Context, MiddlewareHandler } from 'hono';
import { FREE_DAILY_API_REQUESTS, type Plan } from '../../core/plans';
import type { Db } from '../../db/client';
import { useApiKey } from '../../db/queries/api-keys';
import { countApiRequests, deleteApiUsageBefore, NO_CAP, returnApiLease } from '../../db/queries/api-usage';
import { findUserPlan } from '../../db/queries/users';
import type { Auth } from '../auth/auth';
import { clientIp, clientIpOf } from '../auth/client-ip';
import { readSession } from '../auth/session';
import { hashApiKey, presentedApiKey } from './api-key-secret';
import { isPageNavigation } from '../http/middleware/api-paths';
import { authHeaders } from '../auth/api';
import { errorBody } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { HOT_COUNT, type HotRequest, type HotVerdict } from '../http/response-cache';
import { isLoaderDataPrefetch } from '../http/prefetch';
import { isValidPageToken, PAGE_TOKEN_HEADER } from './page-token';

/** Where a browser that opened a data API address over the limit is sent. */
export const API_LIMIT_PAGE = '/api-limit-exceeded';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests an address may send per UTC day with a page token before they count (PAGE_TOKEN_DAILY_LIMIT). */
export const PAGE_TOKEN_DAILY_REQUESTS = 10_000;

/** Days of counters kept before today's: the settings page charts the last 30. */
export const KEEP_DAYS = 31;

/** A browser's prefetch of the request's loader data (server/http/prefetch.ts, decision 184). */
const isPrefetch = (c: Context) => isLoaderDataPrefetch(c.req.path, (name) => c.req.header(name));

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

/** What makes a data API answer differ between clients, besides the address: the page token and the key. */
const VARY = 'X-Page-Token, Authorization, X-API-Key';

export const INVALID_API_KEY_MESSAGE = 'The API key is not valid: it may have been revoked or rotated.';

/**
 * The quota fields of a counted answer: the de facto X-RateLimit-* trio and the IETF draft's structured fields. Named
 * in lower case, as HTTP/1.1 sends them anyway (fetch's Headers lowers them), so that the hot path adds them to an
 * answer's header fields as they are (server/http/response-cache/).
 */
export function quotaHeaders(limit: number, count: number, at: Date): Record<string, string> {
  const reset = nextUtcMidnight(at);
  const remaining = Math.max(0, limit - count);
  const seconds = Math.max(1, Math.ceil((reset.getTime() - at.getTime()) / 1000));
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(reset.getTime() / 1000),
    // draft-ietf-httpapi-ratelimit-headers: the policy (quota per 86,400-second window) and what is left of it.
    'ratelimit-policy': `"daily";q=${limit};w=86400`,
    ratelimit: `"daily";r=${remaining};t=${seconds}`,
  };
}

/** The refusal as the OpenAPI document of each counted endpoint declares it. */
export const dailyLimitResponse = errorResponse(
  "The Free plan's daily request limit is reached (X-RateLimit-*, RateLimit-Policy and RateLimit on every counted answer; Retry-After says when it resets)",
);

/** A key that does not work, as the OpenAPI document of each counted endpoint declares it. */
export const invalidKeyResponse = errorResponse(
  'The API key sent (Authorization: Bearer or X-API-Key) is unknown, revoked or rotated',
);

export interface DailyLimitDeps {
  db: Db;
  auth: Auth;
  trustProxy: boolean;
  /** The auth secret, which signs the page tokens of our own pages. */
  secret: string;
  /** The clock; tests move it across midnight. */
  now?: () => Date;
  /** Requests a Free account or address may send per UTC day (API_FREE_DAILY_LIMIT). */
  limit?: number;
  /**
   * Requests an address may send per UTC day with a page token before the token stops exempting them
   * (PAGE_TOKEN_DAILY_LIMIT): far more than anyone reading our pages makes, far less than a script that took a
   * token from a page would like.
   */
  pageTokenLimit?: number;
  /**
   * Whether a request counts: each feature declares it beside its routes, docs/api.md lists the declarations
   * (server/route-policies.ts, decisions 184 and 201).
   */
  isCounted: (method: string, path: string) => boolean;
}

/** A lease covers about this long of a subject's requests: the count of its last window of this length. */
export const LEASE_WINDOW_MS = 100;
/**
 * Fewer requests of a subject in a window, besides the burst being written, than this (200 a second): no lease, each
 * burst is written and counts stay in order. Lowered from 100 (decision 180): at 100 a process serving a subject at a
 * few hundred requests a second, as each of two processes does under one client's load, waited on a write every burst.
 */
export const LEASE_MIN = 20;
const LEASE_MAX = 1000;
/** A lease not used up within this time is handed back, so that other processes can count those requests. */
export const LEASE_MS = 1000;

/** Whether a query failed because its database was closed (PGlite's "PGlite is closed", postgres.js's ended connection). */
function closedDatabase(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && /PGlite is closed|CONNECTION_ENDED|CONNECTION_DESTROYED/.test(cause.message);
}

/** Counts one request of a subject on a UTC day, never leasing past `cap` (its limit): the request's count. */
export type Counter = (subject: string, day: string, cap?: number) => Promise<number>;

/** A batched counter, and when it is done with the database. */
interface BatchedCounter extends Counter {
  /**
   * Resolves once the counter holds no lease, no write and no hand-back: every lease it took has been handed back
   * (after LEASE_MS, as in service) or used up, and the database has the counts. Tests wait on it instead of a time.
   */
  idle(): Promise<void>;
}

/**
 * Counts requests per subject and day with one database write per burst instead of one per request: the requests of
 * one turn of the event loop, and those arriving while a subject's write is in flight, wait together and one
 * statement adds all of them. Each statement is atomic and returns the new total, so the counts handed out are exact
 * and distinct across processes sharing the database, as the limit needs.
 *
 * A subject that sent at least LEASE_MIN requests in a window besides this burst (a script in a loop, a load test)
 * gets a lease with its write: the next counts, about a window's worth, kept by this process and handed out without
 * a write, never past the subject's cap, and handed back when not used up within LEASE_MS (decision 173).
 */
export function batchedCounter(db: Db): BatchedCounter {
  interface Waiter {
    cap: number;
    resolve: (count: number) => void;
    reject: (error: unknown) => void;
  }
  interface State {
    subject: string;
    day: string;
    running: boolean;
    scheduled: boolean;
    queued: Waiter[];
    /** Leased counts not yet handed out: next … end. */
    lease: { next: number; end: number; timer: NodeJS.Timeout } | null;
    windowStart: number;
    inWindow: number;
    lastWindow: number;
  }
  const states = new Map<string, State>();
  const handingBack = new Set<Promise<void>>();
  let sweptAt = 0;

  /** Forgets the subjects that stopped sending (their lease was handed back already): every 10 s at most. */
  function sweep(now: number): void {
    sweptAt = now;
    const stale = now - 2 * LEASE_WINDOW_MS;
    for (const [key, st] of states)
      if (!st.running && !st.scheduled && !st.lease && st.queued.length === 0 && st.windowStart < stale)
        states.delete(key);
  }

  function handBack(st: State): void {
    const lease = st.lease;
    if (!lease) return;
    st.lease = null;
    clearTimeout(lease.timer);
    const unused = lease.end - lease.next + 1;
    if (unused <= 0) return;
    const done = returnApiLease(db, st.subject, st.day, unused)
      .catch((error: unknown) => {
        // The database closed meanwhile (the process is stopping): there is nothing left to hand the counts back to.
        if (closedDatabase(error)) return;
        console.error(`Could not hand back ${unused} leased counts of ${st.subject}:`, error);
      })
      .finally(() => handingBack.delete(done));
    handingBack.add(done);
  }

  /** Hands the lease's counts to the queued requests, in order. */
  function fromLease(st: State): void {
    const lease = st.lease;
    if (!lease) return;
    while (st.queued.length > 0 && lease.next <= lease.end) st.queued.shift()!.resolve(lease.next++);
    if (lease.next > lease.end) {
      st.lease = null;
      clearTimeout(lease.timer);
    }
  }

  function write(st: State): void {
    st.scheduled = false;
    if (st.running || st.queued.length === 0) return;
    st.running = true;
    const waiters = st.queued;
    st.queued = [];
    const n = waiters.length;
    const cap = Math.min(...waiters.map((w) => w.cap));
    // The subject's rate: its requests in the last whole window, or in this one before this burst if more already
    // (one burst alone, however large, leases nothing).
    const rate = Math.max(st.lastWindow, st.inWindow - n);
    const want = rate >= LEASE_MIN ? Math.min(LEASE_MAX, rate) : 0;
    countApiRequests(db, st.subject, st.day, n, want, cap)
      .then(
        ({ total, leased, refused }) => {
          // The counted requests end just before the lease; the refused ones, the last, take the numbers after the
          // count, past the cap (a write that refuses leases nothing: decision 243).
          const first = total - leased - (n - refused) + 1;
          waiters.forEach((w, i) => w.resolve(first + i));
          if (leased > 0) {
            const timer = setTimeout(() => handBack(st), LEASE_MS);
            timer.unref();
            st.lease = { next: total - leased + 1, end: total, timer };
          }
        },
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        st.running = false;
        fromLease(st);
        write(st);
      });
  }

  const busy = () =>
    handingBack.size > 0 ||
    [...states.values()].some((st) => st.lease || st.running || st.scheduled || st.queued.length > 0);

  const count: Counter = (subject, day, cap = NO_CAP) => {
    const now = Date.now();
    if (now - sweptAt > 10_000) sweep(now);
    const key = `${day} ${subject}`;
    let st = states.get(key);
    if (!st) {
      st = {
        subject,
        day,
        running: false,
        scheduled: false,
        queued: [],
        lease: null,
        windowStart: 0,
        inWindow: 0,
        lastWindow: 0,
      };
      states.set(key, st);
    }
    if (now - st.windowStart >= LEASE_WINDOW_MS) {
      // The burst this turn is gathering (queued, its write not started) goes into the new window whole: one burst
      // alone is no rate, however long the turn that gathers it lasts on a busy machine. Requests queued behind a
      // running write arrived over several turns, and stay in the window they arrived in.
      const gathering = st.running ? 0 : st.queued.length;
      st.lastWindow = now - st.windowStart < 2 * LEASE_WINDOW_MS ? st.inWindow - gathering : 0;
      st.windowStart = now;
      st.inWindow = gathering;
    }
    st.inWindow++;
    const lease = st.lease;
    if (lease && st.queued.length === 0 && lease.next <= lease.end) {
      const count = lease.next++;
      if (lease.next > lease.end) {
        st.lease = null;
        clearTimeout(lease.timer);
      }
      return Promise.resolve(count);
    }
    const state = st;
    return new Promise<number>((resolve, reject) => {
      state.queued.push({ cap, resolve, reject });
      // The write starts at the next turn of the event loop, joined by the requests that arrived with this one, or
      // when the running write of this subject ends.
      if (!state.running && !state.scheduled) {
        state.scheduled = true;
        setImmediate(() => write(state));
      }
    });
  };
  return Object.assign(count, {
    async idle() {
      while (busy()) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  });
}

/** Who a request is counted against: `subjects[0]` carries the limit; further subjects (the key) only count. */
interface Counted {
  subjects: string[];
  plan: Plan;
}

/** What counting a request decided: go on with these quota fields, or this refusal. */
export type QuotaVerdict = NonNullable<HotVerdict>;

/** The daily limit's middleware, and its count of an anonymous request for the response cache's hot path. */
export interface DailyApiLimit extends MiddlewareHandler {
  /**
   * Counts a data API request that carries no key, session or page token against its client address, exactly as the
   * middleware would (decision 090: the response cache answers such repeated reads before the middleware chain);
   * null at once for a request the limit does not count.
   */
  countAddress(req: HotRequest): Promise<QuotaVerdict | null> | null;
  /**
   * Counts a request a page makes on the server on its visitor's behalf, which no middleware counted (the dataset
   * page answering `?ask=` without scripts, decision 216): with `asPage`, as one with our page's token (within the
   * address's page allowance, then the visitor's own); otherwise as the visitor's own request. Null to go on, else the
   * refusal's message.
   */
  countForPage(c: Context, asPage: boolean): Promise<string | null>;
}

/**
 * A counted answer belongs to one account or client: the fields that say so, on the headers of the answer (the
 * middleware's and the response cache's hot path's).
 */
export function markCounted(headers: Headers, quota: Record<string, string>): void {
  varyOn(headers, VARY);
  for (const [name, value] of Object.entries(quota)) headers.set(name, value);
  // Shared caches must not hand it to anyone else.
  const cacheControl = headers.get('Cache-Control');
  if (cacheControl?.includes('public')) headers.set('Cache-Control', cacheControl.replace('public', 'private'));
}

/** Adds the fields to the answer's Vary that it does not name yet. */
function varyOn(headers: Headers, vary: string): void {
  const present = new Set((headers.get('Vary') ?? '').split(',').map((f) => f.trim().toLowerCase()));
  const missing = vary.split(', ').filter((f) => !present.has(f.toLowerCase()));
  if (missing.length > 0) headers.append('Vary', missing.join(', '));
}

/**
 * Counts each data API request against its account (`user:<id>`, whichever key or session it came with, plus
 * `key:<id>` for the usage by key) or its client address (`ip:<address>`), and refuses Free ones past the day's
 * limit. A valid page token (our pages' widget and client navigations) exempts, and so does a browser's prefetch of
 * loader data, both only within the address's page allowance (decision 184).
 */
export function dailyApiLimit({
  db,
  auth,
  trustProxy,
  secret,
  now = () => new Date(),
  limit = FREE_DAILY_API_REQUESTS,
  pageTokenLimit = PAGE_TOKEN_DAILY_REQUESTS,
  isCounted,
}: DailyLimitDeps): DailyApiLimit {
  const count = batchedCounter(db);
  /** The UTC day this process last cleared out old counters: once a day is enough. */
  let clearedOn = '';

  async function countedAs(c: Context, key: string | null, at: Date): Promise<Counted | 'invalid-key'> {
    if (key !== null) {
      const owner = await useApiKey(db, hashApiKey(key), at);
      if (!owner) return 'invalid-key';
      // A Pro organization's key counts against the organization (decision 077); a personal key and a Free
      // organization's key against their creator, one Free quota per person (decision 184). The organization's and
      // the key's own counts feed the usage charts.
      const organization = owner.organizationId ? [`org:${owner.organizationId}`] : [];
      const subjects =
        owner.limitedAs === 'organization'
          ? [...organization, `key:${owner.keyId}`]
          : [`user:${owner.userId}`, ...organization, `key:${owner.keyId}`];
      return { subjects, plan: owner.plan };
    }
    const read = await readSession(auth, db, authHeaders(c, trustProxy), false);
    // A session that could not be read (already logged) counts against the address, as an anonymous call would.
    if (!read.session) return { subjects: [addressOf(c)], plan: 'free' };
    const { id } = read.session.user;
    return { subjects: [`user:${id}`], plan: await findUserPlan(db, id) };
  }

  const addressOf = (c: Context) => `ip:${clientIp(c, trustProxy)}`;

  /** Counts the request against its subjects; past the Free limit, the refusal. */
  async function verdict(navigation: boolean, who: Counted, at: Date): Promise<QuotaVerdict> {
    const today = utcDay(at);
    // Only the first subject carries the limit (a Pro account has none); the key's own count has none either.
    const cap = who.plan === 'pro' ? NO_CAP : limit;
    const [counted] = await Promise.all(who.subjects.map((s, i) => count(s, today, i === 0 ? cap : NO_CAP)));
    // The first counted request of a day in this process clears out old days.
    if (clearedOn !== today) {
      clearedOn = today;
      await deleteApiUsageBefore(db, utcDay(new Date(at.getTime() - KEEP_DAYS * DAY_MS)));
    }
    const headers = who.plan === 'pro' ? {} : quotaHeaders(limit, counted!, at);
    if (who.plan === 'pro' || counted! <= limit) return { headers };
    const refusal = navigation
      ? new Response(null, { status: 302, headers: { Location: API_LIMIT_PAGE } })
      : Response.json(errorBody('daily_limit_exceeded', dailyLimitMessage(limit)), { status: 429 });
    for (const [name, value] of Object.entries(headers)) refusal.headers.set(name, value);
    refusal.headers.set(
      'Retry-After',
      String(Math.max(1, Math.ceil((nextUtcMidnight(at).getTime() - at.getTime()) / 1000))),
    );
    refusal.headers.set('Cache-Control', 'no-store');
    return { refusal };
  }

  /**
   * The verdict on a request the hot path did not count; 'page' when our own page's token lets it through (`asPage`:
   * a request a page makes on the server, counted as if it carried the token).
   */
  async function decide(c: Context, asPage = false): Promise<QuotaVerdict | 'page'> {
    const key = presentedApiKey(c);
    const at = now();
    // The site's own pages: the widget sends the token its page was issued with, and so do React Router's loader
    // data fetches on client navigations (app/entry.client.tsx, decision 184). A key always counts. A token is public
    // (any script can read one off a page), so each address's token requests are counted apart (`page:`), and past
    // pageTokenLimit in a day the token no longer exempts: they count as the address's own calls.
    // A hover on one of our links prefetches its loader data through `<link rel="prefetch">`, which cannot carry the
    // token; the browser says `Sec-Purpose: prefetch` instead. Anyone can send that header, so it exempts only within
    // the same allowance as the token, never past it.
    if (
      key === null &&
      (asPage || isValidPageToken(secret, c.req.header(PAGE_TOKEN_HEADER), at) || isPrefetch(c)) &&
      (await count(`page:${clientIp(c, trustProxy)}`, utcDay(at), pageTokenLimit)) <= pageTokenLimit
    )
      return 'page';

    const who = await countedAs(c, key, at);
    if (who === 'invalid-key') {
      c.header('WWW-Authenticate', 'Bearer realm="api"');
      c.header('Cache-Control', 'no-store');
      return { refusal: c.json(errorBody('invalid_api_key', INVALID_API_KEY_MESSAGE), 401) };
    }
    return verdict(isPageNavigation(c.req.raw.headers), who, at);
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    if (!isCounted(c.req.method, c.req.path)) return next();
    // The response cache's hot path counted an anonymous request already, then found no current answer.
    const counted = c.get(HOT_COUNT as never) as Promise<QuotaVerdict | null> | undefined;
    const decided = counted ? (await counted)! : await decide(c);
    if (decided !== 'page' && 'refusal' in decided) return decided.refusal;
    // Shared caches keep the widget's and our pages' (public) answers apart from everyone else's requests; a
    // prefetch's, whose exemption rests on Sec-Purpose, apart from requests without it.
    const vary = decided === 'page' && isPrefetch(c) ? `${VARY}, Sec-Purpose` : VARY;
    await next();
    if (decided === 'page') varyOn(c.res.headers, vary);
    else markCounted(c.res.headers, decided.headers);
  };

  async function countForPage(c: Context, asPage: boolean): Promise<string | null> {
    const decided = await decide(c, asPage);
    if (decided === 'page' || !('refusal' in decided)) return null;
    const body = (await decided.refusal.json().catch(() => null)) as { error?: { message?: string } } | null;
    // A navigation's refusal is a redirect without a body: the limit's sentence.
    return body?.error?.message ?? dailyLimitMessage(limit);
  }

  return Object.assign(middleware, {
    countForPage,
    // The hot path never hands it a browser navigation to the API, a key or a page token (those are the chain's).
    countAddress: (req: HotRequest) =>
      isCounted(req.method, req.path)
        ? verdict(
            false,
            { subjects: [`ip:${clientIpOf(req.header, req.socketAddress, trustProxy)}`], plan: 'free' },
            now(),
          )
        : null,
  });
}
