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
      return true;
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
