// The assistant's places follow imports: regions a later import adds are found at once, without a restart
// (the gazetteer is memoised under the catalogue version, decision 192).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlaces } from '../../core/assistant/places';
import type { Database } from '../../db/client';
import { gazetteerFor } from '../../server/assistant/data';
import { importFile } from '../../server/import/runner';
import { freshDatabase, mirror } from '../setup/database';
import { trimTsv } from '../setup/eurostat-peer';

let database: Database;

beforeAll(async () => {
  database = await freshDatabase('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
});
afterAll(() => database.close());

describe('the assistant gazetteer', () => {
  it('finds the regions of a later import without a restart', async () => {
    const before = await gazetteerFor(database.db);
    expect(before.byCode.has('DE21')).toBe(false);
    expect(findPlaces('GDP per person in Oberbayern', before)).toEqual([]);
    // Asked again at the same catalogue version: the same gazetteer, not a new read.
    expect(await gazetteerFor(database.db)).toBe(before);

    const file = 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz';
    const bytes = trimTsv(gunzipSync(await readFile(path.join(mirror, file))), ['DE', 'DE2', 'DE21']);
    await importFile(database.db, { fileName: 'nama_10r_3gdp.tsv', bytes, dataMirror: mirror });

    const after = await gazetteerFor(database.db);
    expect(after.byCode.get('DE21')).toEqual({ code: 'DE21', name: 'Oberbayern', kind: 'region', level: 2 });
    expect(findPlaces('GDP per person in Oberbayern', after).map((f) => f.place.code)).toEqual(['DE21']);
  });
});
