// The Free plan's daily data API limit in-process on a real database: headers, 429, the limit page, who counts.
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import { apiUsage, users } from '../../db/schema';
import { NO_CAP } from '../../db/queries/api-usage';
import {
  batchedCounter,
  dailyApiLimit,
  LEASE_MIN,
  LEASE_WINDOW_MS,
  nextUtcMidnight,
  utcDay,
  type Counter,
} from '../../server/keys/daily-limit';
import { issuePageToken } from '../../server/keys/page-token';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { authSecret, confirmedUser, nextIp, requestsOn, startHarness, TestClient, type Harness } from './auth-harness';
import { databaseWithGeos } from '../setup/database';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'] });
});
afterAll(() => h.close());

const list = '/api/datasets?limit=1';
/** What a browser sends when someone types an address or follows a link from elsewhere. */
const navigation = {
  Accept: 'text/html,application/xhtml+xml',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Site': 'none',
};
/** What a browser sends when one of our pages fetches from our origin; any script can send the same. */
const sameOrigin = { Accept: 'application/json', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Site': 'same-origin' };
/** What the chart widget sends: the page token its page was issued with (signed with the auth secret). */
const ownPage = () => ({ ...sameOrigin, 'X-Page-Token': issuePageToken(authSecret) });

const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'));

/** Sends `times` requests one after the other and returns their statuses. */
async function send(client: TestClient, path: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await client.request(path)).res.status);
  return statuses;
}

