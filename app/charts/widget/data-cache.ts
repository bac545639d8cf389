// The widget's client cache of dataset answers: one key (the API base and the path, as fetched) and a bound.

/** Most answers kept; the least recently used goes first. */
export const DATA_CACHE_LIMIT = 50;

/**
 * Answers by request, keyed the one way they are fetched (`base + path`), so that an embed on another site (whose
 * base is our origin) reads what it wrote. Bounded: a visitor who tries many selections keeps only the latest.
 */
export class DataCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly limit = DATA_CACHE_LIMIT) {}

  get(base: string, path: string): V | undefined {
    const key = base + path;
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Read again: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  has(base: string, path: string): boolean {
    return this.entries.has(base + path);
  }

  set(base: string, path: string, value: V): void {
    const key = base + path;
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
