import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportError, type SourceFormat } from '../types';
import { detectFormat, parseFile } from './index';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../..', '../shared/data');

/** Every shared Eurostat file, its format and its number of observations (values plus flagged missing cells). */
const files: [string, SourceFormat, number][] = [
  ['prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv', 'eurostat-tsv', 59_822 + 24],
  ['prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv', 'sdmx-csv', 16_229],
  ['une_rt_m/une_rt_m.tsv', 'eurostat-tsv', 491_226],
  ['une_rt_m/estat_une_rt_m_filtered_en.csv', 'sdmx-csv', 10_924],
  ['tec00118/estat_tec00118.tsv', 'eurostat-tsv', 476],
  ['tps00203/estat_tps00203.tsv', 'eurostat-tsv', 1_281],
  ['tec00115/estat_tec00115_filtered_en.csv', 'sdmx-csv', 498],
  ['nama_10r_3gdp/nama_10r_3gdp.tsv.gz', 'eurostat-tsv-legacy', 253_544],
  ['nama_10r_3gdp/nama_10r_3gdp_linear.csv.gz', 'sdmx-csv', 253_544],
  ['jsonstat/nama_10_gdp_B1GQ_CP_MEUR_2010-2011_legacy-api.json', 'json-stat', 88],
  ['jsonstat/une_rt_m_DE_SA_2024-01_2026-08.json', 'json-stat', 31],
];

describe('detectFormat and parseFile', () => {
  it.each(files)('recognises and parses %s', (file, format, count) => {
    const bytes = readFileSync(path.join(mirror, 'eurostat', file));
    expect(detectFormat(file, bytes)).toBe(format);
    const parsed = parseFile(file, bytes);
    expect(parsed.format).toBe(format);
    expect(parsed.observations).toHaveLength(count);
  });

  it('covers every file in the mirror', () => {
    const listed = new Set(files.map(([file]) => file));
    const dirs = readdirSync(path.join(mirror, 'eurostat'));
    const present = dirs.flatMap((dir) =>
      readdirSync(path.join(mirror, 'eurostat', dir)).map((name) => `${dir}/${name}`),
    );
    expect(present.filter((file) => !listed.has(file))).toEqual([]);
  });

  it('rejects content it does not know, whatever the name says', () => {
    const bytes = Buffer.from('geo;2021\nDE;1\n');
    expect(detectFormat('data.tsv', bytes)).toBeNull();
    expect(() => parseFile('data.tsv', bytes)).toThrow(ImportError);
    expect(() => parseFile('data.tsv', bytes)).toThrow(/^data\.tsv: unknown format: expected a Eurostat TSV/);
  });
});
