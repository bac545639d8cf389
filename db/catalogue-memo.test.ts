import { describe, expect, it } from 'vitest';
import type { ReadDb } from './client';
import { catalogueVersion, memoAt } from './catalogue-memo';

/** Memo entries belong to a database handle; a plain object stands in for one. */
const handle = () => ({}) as ReadDb;

describe('memoAt', () => {
  it('computes once per version, also for concurrent callers, and again when the version moves', async () => {
    const db = handle();
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([memoAt(db, 'v1', 'k', compute), memoAt(db, 'v1', 'k', compute)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await memoAt(db, 'v1', 'k', compute)).toBe(1);
    expect(await memoAt(db, 'v2', 'k', compute)).toBe(2);
  });

  it('keeps the values of two databases apart', async () => {
    const [one, two] = [handle(), handle()];
    expect(await memoAt(one, 'v', 'k', async () => 'one')).toBe('one');
    expect(await memoAt(two, 'v', 'k', async () => 'two')).toBe('two');
  });

  it('forgets a failed computation so the next caller tries again', async () => {
    const db = handle();
    await expect(memoAt(db, 'v', 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await memoAt(db, 'v', 'k', async () => 'ok')).toBe('ok');
  });

  it('keeps at most `limit` values of a group, dropping the least recently used', async () => {
    const db = handle();
    let runs = 0;
    const get = (key: string) => memoAt(db, 'v', `card:${key}`, async () => `${key}${++runs}`, { limit: 2 });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // evicts b
    expect(await get('a')).toBe('a1');
    expect(await get('b')).toBe('b4');
  });
});

describe('catalogueVersion', () => {
  it('moves when a dataset is re-imported, added or removed', () => {
    const at = (ms: number) => new Date(ms);
    const base = catalogueVersion([
      { id: 1, updatedAt: at(1) },
      { id: 2, updatedAt: at(2) },
    ]);
    expect(catalogueVersion([{ id: 1, updatedAt: at(1) }])).not.toBe(base);
    expect(
      catalogueVersion([
        { id: 1, updatedAt: at(1) },
        { id: 2, updatedAt: at(3) },
      ]),
    ).not.toBe(base);
  });
});
