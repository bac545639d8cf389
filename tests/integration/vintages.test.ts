// Revisions and vintages (issue 13, decision 125) on a real database: une_rt_m's June 2025 release, then a newer
// vintage in which DE 2/2024 goes from 3.3 to 3.2 and DE 6/2024 is gone. Every value as published stays queryable.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import { lastRelease, observationsAsOf } from '../../db/queries/revisions';
import { queryRows } from '../../db/sql';
import { createApp } from '../../server/app';
import { cardFor } from '../../server/charts/og-content';
import { importFile, type ImportSummary } from '../../server/import/runner';
import { databaseWithGeos, mirror } from '../setup/database';
import { renderDocument } from './page-document';

const tsv = 'eurostat/une_rt_m/une_rt_m.tsv';
const json = 'eurostat/jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json';
const main = 'dim1=SA&dim2=TOTAL&dim3=PC_ACT&dim4=T';

let database: Database;
let app: ReturnType<typeof createApp>;
let first: ImportSummary;
let second: ImportSummary;
/** When the first import had finished and the second had not begun. */
let between: string;
let beforeFirst: string;

async function finishedAt(runId: number): Promise<Date> {
  const [row] = await queryRows<{ t: string }>(
    database.db,
    sql`SELECT to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t
      FROM import_runs WHERE id = ${runId}`,
  );
  return new Date(row!.t);
}

async function getJson(url: string) {
  const res = await app.request(url);
  return { res, body: (await res.json()) as any };
}

beforeAll(async () => {
  database = await databaseWithGeos();
  const started = new Date();
  beforeFirst = new Date(started.getTime() - 60_000).toISOString();
  first = await importFile(database.db, {
    fileName: 'une_rt_m.tsv',
    bytes: await readFile(path.join(mirror, tsv)),
    released: new Date('2025-06-06T21:00:00Z'),
  });
  const firstDone = await finishedAt(first.runId);
  between = new Date(firstDone.getTime() + 1).toISOString();
  // Eurostat's September 2026 vintage of Germany's rate, without 6/2024 (a value the source withdrew).
  const newer = JSON.parse(await readFile(path.join(mirror, json), 'utf8')) as { value: Record<string, number> };
  delete newer.value['5'];
  second = await importFile(database.db, {
    fileName: path.basename(json),
    bytes: Buffer.from(JSON.stringify(newer)),
  });
  app = createApp({ db: database.db });
});
afterAll(() => database.close());

describe('recording a newer vintage', () => {
  it('records no revision rows for a first import, and added, changed and removed values after', async () => {
    expect(first).toMatchObject({ code: 'une_rt_m', changed: 0, removed: 0, added: 491_226 });
    // 2024-01 … 2025-04 overlap (16 months, 6/2024 withdrawn); 5/2025 … 7/2026 are new (15 months).
    expect(second).toMatchObject({ code: 'une_rt_m', added: 15, removed: 1 });
    const kinds = await queryRows<{ run: number; kind: string; n: number }>(
      database.db,
      sql`SELECT import_run_id AS run, kind, count(*)::integer AS n FROM revisions GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(kinds).toEqual([
      { run: second.runId, kind: 'added', n: 15 },
      { run: second.runId, kind: 'changed', n: second.changed },
      { run: second.runId, kind: 'removed', n: 1 },
    ]);
  });

  it('keeps the old value, its flags and decimals of a removed value', async () => {
    const [removed] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT geo, period, old_value, old_decimals, old_flags, new_value FROM revisions WHERE kind = 'removed'`,
    );
    expect(removed).toEqual({
      geo: 'DE',
      period: 2024 * 12 + 5,
      old_value: 3.4,
      old_decimals: 1,
      old_flags: null,
      new_value: null,
    });
  });

  it('reads the values as of a time from observations and revisions', async () => {
    const valueAt = async (asOf: string, period: number) => {
      const rows = await queryRows<{ value: number | null }>(
        database.db,
        sql`SELECT o.value FROM series s JOIN ${observationsAsOf(first.datasetId, new Date(asOf))} o
          ON o.series_id = s.id WHERE s.dataset_id = ${first.datasetId}
          AND s.dims = '{SA,TOTAL,PC_ACT,T}'::text[] AND o.geo = 'DE' AND o.period = ${period}`,
      );
      return rows.map((r) => r.value);
    };
    expect(await valueAt(between, 2024 * 12 + 1)).toEqual([3.3]);
    expect(await valueAt(new Date().toISOString(), 2024 * 12 + 1)).toEqual([3.2]);
    expect(await valueAt(between, 2024 * 12 + 5)).toEqual([3.4]);
    expect(await valueAt(new Date().toISOString(), 2024 * 12 + 5)).toEqual([]);
    expect(await valueAt(between, 2026 * 12)).toEqual([]);
    expect(await valueAt(new Date().toISOString(), 2026 * 12)).toEqual([3.9]);
  });
});

