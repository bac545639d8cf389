// The widget's answer cache: one key (base + path) and a bound, the least recently used going first (decision 192).
import { describe, expect, it } from 'vitest';
import { DATA_CACHE_LIMIT, DataCache } from './data-cache';

describe('DataCache', () => {
  it('finds an answer by the base and path it was kept under, and not by the path alone', () => {
    const cache = new DataCache<string>();
    cache.set('https://data.example', '/api/datasets/1?geo=DE', 'answer');
    expect(cache.get('https://data.example', '/api/datasets/1?geo=DE')).toBe('answer');
    expect(cache.get('', '/api/datasets/1?geo=DE')).toBeUndefined();
  });

  it(`keeps at most ${DATA_CACHE_LIMIT} answers, dropping the least recently used`, () => {
    const cache = new DataCache<number>();
    for (let i = 0; i < DATA_CACHE_LIMIT; i++) cache.set('', `/p${i}`, i);
    expect(cache.get('', '/p0')).toBe(0); // read: now the most recently used
    cache.set('', `/p${DATA_CACHE_LIMIT}`, DATA_CACHE_LIMIT);
    expect(cache.size).toBe(DATA_CACHE_LIMIT);
    expect(cache.has('', '/p1')).toBe(false);
    expect(cache.get('', '/p0')).toBe(0);
    expect(cache.get('', `/p${DATA_CACHE_LIMIT}`)).toBe(DATA_CACHE_LIMIT);
    for (let i = 0; i < 2 * DATA_CACHE_LIMIT; i++) cache.set('', `/q${i}`, i);
    expect(cache.size).toBe(DATA_CACHE_LIMIT);
  });
});
