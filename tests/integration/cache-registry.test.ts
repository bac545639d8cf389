// Issue 37, decision 195: every in-process cache is declared in one registry with its key, version source and bound;
// one release event (an import's answer_versions notice) makes every version-dependent cache serve the new data
// without a restart, and drops what went stale; no cache grows past its bound.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoAt } from '../../db/catalogue-memo';
import { BLOCKS_KEPT, keepValueBlocks, selectObservations } from '../../db/queries/observations';
import { openDataset } from '../../db/queries/view';
import { gazetteerFor } from '../../server/assistant/data';
import type { CacheDeclaration } from '../../server/caches';
import { importFile } from '../../server/import/runner';
import { issuePageToken, PAGE_TOKEN_STEP_SECONDS } from '../../server/keys/page-token';
import { watchAnswerVersions } from '../../server/http/response-cache/answer-versions';
import { importSample, mirror } from '../setup/database';
import { trimTsv } from '../setup/eurostat-peer';
import { until } from '../setup/until';
import { authSecret, startHarness, TestClient, type Harness } from './auth-harness';

const HICP = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
let h: Harness;
beforeAll(async () => {
  // Without the seeded places: the regions reach the gazetteer only with the import that brings them.
  h = await startHarness();
  await importSample(h.database, HICP);
});
afterAll(() => h.close());

function cache(name: string): CacheDeclaration {
  const found = h.app.caches.list().find((c) => c.name === name);
  if (!found) throw new Error(`no cache declared as ${name}`);
  return found;
}

/**
 * Imports a file and returns once the app has applied the release event it sends: on PGlite the notice arrives before
 * the import returns; on PostgreSQL a moment after (a listener added after the app's hears it after the app's).
 */
async function importAndRelease(fileName: string, bytes: Buffer): Promise<void> {
  let heard = 0;
  await watchAnswerVersions(h.database.db, () => heard++);
  await importFile(h.database.db, { fileName, bytes, dataMirror: mirror });
  await until(() => heard > 0, `the release event of ${fileName}`);
  await h.app.caches.idle();
}