describe('the last release', () => {
  it('has the source date, the periods no value had before and the largest revisions of the main series', async () => {
    const meta = await getDatasetMeta(database.db, (await findDataset(database.db, 'une_rt_m'))!);
    const release = await lastRelease(database.db, meta);
    expect(release).toMatchObject({
      importRunId: second.runId,
      releaseDate: '2026-09-22T09:00:00.000Z',
      sourceDated: true,
      sameDayAsEarlier: false,
      first: false,
      added: 15,
      removed: 1,
      // 5/2025 is not new: Ireland had it in June 2025.
      newPeriods: [{ from: '6/2025', to: '7/2026', count: 14 }],
    });
    expect(release!.largest).toContainEqual({
      geo: 'DE',
      geoName: 'Germany',
      period: '2/2024',
      oldValue: 3.3,
      oldFlags: null,
      newValue: 3.2,
      newFlags: null,
    });
  });

  it('knows when an earlier release fell on the same day, so that the two headings differ', async () => {
    const meta = await getDatasetMeta(database.db, (await findDataset(database.db, 'une_rt_m'))!);
    const rolledBack = new Error('rolled back');
    // An 07:00 release of the same day, finished before the 09:00 one; undone after the read.
    const release = await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO import_runs (dataset_id, source, format, status, release_date, started_at, finished_at, added)
            SELECT ${first.datasetId}, 'earlier', 'jsonstat', 'succeeded', '2026-09-22T07:00:00Z', finished_at, finished_at, 1
            FROM import_runs WHERE id = ${first.runId}`,
        );
        const read = await lastRelease(tx, meta);
        throw Object.assign(rolledBack, { read });
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
        return (error as Error & { read: Awaited<ReturnType<typeof lastRelease>> }).read;
      });
    expect(release).toMatchObject({ importRunId: second.runId, sameDayAsEarlier: true });
    expect((await lastRelease(database.db, meta))?.sameDayAsEarlier).toBe(false);
  });
});

describe('GET /api/datasets/{id}/revisions', () => {
  it('lists the revision of DE 2/2024 with old and new value, when and the import run', async () => {
    const { res, body } = await getJson(
      '/api/datasets/une_rt_m/revisions?country=DE&period_from=2/2024&period_to=2/2024',
    );
    expect(res.status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      series_key: { dim1_value: 'SA', dim2_value: 'TOTAL', dim3_value: 'PC_ACT', dim4_value: 'T' },
      geo: 'DE',
      geo_name: 'Germany',
      period: '2/2024',
      kind: 'changed',
      old_value: 3.3,
      old_flags: null,
      new_value: 3.2,
      new_flags: null,
      release_date: '2026-09-22T09:00:00.000Z',
      import_run_id: second.runId,
    });
    expect(new Date(body.items[0].revised_at).getTime()).toBe((await finishedAt(second.runId)).getTime());
  });

  it('lists changed and removed values by default, additions when asked, and filters by time', async () => {
    const all = await getJson('/api/datasets/une_rt_m/revisions?limit=1000');
    expect(all.body.total).toBe(second.changed + 1);
    expect(all.body.items.find((r: any) => r.kind === 'removed')).toMatchObject({
      period: '6/2024',
      old_value: 3.4,
      new_value: null,
    });
    const added = await getJson('/api/datasets/une_rt_m/revisions?kind=added');
    expect(added.body.items.map((r: any) => r.period)).toContain('7/2026');
    expect(added.body.total).toBe(15);
    const later = await getJson(`/api/datasets/une_rt_m/revisions?since=${new Date().toISOString()}`);
    expect(later.body).toEqual({ items: [], total: 0 });
    const since = await getJson(`/api/datasets/une_rt_m/revisions?since=${between}`);
    expect(since.body.total).toBe(second.changed + 1);
    const fr = await getJson('/api/datasets/une_rt_m/revisions?country=FR');
    expect(fr.body.total).toBe(0);
    // Series through the one parser: a dimension left out is every value of it.
    const sa = await getJson('/api/datasets/une_rt_m/revisions?dim1=SA&dim3=PC_ACT');
    expect(sa.body.total).toBe(second.changed + 1);
    const thousands = await getJson('/api/datasets/une_rt_m/revisions?dim3=THS_PER');
    expect(thousands.body.total).toBe(0);
  });

  it('refuses bad parameters with 400 and an unknown dataset with 404', async () => {
    for (const query of ['since=yesterday', 'kind=edited', 'period_from=2024', 'limit=0', 'limit=5000', 'dim9=X']) {
      const { res, body } = await getJson(`/api/datasets/une_rt_m/revisions?${query}`);
      expect(res.status, query).toBe(400);
      expect(body.error.code).toBe('bad_parameter');
    }
    const missing = await getJson('/api/datasets/nope/revisions');
    expect(missing.res.status).toBe(404);
  });
});

describe('as_of on the data paths', () => {
  const de = `country=DE&period_from=1/2024&period_to=7/2024&${main}`;

  it('returns the values as they stood before the newer vintage in JSON, CSV and JSON-stat', async () => {
    const then = await getJson(`/api/datasets/une_rt_m?${de}&as_of=${between}`);
    expect(then.res.status).toBe(200);
    expect(then.body.data[0].rows.map((r: any) => [r.period, r.values.Germany])).toEqual([
      ['1/2024', 3.2],
      ['2/2024', 3.3],
      ['3/2024', 3.3],
      ['4/2024', 3.4],
      ['5/2024', 3.4],
      ['6/2024', 3.4],
      ['7/2024', 3.5],
    ]);
    const now = await getJson(`/api/datasets/une_rt_m?${de}`);
    expect(now.body.data[0].rows.map((r: any) => [r.period, r.values.Germany])).toEqual([
      ['1/2024', 3.2],
      ['2/2024', 3.2],
      ['3/2024', 3.3],
      ['4/2024', 3.4],
      ['5/2024', 3.4],
      ['7/2024', 3.4],
    ]);
    const csv = await app.request(`/api/datasets/une_rt_m/data?${de}&format=csv&as_of=${between}`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('une_rt_m,SA,TOTAL,PC_ACT,T,DE,Germany,2/2024,2024-02,3.3,\r\n');
    expect(text).toContain('une_rt_m,SA,TOTAL,PC_ACT,T,DE,Germany,6/2024,2024-06,3.4,\r\n');
    const stat = await getJson(`/api/datasets/une_rt_m/data?${de}&format=jsonstat&as_of=${between}`);
    expect(stat.res.status).toBe(200);
    const time = stat.body.dimension.time.category.index as string[];
    expect(stat.body.value[time.indexOf('2024-02')]).toBe(3.3);
    expect(stat.body.value[time.indexOf('2024-06')]).toBe(3.4);
    // The release that stood then.
    expect(stat.body.updated).toBe('2025-06-06T21:00:00.000Z');
    expect(then.body.dataset.last_update).toBe('2025-06-06T21:00:00.000Z');
  });

  it('reaches the chart exports through the one parser and loader', async () => {
    const view = 'datasetId=une_rt_m&country[]=DE&time_start=2/2024&time_end=6/2024&format=csv';
    const then = await app.request(`/api/charts/download?${view}&as_of=${between}`);
    expect(then.status).toBe(200);
    const text = await then.text();
    expect(text).toContain('DE,Germany,2/2024,2024-02,3.3,');
    expect(text).toContain('DE,Germany,6/2024,2024-06,3.4,');
    const now = await (await app.request(`/api/charts/download?${view}`)).text();
    expect(now).toContain('DE,Germany,2/2024,2024-02,3.2,');
    expect(now).not.toContain('6/2024');
  });

  it('serves the SDMX data path as of a time too, with the same refusals', async () => {
    const key = 'M.SA.TOTAL.PC_ACT.T.DE';
    const period = 'startPeriod=2024-02&endPeriod=2024-06';
    const then = await app.request(`/api/sdmx/2.1/data/une_rt_m/${key}?${period}&as_of=${between}&format=csv`);
    expect(then.status).toBe(200);
    const text = await then.text();
    expect(text).toContain(',DE,2024-02,3.3,');
    expect(text).toContain(',DE,2024-06,3.4,');
    const now = await (await app.request(`/api/sdmx/2.1/data/une_rt_m/${key}?${period}&format=csv`)).text();
    expect(now).toContain(',DE,2024-02,3.2,');
    expect(now).not.toContain('2024-06');
    const early = await app.request(`/api/sdmx/2.1/data/une_rt_m/${key}?as_of=${beforeFirst}&format=csv`);
    expect(early.status).toBe(404);
    expect(((await early.json()) as any).error.code).toBe('not_yet_imported');
    const bad = await app.request(`/api/sdmx/2.1/data/une_rt_m/${key}?as_of=last-week&format=csv`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toContain('invalid as_of: "last-week"');
  });

  it('leaves out values that did not exist yet, and answers today as of now', async () => {
    const then = await getJson(`/api/datasets/une_rt_m?country=DE&period_from=1/2026&${main}&as_of=${between}`);
    expect(then.body.data[0]?.rows ?? []).toEqual([]);
    const now = await getJson(`/api/datasets/une_rt_m?country=DE&period_from=1/2026&period_to=1/2026&${main}`);
    expect(now.body.data[0].rows).toEqual([{ period: '1/2026', values: { Germany: 3.9 } }]);
    const asOfNow = await getJson(
      `/api/datasets/une_rt_m?country=DE&period_from=1/2026&period_to=1/2026&${main}&as_of=${new Date().toISOString()}`,
    );
    expect(asOfNow.body.data).toEqual(now.body.data);
  });

  it('answers 404 before the first import and 400 for a time that is none', async () => {
    const early = await getJson(`/api/datasets/une_rt_m?as_of=${beforeFirst}`);
    expect(early.res.status).toBe(404);
    expect(early.body.error.code).toBe('not_yet_imported');
    expect(early.body.error.message).toContain('une_rt_m had no values yet');
    const bad = await getJson('/api/datasets/une_rt_m/data?as_of=last-week');
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.message).toContain('as_of');
  });
});

describe('the OpenAPI document', () => {
  it('describes the revisions path and as_of on the data paths', async () => {
    const { body } = await getJson('/api/openapi.json');
    const revisions = body.paths['/api/datasets/{id}/revisions'].get;
    expect(revisions.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['id', 'since', 'country', 'period_from', 'period_to', 'kind', 'limit', 'offset']),
    );
    for (const path of ['/api/datasets/{id}', '/api/datasets/{id}/data']) {
      expect(body.paths[path].get.parameters.map((p: any) => p.name)).toContain('as_of');
    }
  });
});

describe('the dataset page', () => {
  it("names the last release by the source's date, its new periods and the DE 2/2024 revision", async () => {
    const page = await renderDocument(database.db, '/datasets/une_rt_m');
    expect(page.status).toBe(200);
    const section = /<section[^>]*aria-labelledby="release-heading"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
    const text = section.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('What changed in the 22 September 2026 release');
    // 5/2025 is not new: Ireland had it in June 2025.
    expect(text).toContain('New periods 6/2025 – 7/2026 (14)');
    expect(text).toMatch(/Germany 2\/2024 3\.3 → 3\.2/);
  });
});

describe('a page of an earlier vintage (as_of on the page address)', () => {
  const view = 'chart_type=table&dimension[]=dim1:SA&dimension[]=dim2:TOTAL&dimension[]=dim3:PC_ACT&dimension[]=dim4:T';
  const range = 'country[]=DE&time_start=1/2024&time_end=3/2024';
  /** The table's values in order: Germany's 1/2024, 2/2024 and 3/2024. */
  const cells = (html: string) => [...html.matchAll(/<td[^>]*data-value="([^"]+)"/g)].map((m) => Number(m[1]));

  it('shows the values as they stood, says so, and links back to the latest', async () => {
    const page = await renderDocument(database.db, `/datasets/une_rt_m?${view}&${range}&as_of=${between}`);
    expect(page.status).toBe(200);
    const note = /<p[^>]*data-as-of="[^"]+"[^>]*>([\s\S]*?)<\/p>/.exec(page.html)?.[1] ?? '';
    const text = note.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
    expect(text).toMatch(/^Values as they stood on \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} UTC: values revised or/);
    expect(text).toContain('Show the latest values');
    expect(note).not.toContain('as_of');
    // DE 2/2024 as first published; the newer vintage says 3.2.
    const then = cells(page.html);
    const latest = await renderDocument(database.db, `/datasets/une_rt_m?${view}&${range}`);
    const now = cells(latest.html);
    expect(then).toHaveLength(3);
    expect(then[1]).toBe(3.3);
    expect(now[1]).toBe(3.2);
    expect(latest.html).not.toContain('data-as-of');
  });

  it('keeps the vintage in the embed and in its links to other views', async () => {
    const page = await renderDocument(database.db, `/datasets/une_rt_m?embed=true&${view}&${range}&as_of=${between}`);
    expect(page.status).toBe(200);
    expect(cells(page.html)[1]).toBe(3.3);
    const links = [...page.html.matchAll(/href="([^"]*embed=true[^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(decodeURIComponent(href.replace(/&amp;/g, '&'))).toContain(`as_of=${between}`);
  });

  it('says when the dataset had no values yet instead of drawing the latest', async () => {
    const page = await renderDocument(database.db, `/datasets/une_rt_m?${view}&${range}&as_of=${beforeFirst}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('une_rt_m had no values yet at');
    expect(cells(page.html)).toEqual([]);
  });
});

