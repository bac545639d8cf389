// The sitemaps list only addresses that answer 200: this test follows every one of them.
import { expect, inject, it } from 'vitest';

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

it('lists in its sitemaps only URLs that answer 200', { timeout: 1_200_000 }, async () => {
  const parts = await locs(`${baseUrl}/api/sitemap.xml`);
  expect(parts).toHaveLength(5);
  const urls = (await Promise.all(parts.map(locs))).flat();
  expect(urls.length).toBeGreaterThan(100);
  expect(new Set(urls).size).toBe(urls.length);
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
});