describe('counted requests', () => {
  it('carry the limit, the remaining count and the reset time, for GET and HEAD on every data endpoint', async () => {
    const client = new TestClient(h);
    const first = await client.request(list);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('x-ratelimit-limit')).toBe(String(FREE_DAILY_API_REQUESTS));
    expect(remaining(first.res)).toBe(FREE_DAILY_API_REQUESTS - 1);
    expect(Number(first.res.headers.get('x-ratelimit-reset'))).toBe(nextUtcMidnight(new Date()).getTime() / 1000);
    // The answer now tells this client's count: shared caches must not keep it.
    expect(first.res.headers.get('cache-control')).toMatch(/^private, max-age=60/);

    const paths = [
      '/api/datasets/prc_hicp_manr/meta',
      '/api/datasets/prc_hicp_manr?country=DE',
      '/api/datasets/prc_hicp_manr/data?format=csv&country=DE',
      '/api/datasets/nope/meta',
    ];
    for (const [i, path] of paths.entries()) {
      const { res } = await client.request(path);
      expect([path, remaining(res)]).toEqual([path, FREE_DAILY_API_REQUESTS - 2 - i]);
    }
    const head = await client.request(list, { method: 'HEAD' });
    expect(head.res.status).toBe(200);
    expect(remaining(head.res)).toBe(FREE_DAILY_API_REQUESTS - 6);
    expect(await requestsOn(h.database.db, `ip:${client.ip}`)).toBe(6);
  });

  it('answers the 1,001st request of the day 429 with Retry-After, after 1,000 answered 200', async () => {
    const client = new TestClient(h);
    const statuses = await send(client, list, FREE_DAILY_API_REQUESTS - 1);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const last = await client.request(list);
    expect(last.res.status).toBe(200);
    expect(remaining(last.res)).toBe(0);

    const over = await client.request(list);
    expect(over.res.status).toBe(429);
    expect(over.body).toEqual({
      error: {
        code: 'daily_limit_exceeded',
        message:
          'Daily API request limit of 1,000 requests reached; it resets at 00:00 UTC. Pro has unlimited access: /pricing',
      },
    });
    const retryAfter = Number(over.res.headers.get('retry-after'));
    const untilMidnight = (nextUtcMidnight(new Date()).getTime() - Date.now()) / 1000;
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(retryAfter - untilMidnight)).toBeLessThanOrEqual(5);
    expect(over.res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(over.res.headers.get('cache-control')).toBe('no-store');

    // Someone who types the address in the browser is shown the limit page instead.
    const typed = await client.request('/api/datasets/prc_hicp_manr/meta', { headers: navigation });
    expect(typed.res.status).toBe(302);
    expect(typed.res.headers.get('location')).toBe('/api-limit-exceeded');

    // The site's own pages and the chart menu's images keep working, and none of them is counted; its data files
    // are the data API's data and count like it (decision 184).
    const counted = await requestsOn(h.database.db, `ip:${client.ip}`);
    const page = await client.request('/api/datasets/prc_hicp_manr?country=DE', { headers: ownPage() });
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('x-ratelimit-limit')).toBeNull();
    const view = 'datasetId=prc_hicp_manr&dimension[]=dim2:CP00&country[]=DE&chart_type=line&time_start=1/2024';
    expect((await client.request(`/api/charts/download?${view}&format=csv`)).res.status).toBe(429);
    expect(await requestsOn(h.database.db, `ip:${client.ip}`)).toBe(counted! + 1);
    for (const path of [
      `/api/charts/download-png?${view}&width=400&height=300`,
      '/api/geo/world',
      '/api/openapi.json',
    ]) {
      const { res } = await client.request(path);
      expect([path, res.status, res.headers.get('x-ratelimit-limit')]).toEqual([path, 200, null]);
    }
    expect(await requestsOn(h.database.db, `ip:${client.ip}`)).toBe(counted! + 1);
  });

  it('is declared in the OpenAPI document of every counted endpoint', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as any;
    // Catalogue documents, an import on demand's progress and SDMX structures hold no values (decision 201).
    const catalogue = [
      '/api/datasets/ai-discovery',
      '/api/datasets/structured-data-catalog',
      '/api/datasets/{id}/import',
    ];
    const counted = Object.entries<any>(doc.paths).filter(
      ([path]) =>
        (path.startsWith('/api/datasets') && !catalogue.includes(path)) || path.startsWith('/api/sdmx/2.1/data/'),
    );
    expect(counted.length).toBe(7);
    for (const [path, item] of counted) {
      expect([path, item.get.responses['429']?.description]).toEqual([
        path,
        expect.stringContaining("Free plan's daily request limit"),
      ]);
    }
  });

  it('does not count the site’s own pages, but counts other sites’ pages and scripts', async () => {
    const client = new TestClient(h);
    for (let i = 0; i < 3; i++) {
      const { res } = await client.request('/api/datasets/prc_hicp_manr?country=DE', { headers: ownPage() });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
      // A shared cache keeps these public answers apart from requests without the token.
      expect(res.headers.get('vary')).toContain('X-Page-Token, Authorization, X-API-Key');
    }
    expect(await requestsOn(h.database.db, `ip:${client.ip}`)).toBeUndefined();
    const otherSite = await client.request(list, { headers: { ...sameOrigin, 'Sec-Fetch-Site': 'cross-site' } });
    expect(remaining(otherSite.res)).toBe(FREE_DAILY_API_REQUESTS - 1);
    const script = await client.request(list);
    expect(remaining(script.res)).toBe(FREE_DAILY_API_REQUESTS - 2);
  });

  it('counts a script that sends the browser’s same-origin header alone, or a forged or expired page token', async () => {
    const client = new TestClient(h);
    const forged = `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}`;
    const expired = issuePageToken(authSecret, new Date(Date.now() - 2 * 60 * 60 * 1000));
    const otherSecret = issuePageToken('not-our-secret-0123456789abcdef012345');
    const tries = [
      sameOrigin,
      { ...sameOrigin, 'X-Page-Token': forged },
      { 'X-Page-Token': expired },
      { 'X-Page-Token': otherSecret },
    ];
    for (const [i, headers] of tries.entries()) {
      const { res } = await client.request(list, { headers });
      expect(res.status).toBe(200);
      expect(remaining(res)).toBe(FREE_DAILY_API_REQUESTS - 1 - i);
    }
    expect(await requestsOn(h.database.db, `ip:${client.ip}`)).toBe(tries.length);
  });
});

