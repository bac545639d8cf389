import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { responseCache, type AnswerVersions } from './index';
import { counted, routePolicies } from '../route-policy';

/** The data API's reads and one shared page, as the features and the page routes declare them (decision 201). */
const kindOf = routePolicies(
  [counted('GET /api/datasets…', 'read', ['/api/datasets/*'], { cache: 'api' })],
  ['/about'],
).cacheKind;

/** A cache in front of a handler that counts its renders, with versions the test sets and a watch it fires. */
function watchedApp(first: AnswerVersions) {
  let versions = first;
  let reads = 0;
  let renders = 0;
  let changed: () => void = () => {};
  const cache = responseCache({
    kindOf,
    versions: async () => {
      reads++;
      return versions;
    },
    watch: async (onChange) => {
      changed = onChange;
      return { maxAgeMs: Infinity };
    },
  });
  const app = new Hono();
  app.use('*', cache.middleware);
  app.get('*', (c) => {
    renders++;
    return c.json({ renders });
  });
  return {
    get: async () => (await app.request('http://localhost/api/datasets/x')).json() as Promise<{ renders: number }>,
    set: (v: AnswerVersions) => (versions = v),
    change: () => changed(),
    reads: () => reads,
    renders: () => renders,
  };
}

describe('a response cache whose database tells of every change', () => {
  it('reads the versions once per change, not per request', async () => {
    const t = watchedApp({ api: 'a', page: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5; i++) expect(await t.get()).toEqual({ renders: 1 });
    expect(t.reads()).toBe(1);
    // A write that does not move the version: read again, answer kept.
    t.change();
    expect(await t.get()).toEqual({ renders: 1 });
    expect(t.reads()).toBe(2);
    t.set({ api: 'b', page: 'b' });
    t.change();
    expect(await t.get()).toEqual({ renders: 2 });
    expect(await t.get()).toEqual({ renders: 2 });
    expect(t.reads()).toBe(3);
  });

  it('reads them again once their time has come (a post reaching its date changes pages without a write)', async () => {
    const t = watchedApp({ api: 'a', page: 'a', until: Date.now() + 30 });
    await new Promise((resolve) => setImmediate(resolve));
    await t.get();
    await t.get();
    expect(t.reads()).toBe(1);
    t.set({ api: 'b', page: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await t.get()).toEqual({ renders: 2 });
    expect(t.reads()).toBe(2);
  });
});

describe('the release event (decision 195)', () => {
  function boundedApp(maxEntries: number) {
    let versions: AnswerVersions = { api: 'a', page: 'a' };
    const cache = responseCache({
      kindOf,
      versions: async () => versions,
      // The registry calls invalidate on the notice instead.
      watch: async () => ({ maxAgeMs: Infinity }),
      maxEntries,
    });
    const app = new Hono();
    app.use('*', cache.middleware);
    app.get('*', (c) => c.json({ path: c.req.path }));
    return {
      cache,
      get: (path: string) => app.request(`http://localhost/api/datasets/${path}`),
      set: (v: AnswerVersions) => (versions = v),
    };
  }

  it('drops the answers of other versions at the first read after it, and keeps its entries within the bound', async () => {
    const t = boundedApp(3);
    await new Promise((resolve) => setImmediate(resolve));
    for (const path of ['a', 'b', 'c', 'd', 'e']) expect((await t.get(path)).status).toBe(200);
    expect(t.cache.stats().entries).toBe(3);
    expect(t.cache.bounds.maxEntries).toBe(3);

    // A notice that moved nothing keeps every answer; one that moved the version drops them all, at once.
    t.cache.invalidate();
    await t.get('e');
    expect(t.cache.stats().entries).toBe(3);
    t.set({ api: 'b', page: 'b' });
    t.cache.invalidate();
    await (await t.get('e')).text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.cache.stats().entries).toBe(1);
  });
});

describe("node:http's listener", () => {
  it('writes the hot answers made in one turn together, at its end (decision 174)', async () => {
    const cache = responseCache({
      kindOf,
      versions: async () => ({ api: 'a', page: 'a' }),
      watch: async () => ({ maxAgeMs: Infinity }),
      hot: {
        newNonce: () => 'n',
        securityHeaders: () => [],
        countAddress: async () => null,
        markCounted: () => {},
        pageHeaders: () => {},
      },
    });
    const app = new Hono();
    app.use('*', cache.middleware);
    app.get('*', (c) => c.json({ kept: true }));
    await new Promise((resolve) => setImmediate(resolve));
    await (await app.request('http://localhost/api/datasets/x')).text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.stats().entries).toBe(1);

    const written: { status: number; body: string }[] = [];
    const listener = cache.node(() => {
      throw new Error('a kept answer goes no further');
    });
    const destroyed: number[] = [];
    for (let i = 0; i < 6; i++) {
      const incoming = { url: '/api/datasets/x', method: 'GET', headers: {}, socket: { remoteAddress: '127.0.0.1' } };
      let status = 0;
      const outgoing = {
        writeHead: (s: number) => {
          // One answer's socket fails as it is written: the others of the turn are still written.
          if (i === 2) throw new Error('socket gone');
          status = s;
        },
        end: (body: Buffer) => written.push({ status, body: body.toString() }),
        destroy: () => destroyed.push(i),
      };
      listener(incoming as never, outgoing as never);
    }
    // Every answer is ready once the turn's promises have settled, and none has been written yet…
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(cache.stats().socketHits).toBe(6);
    expect(written).toEqual([]);
    // …then all are written at the end of the turn, in one batch, but the one whose socket failed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual(Array.from({ length: 5 }, () => ({ status: 200, body: '{"kept":true}' })));
    expect(destroyed).toEqual([2]);
    expect(cache.stats().socketBatches).toBe(1);
  });
});

