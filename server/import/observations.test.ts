import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../../core/periods';
import { Observations, observationChunk, seriesKey } from './observations';
import { parseFiles } from './parsers';
import { parseEurostatTsv } from './parsers/eurostat-tsv';
import { openTextFile, TextFile } from './parsers/input-text';
import { ImportError, type Observation } from './types';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../..', '../shared/data');
const ordinal = (text: string) => parsePeriod(text)!.ordinal;

const tsv = [
  'freq,unit,geo\\TIME_PERIOD\t2024-01 \t2024-02 \t2024-03 ',
  'M,PC,DE\t3.1 \t3.0 p\t: ',
  'M,PC,FR\t2.9 \t: c\t2.8 e',
  'M,THS,DE\t1200 \t1210 \t1215 ',
  '',
].join('\n');

describe('Observations', () => {
  it('summarises what the store needs before it writes a row, in one walk of the file', () => {
    const { observations } = parseEurostatTsv('small.tsv', tsv);
    expect(observations.length).toBe(8);
    const { summary } = observations;
    expect(summary).toMatchObject({ count: 8, values: 7, flagged: 3 });
    expect([...summary.series.keys()]).toEqual([seriesKey('M', ['PC']), seriesKey('M', ['THS'])]);
    expect([...summary.geos]).toEqual(['DE', 'FR']);
    expect(summary.frequencies.get('M')).toEqual({ lo: ordinal('2024-01'), hi: ordinal('2024-03'), count: 8 });
    // Places with a value: FR's flagged-only February still counts, as FR has values in the other months.
    expect(summary.seriesGeos.get(seriesKey('M', ['PC']))).toEqual(new Set(['DE', 'FR']));
    expect(summary.seriesGeos.get(seriesKey('M', ['THS']))).toEqual(new Set(['DE']));
  });

  it('reads the same observations again on every walk, a chunk at a time', () => {
    const text = readFileSync(path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv'), 'utf8');
    const { observations } = parseEurostatTsv('une_rt_m.tsv', text);
    const sizes = [...observations.chunks()].map((chunk) => chunk.length);
    expect(Math.max(...sizes)).toBeLessThan(observationChunk + 1_000); // a chunk ends with the line that fills it
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(observations.length);
    const first = observations.toArray();
    const again = [...observations];
    expect(again).toHaveLength(491_226);
    expect(again).toEqual(first);
  });

  it('finds a bad cell while parsing, before any walk by the store', () => {
    const bad = tsv.replace('2.8 e', 'x.8 e');
    expect(() => parseEurostatTsv('bad.tsv', bad)).toThrow(ImportError);
    expect(() => parseEurostatTsv('bad.tsv', bad)).toThrow('bad.tsv:3: invalid value "x.8" for FR 2024-03');
  });

  it('wraps observations already in memory, and filters without holding the others', () => {
    const list: Observation[] = [
      { dims: ['PC'], freq: 'A', geo: 'DE', period: 2020, value: 1, decimals: 0, flags: null },
      { dims: ['PC'], freq: 'A', geo: 'FR', period: 2021, value: null, decimals: null, flags: 'c' },
    ];
    const all = Observations.of(list);
    expect(all.toArray()).toEqual(list);
    const fr = all.filter((o) => o.geo === 'FR');
    expect(fr.toArray()).toEqual([list[1]]);
    expect(fr.summary).toMatchObject({ count: 1, values: 0, flagged: 1, geos: new Set(['FR']) });
  });
});

describe('a TSV on disk', () => {
  it('is read a block at a time on every walk, to the same observations as its text', async () => {
    const file = path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv');
    const fromText = parseEurostatTsv('une_rt_m.tsv', readFileSync(file, 'utf8'));
    const fromFile = parseEurostatTsv('une_rt_m.tsv', new TextFile(file));
    expect(fromFile.observations.summary).toEqual(fromText.observations.summary);
    expect(fromFile.dimensions).toEqual(fromText.dimensions);
    expect(fromFile.observations.toArray()).toEqual(fromText.observations.toArray());
  });

  it('is decompressed into a temporary file when it is gzip, which is removed when it is closed', async () => {
    const file = path.join(mirror, 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz');
    const opened = await openTextFile(file);
    expect(opened.text.path).not.toBe(file);
    try {
      const fromFile = parseFiles('nama_10r_3gdp.tsv.gz', opened.text)[0]!;
      const fromBytes = parseFiles('nama_10r_3gdp.tsv.gz', readFileSync(file))[0]!;
      expect(fromFile.format).toBe('eurostat-tsv-legacy');
      expect(fromFile.observations).toHaveLength(253_544);
      expect(fromFile.observations.toArray()).toEqual(fromBytes.observations.toArray());
    } finally {
      await opened.close();
    }
    expect(existsSync(opened.text.path)).toBe(false);
  });

  it('keeps line numbers, a BOM, CRLF and a last line without a break as the text does', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tsv-'));
    try {
      const file = path.join(dir, 'small.tsv');
      writeFileSync(file, `\uFEFF${tsv.replace(/\n/g, '\r\n').replace(/\r\n$/, '')}`);
      const fromFile = parseEurostatTsv('small.tsv', new TextFile(file));
      expect(fromFile.observations.toArray()).toEqual(parseEurostatTsv('small.tsv', tsv).observations.toArray());
      writeFileSync(file, tsv.replace('2.8 e', 'x.8 e'));
      expect(() => parseEurostatTsv('bad.tsv', new TextFile(file))).toThrow('bad.tsv:3: invalid value "x.8"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