describe('sharing an earlier vintage (og:url and the card)', () => {
  const view = 'chart_type=line&country[]=DE&time_start=1/2024&time_end=3/2024';
  const tag = (html: string, property: string) =>
    new RegExp(`<meta property="og:${property}" content="([^"]*)"/>`).exec(html)?.[1]?.replace(/&amp;/g, '&');

  it('shares the view and the vintage the visitor sees, while the canonical address stays the dataset page', async () => {
    const page = await renderDocument(database.db, `/datasets/une_rt_m?${view}&as_of=${between}&utm_source=feed`);
    const shared = `/datasets/une_rt_m?${view}&as_of=${between}`;
    expect(page.html).toMatch(/<link rel="canonical" href="[^"]*\/datasets\/une_rt_m"\/>/);
    expect(tag(page.html, 'url')).toMatch(new RegExp(`${shared.replace(/[?[\]]/g, '\\$&')}$`));
    const image = tag(page.html, 'image')!;
    expect(decodeURIComponent(new URL(image).searchParams.get('path')!)).toBe(shared);
    // The plain page shares itself: no view, no query.
    const plain = await renderDocument(database.db, '/datasets/une_rt_m');
    expect(tag(plain.html, 'url')).toMatch(/\/datasets\/une_rt_m$/);
    expect(tag(plain.html, 'image')).toMatch(/\?path=%2Fdatasets%2Fune_rt_m$/);
  });

  it('draws the card of a vintage as it stood, and says when the dataset had no values yet', async () => {
    const then = await cardFor(database.db, `/datasets/une_rt_m?${view}&as_of=${between}`);
    expect(then.eyebrow).toMatch(/^Dataset · une_rt_m · as of \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(then.chart).toMatch(/^data:image\/png;base64,/);
    const now = await cardFor(database.db, `/datasets/une_rt_m?${view}`);
    expect(now.eyebrow).toBe('Dataset · une_rt_m');
    // 3.3 then, 3.2 now: the two charts differ.
    expect(then.chart).not.toBe(now.chart);
    const early = await cardFor(database.db, `/datasets/une_rt_m?${view}&as_of=${beforeFirst}`);
    expect(early.chart).toBeUndefined();
    expect(early.description).toContain('une_rt_m had no values yet at');
    const res = await app.request(
      `/api/og-image?path=${encodeURIComponent(`/datasets/une_rt_m?as_of=${beforeFirst}`)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
