import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { responseCache, type AnswerVersions } from './response-cache';

/** A cache in front of a handler that counts its renders, with versions the test sets and a watch it fires. */
function watchedApp(first: AnswerVersions) {
  let versions = first;
  let reads = 0;
  let renders = 0;
  let changed: () => void = () => {};
  const cache = responseCache({
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

describe("node:http's listener", () => {
  it('writes the hot answers made in one turn together, at its end (decision 174)', async () => {
    const cache = responseCache({
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