describe('the cache registry', () => {
  it('names every in-process cache with its key, version source and bound', () => {
    const declared = Object.fromEntries(h.app.caches.list().map((c) => [c.name, c]));
    expect(Object.keys(declared).sort()).toEqual([
      'catalogue memo',
      'gazetteer',
      'label dictionaries',
      'outlines',
      'page-token signatures',
      'responses',
      'value blocks',
    ]);
    for (const c of Object.values(declared)) {
      expect(c.key.length).toBeGreaterThan(0);
      expect(c.version.what.length).toBeGreaterThan(0);
      expect(c.bounds[0]).toMatchObject({ unit: 'entries' });
      expect(c.bounds.every((b) => b.limit > 0)).toBe(true);
      // What can go stale is invalidated by the release event; what cannot has nothing to invalidate.
      expect(typeof c.invalidate === 'function').toBe(c.version.kind === 'release');
    }
    expect(declared.responses!.version).toMatchObject({
      kind: 'release',
      tables: ['datasets', 'posts', 'redirects', 'catalogue_entries'],
    });
    expect(declared.responses!.bounds).toContainEqual({
      limit: 64 * 1024 * 1024,
      unit: 'bytes',
      setting: 'RESPONSE_CACHE_MB',
    });
    expect(declared['value blocks']!.bounds).toEqual([
      { limit: BLOCKS_KEPT, unit: 'entries', setting: 'VALUE_BLOCKS' },
    ]);
    expect(declared['value blocks']!.version).toMatchObject({ kind: 'release', tables: ['datasets'] });
    expect(declared['catalogue memo']!.version).toMatchObject({
      kind: 'release',
      tables: ['datasets', 'posts', 'catalogue_entries'],
    });
    expect(declared.gazetteer!.bounds[0]!.limit).toBe(1);
    expect(declared.outlines!.version.kind).toBe('immutable-files');
    expect(declared['label dictionaries']!.version.kind).toBe('immutable-files');
    expect(declared['page-token signatures']!.version.kind).toBe('secret');
  });

  it('serves the new data after an import without a restart, and drops only what it made stale', async () => {
    const client = new TestClient(h);
    const data = '/api/datasets/prc_hicp_manr?country=DE,FR';
    const first = await client.request(data);
    expect(first.res.status).toBe(200);
    expect(JSON.stringify(first.body)).not.toContain('12345.5');
    expect((await gazetteerFor(h.database.db)).byCode.has('DE21')).toBe(false);
    expect(cache('responses').size()).toBeGreaterThan(0);
    expect(cache('gazetteer').size()).toBe(1);
    const blocks = cache('value blocks').size();
    expect(blocks).toBeGreaterThanOrEqual(2);

    // Another dataset's import moves the catalogue version, not HICP's: the gazetteer goes on the event, before it is
    // asked again; HICP's blocks (its own version) stay.
    const gdp = 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz';
    const regional = trimTsv(gunzipSync(await readFile(path.join(mirror, gdp))), ['DE', 'DE2', 'DE21']);
    await importAndRelease('nama_10r_3gdp.tsv', regional);
    expect(cache('gazetteer').size()).toBe(0);
    expect(cache('value blocks').size()).toBe(blocks);
    expect((await gazetteerFor(h.database.db)).byCode.get('DE21')?.name).toBe('Oberbayern');

    // A new release of HICP with a changed value: its blocks go on the event, and every answer has the new value.
    const text = (await readFile(path.join(mirror, HICP), 'utf8')).replace(
      /^M,RCH_A,CP00,DE\t[^\t]*\t/m,
      'M,RCH_A,CP00,DE\t12345.5 \t',
    );
    expect(text).toContain('12345.5');
    await importAndRelease('estat_prc_hicp_manr_filtered.tsv', Buffer.from(text));
    expect(cache('value blocks').size()).toBe(0);
    const after = await client.request(data);
    expect(after.res.status).toBe(200);
    expect(JSON.stringify(after.body)).toContain('12345.5');
    expect(after.res.headers.get('etag')).not.toBe(first.res.headers.get('etag'));
    const meta = (await openDataset(h.database.db, 'prc_hicp_manr'))!.meta;
    const rows = await selectObservations(h.database.db, meta, { dims: {}, countries: ['DE'] });
    expect(rows.some((r) => r.value === 12345.5)).toBe(true);
    // The answer made before the import is gone too: only answers of the current versions are kept.
    const again = await client.request(data);
    expect(again.res.headers.get('etag')).toBe(after.res.headers.get('etag'));
  });

  it('keeps every cache within its bound', async () => {
    const db = h.database.db;
    // The memo: one group past its limit; a release drops what no current version describes.
    for (let i = 0; i < 1010; i++) await memoAt(db, 'registry-test', `registry-test:${i}`, async () => i);
    const memo = cache('catalogue memo');
    expect(memo.size()).toBeGreaterThanOrEqual(1000);
    await h.app.caches.release('datasets');
    expect(memo.size()).toBeLessThan(1000);

    // Value blocks: VALUE_BLOCKS of them at most.
    keepValueBlocks(db, 3);
    try {
      const meta = (await openDataset(db, 'prc_hicp_manr'))!.meta;
      for (const geo of ['DE', 'FR', 'IT', 'ES', 'AT'])
        await selectObservations(db, meta, { dims: {}, countries: [geo] });
      expect(cache('value blocks').bounds[0]!.limit).toBe(3);
      expect(cache('value blocks').size()).toBe(3);
    } finally {
      keepValueBlocks(db, BLOCKS_KEPT);
    }

    // Page-token signatures: made-up expiries only empty the cache.
    const start = Date.now();
    for (let i = 0; i < 40; i++) issuePageToken(authSecret, new Date(start + i * PAGE_TOKEN_STEP_SECONDS * 1000));
    const signatures = cache('page-token signatures');
    expect(signatures.size()).toBeGreaterThan(0);
    expect(signatures.size()).toBeLessThanOrEqual(signatures.bounds[0]!.limit);

    // Outlines: every file the store can read, asked twice, is kept once.
    const client = new TestClient(h);
    for (let round = 0; round < 2; round++) {
      for (const p of ['/api/geo/world', '/api/geo/nuts/0', '/api/geo/nuts/1', '/api/geo/nuts/2', '/api/geo/nuts/3']) {
        await client.request(p);
      }
    }
    const outlines = cache('outlines');
    expect(outlines.size()).toBeGreaterThan(0);
    expect(outlines.size()).toBeLessThanOrEqual(outlines.bounds[0]!.limit);

    // Whole answers: within their entries and bytes.
    const responses = cache('responses');
    for (let i = 0; i < 5; i++)
      await client.request(`/api/datasets/prc_hicp_manr?country=DE&period_from=${2000 + i}-01`);
    expect(responses.size()).toBeGreaterThan(0);
    expect(responses.size()).toBeLessThanOrEqual(responses.bounds[0]!.limit);
    expect(h.app.responseCache.stats().bytes).toBeLessThanOrEqual(responses.bounds[1]!.limit);
  });
});
