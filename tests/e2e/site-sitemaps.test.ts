// The sitemaps list only addresses that answer 200: this test follows a sample of each sitemap and kind of page
// (every one of them under `npm run test:exhaustive`).
import { expect, inject, it } from 'vitest';
import { exhaustive, stratifiedSample } from '../setup/sample';

const baseUrl = inject('baseUrl');

async function locs(url: string): Promise<string[]> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** The status of a GET; a kept-alive connection the server closed meanwhile (ECONNRESET) is retried once. */
async function statusOf(url: string, retry = true): Promise<number> {
  try {
    const res = await fetch(url, { redirect: 'manual', headers: { Accept: 'text/html' } });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    if (!retry) throw err;
    return statusOf(url, false);
  }
}

/** A URL's kind: its sitemap and the shape of its path (depth, first segment), e.g. `statistics|statistics/4`. */
function kindOf(part: string, url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  return `${part}|${segments[0] ?? ''}/${segments.length}`;
}

it(
  `lists in its sitemaps only URLs that answer 200 (${exhaustive ? 'every URL' : 'a sample of each kind'})`,
  { timeout: 1_200_000 },
  async () => {
    const parts = await locs(`${baseUrl}/api/sitemap.xml`);
    expect(parts).toHaveLength(5);
    const listed = (
      await Promise.all(parts.map(async (part) => (await locs(part)).map((url) => ({ part, url }))))
    ).flat();
    expect(listed.length).toBeGreaterThan(2000);
    expect(new Set(listed.map((l) => l.url)).size).toBe(listed.length);
    const urls = stratifiedSample(listed, (l) => kindOf(l.part, l.url), 8).map((l) => l.url);
    if (!exhaustive) expect(urls.length).toBeLessThan(300);
    const failures: string[] = [];
    let next = 0;
    // A few requests at a time, as a polite crawler would.
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const status = await statusOf(url);
        if (status !== 200) failures.push(`${status} ${url}`);
      }
    };
    await Promise.all(Array.from({ length: 2 }, worker));
    expect(failures).toEqual([]);
  },
);