describe('page tokens taken off a page', () => {
  it('exempt an address up to its daily allowance, then count as its own calls', async () => {
    const app = new Hono();
    app.use(
      '/api/datasets/*',
      dailyApiLimit({
        db: h.database.db,
        auth: h.app.auth,
        trustProxy: true,
        secret: authSecret,
        pageTokenLimit: 3,
        isCounted: h.app.policies.isCounted,
      }),
    );
    app.get('/api/datasets', (c) => c.json({ items: [] }));
    const ip = nextIp();
    const headers = { 'x-forwarded-for': ip, ...ownPage() };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await app.request('/api/datasets', { headers }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // A reader's widget: not counted, no quota fields.
    expect(answers.slice(0, 3).map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual([null, null, null]);
    // Past 3 in a day (a script replaying a page's token): the address's own quota.
    expect(answers.slice(3).map(remaining)).toEqual([FREE_DAILY_API_REQUESTS - 1, FREE_DAILY_API_REQUESTS - 2]);
    expect(await requestsOn(h.database.db, `page:${ip}`)).toBe(5);
    expect(await requestsOn(h.database.db, `ip:${ip}`)).toBe(2);
    // Another address still has its allowance.
    const other = await app.request('/api/datasets', { headers: { ...headers, 'x-forwarded-for': nextIp() } });
    expect(other.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it("count a page's own request on the server (a dataset page answering ask=) in the same allowance", async () => {
    const limit = dailyApiLimit({
      db: h.database.db,
      auth: h.app.auth,
      trustProxy: true,
      secret: authSecret,
      limit: 2,
      pageTokenLimit: 2,
      isCounted: h.app.policies.isCounted,
    });
    const app = new Hono();
    app.get('/page', async (c) => c.json({ refused: await limit.countForPage(c, c.req.query('as') === 'page') }));
    const ip = nextIp();
    const ask = async (as: 'page' | 'own') =>
      (await (await app.request(`/page?as=${as}`, { headers: { 'x-forwarded-for': ip } })).json()).refused;
    // As our page's: within the address's page allowance, then the address's own quota, then refused in words.
    expect([await ask('page'), await ask('page')]).toEqual([null, null]);
    expect(await requestsOn(h.database.db, `page:${ip}`)).toBe(2);
    expect(await requestsOn(h.database.db, `ip:${ip}`)).toBeUndefined();
    expect([await ask('page'), await ask('own')]).toEqual([null, null]);
    expect(await requestsOn(h.database.db, `ip:${ip}`)).toBe(2);
    expect(await ask('own')).toBe(
      'Daily API request limit of 2 requests reached; it resets at 00:00 UTC. Pro has unlimited access: /pricing',
    );
  });
});

describe('accounts and plans', () => {
  it('counts a signed-in Free account per account, from any address', async () => {
    const client = new TestClient(h);
    await confirmedUser(h, client, 'free-plan@example.org');
    const userId: string = (await client.request('/api/account/session')).body.session.user.id;
    expect((await client.request('/api/account/current-plan')).body).toEqual({ plan: 'free' });

    expect(remaining((await client.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 1);
    // The same session from another address: the same counter.
    const elsewhere = new TestClient(h, nextIp());
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
    expect(remaining((await elsewhere.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 2);
    expect(await requestsOn(h.database.db, `user:${userId}`)).toBe(2);
    // The address itself, signed out, has its own count, untouched by the account's requests.
    const signedOut = new TestClient(h, client.ip);
    expect(remaining((await signedOut.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 1);
  });

  it('never limits a Pro account (its requests are counted for its usage chart), and current-plan says pro', async () => {
    const client = new TestClient(h);
    await confirmedUser(h, client, 'pro-plan@example.org');
    const [user] = await h.database.db
      .update(users)
      .set({ plan: 'pro' })
      .where(eq(users.email, 'pro-plan@example.org'))
      .returning({ id: users.id });
    expect((await client.request('/api/account/current-plan')).body).toEqual({ plan: 'pro' });

    // Even a counter at the limit (say, from before the upgrade) does not stop it.
    const subject = `user:${user!.id}`;
    await h.database.db.insert(apiUsage).values({ subject, day: utcDay(new Date()), count: FREE_DAILY_API_REQUESTS });
    for (let i = 0; i < 3; i++) {
      const { res } = await client.request(list);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(await requestsOn(h.database.db, subject)).toBe(FREE_DAILY_API_REQUESTS + 3);
  });

  it('refuses to store a plan that does not exist', async () => {
    await expect(
      h.database.db.execute(
        sql`INSERT INTO users (id, name, email, plan) VALUES ('bad-plan', 'Bad', 'bad-plan@example.org', 'Pro')`,
      ),
    ).rejects.toMatchObject({
      cause: { message: expect.stringContaining('violates check constraint "users_plan_check"') },
    });
  });
});

describe('the shared store', () => {
  it('counts the requests of two app instances on the same database together, each exactly once', async () => {
    const config = loadConfig({
      PUBLIC_URL: h.publicUrl,
      SMTP_URL: h.smtp.url,
      AUTH_SECRET: authSecret,
      TRUST_PROXY: '1',
    });
    const other = createApp({ db: h.database.db, config });
    const onFirst = new TestClient(h);
    const onSecond = new TestClient({ app: other, publicUrl: h.publicUrl }, onFirst.ip);

    expect(remaining((await onFirst.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 1);
    expect(remaining((await onSecond.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 2);
    expect(remaining((await onFirst.request(list)).res)).toBe(FREE_DAILY_API_REQUESTS - 3);

    // Requests at the same time on both: every one gets its own count, none is lost.
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? onFirst : onSecond).request(list)),
    );
    const counts = replies.map((r) => FREE_DAILY_API_REQUESTS - remaining(r.res)).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 4));
    expect(await requestsOn(h.database.db, `ip:${onFirst.ip}`)).toBe(23);
  });
});

describe('leased counts (decision 173)', () => {
  const day = utcDay(new Date());
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Sends `bursts` bursts of `size` requests of `subject`, one burst per turn, spread over the counters. */
  async function load(counters: Counter[], subject: string, bursts: number, size: number, cap: number) {
    const counts: number[] = [];
    for (let b = 0; b < bursts; b++) {
      const burst = Array.from({ length: size }, (_, i) => counters[(b + i) % counters.length]!(subject, day, cap));
      counts.push(...(await Promise.all(burst)));
    }
    return counts;
  }

  async function row(subject: string) {
    const [r] = await h.database.db
      .select({ count: apiUsage.count, leased: apiUsage.leased })
      .from(apiUsage)
      .where(and(eq(apiUsage.subject, subject), eq(apiUsage.day, day)));
    return r;
  }

  it('hand a busy subject its counts in order without a write each burst, and hand back what was not used', async () => {
    const count = batchedCounter(h.database.db);
    const subject = `ip:${nextIp()}`;
    const counts = await load([count], subject, 40, 50, NO_CAP);
    expect(counts).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    // Past LEASE_MIN requests a window, the writes lease counts ahead: the row holds more than was handed out…
    const busy = await row(subject);
    expect(LEASE_MIN).toBeLessThan(2000 / 2);
    expect(busy!.leased).toBeGreaterThan(0);
    expect(busy!.count).toBeGreaterThanOrEqual(2000);
    // …until the lease is handed back, unused, LEASE_MS after it was taken (idle: once its timer fired and the hand-back
    // was written, however long a busy machine takes).
    await count.idle();
    expect((await row(subject))!.count).toBe(2000);
    expect(await count(subject, day)).toBe(2001);
  });

  it('say nothing when the database closed before a lease came back (a stopping process: nothing to hand back to)', async () => {
    const own = await databaseWithGeos();
    const count = batchedCounter(own.db);
    await load([count], `ip:${nextIp()}`, 10, 50, NO_CAP);
    await own.close();
    const errors = vi.spyOn(console, 'error');
    try {
      await count.idle();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('lease from a second burst of 20 in a window, and never for one burst alone (decision 180)', async () => {
    const count = batchedCounter(h.database.db);
    const alone = `ip:${nextIp()}`;
    expect(await load([count], alone, 1, 60, NO_CAP)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await row(alone)).toEqual({ count: 60, leased: 0 });

    // Three bursts of 30 in one window: 200 requests a second, well under a process's share of a busy client.
    const steady = `ip:${nextIp()}`;
    expect(LEASE_MIN).toBe(20);
    const counts = await load([count], steady, 3, 30, NO_CAP);
    expect(counts).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect((await row(steady))!.leased).toBeGreaterThan(0);
  });

  it('lease nothing for one burst alone when gathering it outlasts a window (a busy machine)', async () => {
    // Seen under a full test run on two cores: the turn that gathered a burst of 60 took over LEASE_WINDOW_MS, and the
    // 58 requests before the window turned looked like a rate of their own.
    const count = batchedCounter(h.database.db);
    const subject = `ip:${nextIp()}`;
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    let burst: Promise<number>[];
    try {
      burst = Array.from({ length: 60 }, (_, i) => {
        if (i === 40) now += LEASE_WINDOW_MS + 1;
        return count(subject, day, NO_CAP);
      });
    } finally {
      clock.mockRestore();
    }
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await row(subject)).toEqual({ count: 60, leased: 0 });
  });

  it('hold the limit exactly across two processes: never more than the cap, all of it once the leases come back', async () => {
    const one = batchedCounter(h.database.db);
    const two = batchedCounter(h.database.db);
    const subject = `ip:${nextIp()}`;
    const cap = 1000;
    const counts = await load([one, two], subject, 30, 50, cap);
    const allowed = counts.filter((c) => c <= cap);
    // Leases never reach past the cap, and no count is handed out twice.
    expect(new Set(allowed).size).toBe(allowed.length);
    expect(allowed.length).toBeLessThanOrEqual(cap);
    // What a process still holds below the cap comes back and is counted for later requests, on either process.
    await Promise.all([one.idle(), two.idle()]);
    await wait(LEASE_WINDOW_MS * 2);
    const later = [];
    for (let i = 0; i < 20; i++) later.push(await (i % 2 ? one : two)(subject, day, cap));
    const allowedLater = later.filter((c) => c <= cap).length;
    expect(allowed.length + allowedLater).toBe(Math.min(cap, 1500 + 20));
  });

  it('count again what a lease hands back below the cap after the other process refused requests (decision 243)', async () => {
    const one = batchedCounter(h.database.db);
    const two = batchedCounter(h.database.db);
    const subject = `ip:${nextIp()}`;
    const cap = 400;
    // A busy subject on one process: its writes lease counts ahead, never past the cap.
    const first: number[] = [];
    let held = await row(subject);
    for (let b = 0; b < 10 && !held?.leased; b++) {
      first.push(...(await load([one], subject, 1, 20, cap)));
      held = await row(subject);
    }
    expect(held!.leased).toBeGreaterThan(0);
    expect(first).toEqual(Array.from({ length: first.length }, (_, i) => i + 1));
    // Its client turns to the other process (a balancer, a retry): the cap is reached there with the lease held on the
    // first, and the requests past it are refused.
    const room = cap - held!.count;
    const refusedFirst = 5;
    const onTwo = await load([two], subject, 1, room + refusedFirst, cap);
    expect(onTwo.filter((c) => c <= cap)).toEqual(Array.from({ length: room }, (_, i) => held!.count + i + 1));
    expect(onTwo.filter((c) => c > cap)).toHaveLength(refusedFirst);
    // The first process hands back its lease unused: those counts are below the cap, and the next requests get them.
    await one.idle();
    const unused = held!.leased;
    const later = await load([two], subject, 1, unused + 3, cap);
    expect(later.filter((c) => c <= cap)).toHaveLength(unused);
    expect(first.length + room + unused).toBe(cap);
    // The day's row keeps both: the requests counted against the limit, and those refused past it.
    expect(
      await h.database.db
        .select({ count: apiUsage.count, refused: apiUsage.refused })
        .from(apiUsage)
        .where(and(eq(apiUsage.subject, subject), eq(apiUsage.day, day))),
    ).toEqual([{ count: cap, refused: refusedFirst + 3 }]);
  });
});

describe('the day boundary', () => {
  it('starts a new count at midnight UTC and forgets counters older than 31 days', async () => {
    let clock = new Date('2026-03-01T23:59:30Z');
    const app = new Hono();
    app.use(
      '/api/datasets/*',
      dailyApiLimit({
        db: h.database.db,
        auth: h.app.auth,
        trustProxy: true,
        secret: authSecret,
        now: () => clock,
        isCounted: h.app.policies.isCounted,
      }),
    );
    app.get('/api/datasets', (c) => c.json({ items: [] }));
    const ip = nextIp();
    const request = async () => app.request('/api/datasets', { headers: { 'x-forwarded-for': ip } });
    const subject = `ip:${ip}`;
    await h.database.db.insert(apiUsage).values([
      { subject, day: '2026-03-01', count: FREE_DAILY_API_REQUESTS },
      { subject, day: '2026-01-30', count: 5 },
      { subject, day: '2026-01-29', count: 5 },
    ]);

    const late = await request();
    expect(late.status).toBe(429);
    expect(late.headers.get('retry-after')).toBe('30');
    expect(late.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 2, 2) / 1000));

    clock = new Date('2026-03-02T00:00:05Z');
    const early = await request();
    expect(early.status).toBe(200);
    expect(remaining(early)).toBe(FREE_DAILY_API_REQUESTS - 1);
    expect(early.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 2, 3) / 1000));

    const days = await h.database.db.select({ day: apiUsage.day }).from(apiUsage).where(eq(apiUsage.subject, subject));
    expect(days.map((d) => d.day).sort()).toEqual(['2026-01-30', '2026-03-01', '2026-03-02']);
  });
});
