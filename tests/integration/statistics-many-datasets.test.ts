// A place with more datasets than its page charts (issue 42: thousands of datasets may have data for a country): the
// page charts the first PLACE_CHARTS by name and lists every one, PLACE_LIST_PAGE at a time, with links between the
// pages; a page past the last, or not a page number, is a 404. (Category pages build their list the same way.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { PLACE_CHARTS, PLACE_LIST_PAGE } from '../../app/components/statistics/place-data';
import { importFile } from '../../server/import/runner';
import { databaseWithGeos } from '../setup/database';
import { meta as placeMeta } from '../../app/routes/public/statistics/place';
import { loadPage, ORIGIN, renderPage } from './statistics-harness';

let database: Database;
const count = PLACE_LIST_PAGE + 7;
const code = (i: number) => `tst_many_${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  database = await databaseWithGeos();
  // Small annual files, each with Germany and France: every one has data for both.
  for (let i = 0; i < count; i++) {
    const tsv = [
      'freq,unit,geo\\TIME_PERIOD\t2021 \t2022 \t2023 ',
      `A,NR,DE\t${i + 1}.5 \t${i + 2}.5 \t${i + 3}.5 `,
      `A,NR,FR\t${i + 4}.0 \t${i + 5}.0 \t: `,
    ].join('\n');
    await importFile(database.db, { fileName: `${code(i)}.tsv`, bytes: Buffer.from(`${tsv}\n`), code: code(i) });
  }
});
afterAll(() => database.close());

/** The root route's data as a page's meta function reads it: the site's address. */
const root = [{ id: 'root', loaderData: { theme: 'system', siteUrl: ORIGIN } }];

/** A place page's title and canonical address, from its meta function on its loader's data. */
async function head(path: string): Promise<{ title?: string; canonical?: string }> {
  const { data } = await loadPage(database.db, path);
  const tags = placeMeta({ data, matches: root } as never) as Record<string, string>[];
  return { title: tags.find((t) => 'title' in t)?.title, canonical: tags.find((t) => t.rel === 'canonical')?.href };
}

const charted = (html: string) => [...html.matchAll(/data-dataset="([a-z0-9_]+)"/g)].map((m) => m[1]);
const listed = (html: string) =>
  [...html.matchAll(/href="\/datasets\/([a-z0-9_]+)\?country\[\]=DE"/g)].map((m) => m[1]);

describe('a place with more datasets than its page charts', () => {
  it('charts the first by name and lists the first page of all of them', async () => {
    const page = await renderPage(database.db, '/statistics/germany');
    expect(page.status).toBe(200);
    expect(charted(page.html)).toEqual(Array.from({ length: PLACE_CHARTS }, (_, i) => code(i)));
    expect(page.html).toContain(`All ${count} datasets with data for Germany`);
    expect(listed(page.html)).toEqual(Array.from({ length: PLACE_LIST_PAGE }, (_, i) => code(i)));
    expect(page.html).toContain('Page 1 of 2');
    expect(page.html).toMatch(/rel="next" href="\/statistics\/germany\?page=2"[^>]*>Next page</);
    expect(page.html).not.toContain('Previous page');
    expect(await head('/statistics/germany')).toEqual({
      title: 'Germany statistics: inflation, unemployment and GDP · Statistics publisher',
      canonical: `${ORIGIN}/statistics/germany`,
    });
  });

  it('lists the rest on the next page, without charts, with a link back', async () => {
    const page = await renderPage(database.db, '/statistics/germany?page=2');
    expect(page.status).toBe(200);
    expect(charted(page.html)).toEqual([]);
    expect(listed(page.html)).toEqual(
      Array.from({ length: count - PLACE_LIST_PAGE }, (_, i) => code(PLACE_LIST_PAGE + i)),
    );
    expect(page.html).toContain(`<ol start="${PLACE_LIST_PAGE + 1}"`);
    expect(page.html).toContain('Page 2 of 2');
    expect(page.html).toMatch(/rel="prev" href="\/statistics\/germany"[^>]*>Previous page</);
    expect(page.html).not.toContain('Next page');
    // Its own canonical address and title: a search engine keeps the datasets it lists.
    expect(await head('/statistics/germany?page=2')).toEqual({
      title: 'Germany statistics: inflation, unemployment and GDP (page 2) · Statistics publisher',
      canonical: `${ORIGIN}/statistics/germany?page=2`,
    });
  });

  it.each(['?page=3', '?page=0', '?page=two', '?page=-1'])('answers %s with 404', async (query) => {
    const page = await renderPage(database.db, `/statistics/germany${query}`);
    expect(page.status).toBe(404);
  });
});
