import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '#core/periods';
import { ImportError, type ParsedFile } from '../types';
import { parseEurostatTsv } from './eurostat-tsv';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../..', '../shared/data');
const read = (file: string) => readFileSync(path.join(mirror, 'eurostat', file));

function cell(parsed: ParsedFile, geo: string, period: string, dims: string[]) {
  const ordinal = parsePeriod(period)?.ordinal;
  return parsed.observations
    .toArray()
    .find((o) => o.geo === geo && o.period === ordinal && o.dims.join() === dims.join());
}

function flagCounts(parsed: ParsedFile): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of parsed.observations) if (o.flags) counts[o.flags] = (counts[o.flags] ?? 0) + 1;
  return counts;
}

function errorOf(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('parseEurostatTsv on the shared Eurostat files', () => {
  it('reads the HICP TSV (current layout, CRLF) with its published October 2022 rates', () => {
    const parsed = parseEurostatTsv('hicp.tsv', read('prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'));
    expect(parsed.format).toBe('eurostat-tsv');
    expect(parsed.code).toBeNull();
    expect(parsed.dimensions.map((d) => d.code)).toEqual(['unit', 'coicop']);
    expect(parsed.dimensions[1]?.values.map((v) => v.code)).toEqual(['CP00', 'CP01', 'CP011', 'CP0111', 'CP01111']);
    const rates = { DE: 11.6, EA: 10.6, EA20: 10.6, EU27_2020: 11.5, AT: 11.6, FR: 7.1, EE: 22.5 };
    for (const [geo, rate] of Object.entries(rates)) {
      expect(cell(parsed, geo, '2022-10', ['RCH_A', 'CP00']), geo).toMatchObject({
        value: rate,
        freq: 'M',
        flags: null,
      });
    }
    expect(parsed.observations.toArray().filter((o) => o.value !== null)).toHaveLength(59_822);
    const confidential = parsed.observations.toArray().filter((o) => o.flags === '@C');
    expect(confidential).toHaveLength(24);
    expect(confidential.every((o) => o.value === null && o.decimals === null)).toBe(true);
    expect(parsed.observations).toHaveLength(59_822 + 24);
    expect(new Set(parsed.observations.toArray().map((o) => o.geo)).size).toBe(45);
  });

  // Parse speed is measured by bench:import (bench/import.bench.mts), never asserted in a test.
  it('reads une_rt_m.tsv (2 MB) with decimals as published', () => {
    const bytes = read('une_rt_m/une_rt_m.tsv');
    const parsed = parseEurostatTsv('une_rt_m.tsv', bytes);
    expect(parsed.observations).toHaveLength(491_226);
    expect(parsed.dimensions.map((d) => d.code)).toEqual(['s_adj', 'age', 'unit', 'sex']);
    const sa = ['SA', 'TOTAL', 'PC_ACT', 'T'];
    const rates = { DE: 3.1, FR: 7.2, ES: 13, EA20: 6.7, EU27_2020: 6.1 };
    for (const [geo, rate] of Object.entries(rates)) {
      expect(cell(parsed, geo, '2022-10', sa)?.value, geo).toBe(rate);
    }
    expect(cell(parsed, 'ES', '2022-10', sa)?.decimals).toBe(1);
    // Only Ireland has published May 2025 (the README says the column is all ':'; the file says otherwise).
    const may2025 = parsed.observations.toArray().filter((o) => o.period === parsePeriod('2025-05')?.ordinal);
    expect(may2025).toHaveLength(36);
    expect(new Set(may2025.map((o) => o.geo))).toEqual(new Set(['IE']));
  });

  it('reads the annual tec00118 and tps00203 files', () => {
    const hicp = parseEurostatTsv('tec00118.tsv', read('tec00118/estat_tec00118.tsv'));
    expect(hicp.observations).toHaveLength(476);
    for (const [geo, rate] of Object.entries({ DE: 8.7, EA20: 8.4, EU27_2020: 9.2 })) {
      expect(cell(hicp, geo, '2022', ['RCH_A_AVG', 'CP00']), geo).toMatchObject({ value: rate, freq: 'A' });
    }
    const unemployment = parseEurostatTsv('tps00203.tsv', read('tps00203/estat_tps00203.tsv'));
    expect(unemployment.observations).toHaveLength(1_281);
    expect(unemployment.dimensions.map((d) => d.code)).toEqual(['age', 'unit', 'sex']);
  });

  it('reads the legacy gzip bulk file (unit,geo\\time, newest period first, no freq)', () => {
    const parsed = parseEurostatTsv('nama_10r_3gdp.tsv.gz', read('nama_10r_3gdp/nama_10r_3gdp.tsv.gz'));
    expect(parsed.format).toBe('eurostat-tsv-legacy');
    expect(parsed.dimensions.map((d) => d.code)).toEqual(['unit']);
    expect(parsed.observations).toHaveLength(253_544);
    expect(parsed.observations.toArray().every((o) => o.freq === 'A' && o.value !== null)).toBe(true);
    expect(cell(parsed, 'DE', '2021', ['MIO_EUR'])).toMatchObject({ value: 3_601_750, flags: 'p', decimals: 0 });
    expect(cell(parsed, 'EU27_2020', '2021', ['MIO_EUR'])).toMatchObject({ value: 14_524_808, flags: null });
    expect(flagCounts(parsed)).toEqual({ e: 11_332, p: 3_995, b: 3_656, d: 12 });
    expect(new Set(parsed.observations.toArray().map((o) => o.geo)).size).toBe(1_807);
    // Newest first in the file, so the first observation of a row is its latest year.
    expect(parsed.observations.toArray()[0]?.period).toBeGreaterThan(
      parsed.observations.toArray()[1]?.period ?? Infinity,
    );
  });
});

describe('parseEurostatTsv cell and header rules', () => {
  const header = 'freq,unit,geo\\TIME_PERIOD\t2021 \t2022 \r\n';

  it('keeps combined flags whole, flagged missing cells as null, and exact numbers', () => {
    const text = `${header}A,PC,DE\t2.1 bep\t: p\r\nA,PC,FR\t: \t-0.25 \r\nA,PC,IT\t: @C\t13.0 e\r\n`;
    const parsed = parseEurostatTsv('inline.tsv', text);
    expect(
      parsed.observations
        .toArray()
        .map(({ geo, period, value, decimals, flags }) => [geo, period, value, decimals, flags]),
    ).toEqual([
      ['DE', 2021, 2.1, 1, 'bep'],
      ['DE', 2022, null, null, 'p'],
      ['FR', 2022, -0.25, 2, null],
      ['IT', 2021, null, null, '@C'],
      ['IT', 2022, 13, 1, 'e'],
    ]);
    expect(parsed.observations.toArray()[0]?.dims).toEqual(['PC']);
  });

  it('infers the frequency of the legacy layout from the period spelling and gunzips bytes', () => {
    const legacy = 'unit,geo\\time\t2022M02 \t2022M01 \nPC,DE\t1.5 \t1 \n';
    const parsed = parseEurostatTsv('legacy.tsv.gz', gzipSync(Buffer.from(legacy)));
    expect(parsed.format).toBe('eurostat-tsv-legacy');
    expect(parsed.observations.toArray().map((o) => [o.freq, o.period, o.value, o.decimals])).toEqual([
      ['M', 2022 * 12 + 1, 1.5, 1],
      ['M', 2022 * 12, 1, 0],
    ]);
  });

  it('names the file, line and bad thing in its errors', () => {
    const bad = (body: string) => errorOf(() => parseEurostatTsv('bad.tsv', `${header}${body}`));
    expect(bad('A,PC,DE\t1x.3 \t1 \r\n').message).toBe('bad.tsv:2: invalid value "1x.3" for DE 2021');
    expect(bad('A,PC,DE\t1 \t2 \r\nA,PC,FR\t1 \r\n').message).toBe(
      'bad.tsv:3: expected 3 tab-separated cells, found 2',
    );
    expect(bad('A,PC,DE\t1 \t2 \r\nA,PC,FR\t1 \t2 \r\nA,PC,DE\t1 \t3 \r\n').message).toBe(
      'bad.tsv:4: key "A,PC,DE" repeats line 2: each series and place has one line',
    );
    expect(bad('A,DE\t1 \t2 \r\n').message).toBe(
      'bad.tsv:2: key "A,DE" has 2 parts, expected 3 (freq,unit,geo\\TIME_PERIOD)',
    );
    expect(bad('M,PC,DE\t1 \t2 \r\n').message).toBe(
      'bad.tsv:2: freq "M" of key "M,PC,DE" does not match period "2021"',
    );
    expect(bad('A,PC,DE\t0x1F \t2 \r\n').problem).toBe('invalid value "0x1F" for DE 2021');
    expect(bad('A,PC,DE\t \t2 \r\n').problem).toBe('invalid value "" for DE 2021');
    const error = bad('A,PC,DE\t1e3 \t2 \r\n');
    expect([error.file, error.line, error.problem]).toEqual(['bad.tsv', 2, 'invalid value "1e3" for DE 2021']);
  });

  it('rejects unknown headers and periods it cannot store, naming the header cell', () => {
    expect(errorOf(() => parseEurostatTsv('x.tsv', 'freq,geo\tTIME\t2021\n')).message).toBe(
      'x.tsv:1: unknown header "freq,geo": expected dimension codes followed by \\TIME_PERIOD or \\time',
    );
    expect(errorOf(() => parseEurostatTsv('x.tsv', 'unit,country\\time\t2021 \n')).problem).toBe(
      'header "unit,country\\time" has no geo dimension',
    );
    const weekly = errorOf(() => parseEurostatTsv('w.tsv', 'freq,geo\\TIME_PERIOD\t2024-W52 \t2024-W53 \n'));
    expect(weekly.line).toBe(1);
    expect(weekly.problem).toMatch(/^unsupported period "2024-W53" in header column 3: expected YYYY, YYYY-Sn/);
    const daily = errorOf(() => parseEurostatTsv('d.tsv', 'freq,geo\\TIME_PERIOD\t2023-02-29 \n'));
    expect(daily.problem).toMatch(/^unsupported period "2023-02-29"/);
  });
});