describe('a full cache (decision 180)', () => {
  /** A cache of at most 10 answers in front of a handler that renders each address slowly and counts its renders. */
  function fullApp() {
    const renders = new Map<string, number>();
    const cache = responseCache({
      kindOf,
      versions: async () => ({ api: 'a', page: 'a' }),
      watch: async () => ({ maxAgeMs: Infinity }),
      maxEntries: 10,
    });
    const app = new Hono();
    app.use('*', cache.middleware);
    app.get('*', async (c) => {
      renders.set(c.req.path, (renders.get(c.req.path) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return c.req.path.startsWith('/api/') ? c.json({ path: c.req.path }) : c.html(`<p>${c.req.path}</p>`);
    });
    const get = async (path: string) => {
      const res = await app.request(`http://localhost${path}`);
      return { etag: res.headers.get('etag'), type: res.headers.get('content-type'), body: await res.text() };
    };
    return { cache, get, renders: (path: string) => renders.get(path) ?? 0 };
  }

  it('keeps a new API answer only once its address is asked again, and answers the same either way', async () => {
    const t = fullApp();
    await new Promise((resolve) => setImmediate(resolve));
    // While there is room, every answer is kept on its first ask.
    for (let i = 0; i < 9; i++) await t.get(`/api/datasets/kept${i}`);
    await t.get('/api/datasets/kept0');
    expect(t.renders('/api/datasets/kept0')).toBe(1);
    expect(t.cache.stats()).toMatchObject({ entries: 9, declined: 0 });

    // Full (9 of 10): a one-off address is answered and not kept, and pushes nothing out.
    const once = await t.get('/api/datasets/new');
    expect(t.cache.stats()).toMatchObject({ entries: 9, declined: 1 });
    const twice = await t.get('/api/datasets/new');
    expect(t.renders('/api/datasets/new')).toBe(2);
    expect(twice).toEqual(once);
    expect(once.etag).toMatch(/^W\/"/);
    expect(t.cache.stats()).toMatchObject({ entries: 10, declined: 1 });
    expect(await t.get('/api/datasets/new')).toEqual(once);
    expect(t.renders('/api/datasets/new')).toBe(2);
  });

  it('keeps an answer a burst of the same request waits for, and every page', async () => {
    const t = fullApp();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 9; i++) await t.get(`/api/datasets/kept${i}`);
    const burst = await Promise.all(Array.from({ length: 5 }, () => t.get('/api/datasets/burst')));
    expect(t.renders('/api/datasets/burst')).toBe(1);
    expect(new Set(burst.map((b) => b.body)).size).toBe(1);
    await t.get('/api/datasets/burst');
    expect(t.renders('/api/datasets/burst')).toBe(1);

    await t.get('/about');
    await t.get('/about');
    expect(t.renders('/about')).toBe(1);
    expect(t.cache.stats().declined).toBe(0);
  });

  it('remembers as many asked-once addresses as it keeps answers, the oldest forgotten first', async () => {
    const t = fullApp();
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 9; i++) await t.get(`/api/datasets/kept${i}`);
    for (let i = 0; i < 11; i++) await t.get(`/api/datasets/once${i}`);
    expect(t.cache.stats().declined).toBe(11);
    // once0 was forgotten (11 remembered at most 10): asked again, it is declined again; once10 is kept.
    await t.get('/api/datasets/once0');
    expect(t.cache.stats().declined).toBe(12);
    await t.get('/api/datasets/once10');
    await t.get('/api/datasets/once10');
    expect(t.renders('/api/datasets/once10')).toBe(2);
  });
});
