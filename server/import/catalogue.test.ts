import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, catalogueEntry, mirrorFiles } from './catalogue';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../../shared/data');

describe('the catalogue', () => {
  it("dates the mirror's TSV files by the Eurostat release the data README documents", () => {
    expect(mirrorFiles(catalogueEntry('prc_hicp_manr')!)).toEqual([
      {
        file: 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
        released: new Date('2025-06-03T11:00:00Z'),
      },
    ]);
    expect(mirrorFiles(catalogueEntry('nama_10r_3gdp')!)[0]!.released).toEqual(new Date('2023-02-21T23:00:00Z'));
    // Files that state their own release (SDMX-CSV, JSON-stat) carry none here.
    expect(mirrorFiles(catalogueEntry('tec00115')!)[0]).toEqual({
      file: 'eurostat/tec00115/estat_tec00115_filtered_en.csv',
    });
  });

  it('names only files that are in the mirror', () => {
    const files = catalogue.datasets.flatMap((d) => mirrorFiles(d).map((f) => f.file));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(existsSync(path.join(mirror, file)), file).toBe(true);
  });
});
