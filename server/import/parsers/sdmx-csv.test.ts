import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '#core/periods';
import { ImportError, type Observation, type ParsedFile } from '../types';
import { parseEurostatTsv } from './eurostat-tsv';
import { parseSdmxCsv } from './sdmx-csv';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../..', '../shared/data');
const read = (file: string) => readFileSync(path.join(mirror, 'eurostat', file));

function cell(parsed: ParsedFile, geo: string, period: string, dims: string[]) {
  const ordinal = parsePeriod(period)?.ordinal;
  return parsed.observations
    .toArray()
    .find((o) => o.geo === geo && o.period === ordinal && o.dims.join() === dims.join());
}

/** Every CSV observation must be in the TSV of the same release with the same value, decimals and flags. */
function expectSubsetOf(csv: ParsedFile, tsv: ParsedFile) {
  const key = (o: Observation) => `${o.dims.join()}|${o.geo}|${o.freq}|${o.period}`;
  const byKey = new Map(tsv.observations.toArray().map((o) => [key(o), o]));
  const differing = csv.observations.toArray().filter((o) => {
    const t = byKey.get(key(o));
    return !t || t.value !== o.value || t.flags !== o.flags || t.decimals !== o.decimals;
  });
  expect(differing).toEqual([]);
}

const header = 'DATAFLOW,LAST UPDATE,freq,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG,CONF_STATUS\r\n';
const row = (fields: string) => `ESTAT:PRC_HICP_MANR(1.0),03/06/25 11:00:00,${fields}\r\n`;

function errorOf(text: string): ImportError {
  try {
    parseSdmxCsv('bad.csv', text);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('parseSdmxCsv on the shared label-only CSVs', () => {
  it('maps the HICP labels back to codes and agrees with the TSV', () => {
    const csv = parseSdmxCsv('hicp_en.csv', read('prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv'));
    expect(csv.format).toBe('sdmx-csv');
    expect(csv.code).toBe('prc_hicp_manr');
    expect(csv.lastUpdate).toEqual(new Date(Date.UTC(2025, 5, 3, 11, 0, 0)));
    expect(csv.observations).toHaveLength(16_229);
    expect(csv.dimensions).toEqual([
      { code: 'unit', label: null, values: [{ code: 'RCH_A', label: 'Annual rate of change' }] },
      {
        code: 'coicop',
        label: null,
        values: [
          { code: 'CP00', label: 'All-items HICP' },
          { code: 'CP01', label: 'Food and non-alcoholic beverages' },
          { code: 'CP011', label: 'Food' },
          { code: 'CP0111', label: 'Bread and cereals' },
          { code: 'CP01111', label: 'Rice' },
        ],
      },
    ]);
    const rates = { DE: 11.6, EA: 10.6, EA20: 10.6, EU27_2020: 11.5, AT: 11.6, FR: 7.1, EE: 22.5 };
    for (const [geo, rate] of Object.entries(rates)) {
      expect(cell(csv, geo, '2022-10', ['RCH_A', 'CP00'])?.value, geo).toBe(rate);
    }
    expect(csv.geoLabels.size).toBe(45);
    expect(csv.geoLabels.get('EA20')).toBe('Euro area – 20 countries (from 2023)');
    expect(csv.geoLabels.get('XK')).toBe('Kosovo*');
    expect(csv.geoLabels.get('TR')).toBe('Türkiye');
    expectSubsetOf(csv, parseEurostatTsv('hicp.tsv', read('prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv')));
  });

  it('reads the une_rt_m label CSV and agrees with the TSV', () => {
    const csv = parseSdmxCsv('une_en.csv', read('une_rt_m/estat_une_rt_m_filtered_en.csv'));
    expect(csv.code).toBe('une_rt_m');
    expect(csv.observations).toHaveLength(10_924);
    expect(csv.dimensions.map((d) => [d.code, d.values.map((v) => v.code)])).toEqual([
      ['s_adj', ['NSA', 'SA']],
      ['age', ['TOTAL']],
      ['unit', ['PC_ACT', 'THS_PER']],
      ['sex', ['T']],
    ]);
    const sa = ['SA', 'TOTAL', 'PC_ACT', 'T'];
    for (const [geo, rate] of Object.entries({ DE: 3.1, FR: 7.2, ES: 13, EA20: 6.7, EU27_2020: 6.1 })) {
      expect(cell(csv, geo, '2022-10', sa)?.value, geo).toBe(rate);
    }
    expect(cell(csv, 'ES', '2022-10', sa)?.decimals).toBe(1);
    expectSubsetOf(csv, parseEurostatTsv('une_rt_m.tsv', read('une_rt_m/une_rt_m.tsv')));
  });

  it('reads tec00115 (labels only, no TSV) with its published growth rates and flags', () => {
    const csv = parseSdmxCsv('tec00115_en.csv', read('tec00115/estat_tec00115_filtered_en.csv'));
    expect(csv.code).toBe('tec00115');
    expect(csv.lastUpdate?.toISOString()).toBe('2025-06-13T11:00:00.000Z');
    expect(csv.observations).toHaveLength(498);
    expect(csv.geoLabels.size).toBe(42);
    const gdp = ['CLV_PCH_PRE', 'B1GQ'];
    expect(cell(csv, 'DE', '2020', gdp)).toMatchObject({ value: -4.1, flags: null, freq: 'A' });
    expect(cell(csv, 'DE', '2022', gdp)).toMatchObject({ value: 1.4, flags: 'p' });
    expect(cell(csv, 'DE', '2024', gdp)).toMatchObject({ value: -0.2, flags: 'p' });
    expect(cell(csv, 'EA20', '2020', gdp)).toMatchObject({ value: -6, decimals: 1 });
    expect(csv.geoLabels.get('DE')).toBe('Germany');
  });
});

describe('parseSdmxCsv on the codes variant', () => {
  it('reads the gzip linear nama_10r_3gdp CSV: every value and flag equals the legacy TSV', () => {
    const csv = parseSdmxCsv('linear.csv.gz', read('nama_10r_3gdp/nama_10r_3gdp_linear.csv.gz'));
    expect(csv.code).toBe('nama_10r_3gdp');
    expect(csv.lastUpdate?.toISOString()).toBe('2023-02-21T23:00:00.000Z');
    expect(csv.observations).toHaveLength(253_544);
    expect(csv.geoLabels.size).toBe(0);
    expect(csv.dimensions[0]?.values.every((v) => v.label === null)).toBe(true);
    expect(cell(csv, 'DE', '2021', ['MIO_EUR'])).toMatchObject({ value: 3_601_750, flags: 'p' });
    expect(cell(csv, 'EU27_2020', '2021', ['MIO_EUR'])).toMatchObject({ value: 14_524_808, flags: null });
    expect(cell(csv, 'DE212', '2020', ['MIO_EUR'])).toMatchObject({ value: 122_055, flags: 'e' });
    const tsv = parseEurostatTsv('nama_10r_3gdp.tsv.gz', read('nama_10r_3gdp/nama_10r_3gdp.tsv.gz'));
    expect(tsv.observations).toHaveLength(253_544);
    expectSubsetOf(csv, tsv);
  });
});

describe('parseSdmxCsv rules', () => {
  it('keeps flags of missing cells, spells confidentiality as the TSV does, and reads quoted labels', () => {
    const text =
      header +
      row(
        'Monthly,Annual rate of change,"Euro area (EA11-1999, EA12-2001, EA13-2007, EA15-2008, EA16-2009, EA17-2011, EA18-2014, EA19-2015, EA20-2023)",2022-10,10.6,,',
      ) +
      row('Monthly,Annual rate of change,Kosovo*,2022-10,,p,') +
      row('Monthly,Annual rate of change,Türkiye,2022-10,,,C') +
      row('Monthly,Annual rate of change,Germany,2022-10,,,') +
      row('Monthly,Annual rate of change,Euro area – 20 countries (from 2023),2022-11,10.10,bep,');
    const parsed = parseSdmxCsv('inline.csv', text);
    expect(
      parsed.observations.toArray().map(({ geo, value, decimals, flags }) => [geo, value, decimals, flags]),
    ).toEqual([
      ['EA', 10.6, 1, null],
      ['XK', null, null, 'p'],
      ['TR', null, null, '@C'],
      ['EA20', 10.1, 2, 'bep'],
    ]);
    expect(parsed.geoLabels.has('DE')).toBe(false);
  });

  it('names the column, label and line of a label it cannot map', () => {
    const text =
      header +
      row('Monthly,Annual rate of change,Germany,2022-10,1,,') +
      row('Monthly,Annual rate of change,Atlantis,2022-10,1,,');
    expect(errorOf(text).message).toBe('bad.csv:3: unknown geo label "Atlantis" in column geo');
    const unit =
      header + row('Monthly,Annual rate of change,DE,2022-10,1,,') + row('Monthly,Made-up unit,DE,2022-11,1,,');
    expect(errorOf(unit).message).toBe('bad.csv:3: unknown unit label "Made-up unit" in column unit');
  });

  it('reports bad rows with file and line', () => {
    const ok = 'Monthly,RCH_A,DE';
    expect(errorOf(header + row(`${ok},2022-10,1x.3,,`)).message).toBe(
      'bad.csv:2: invalid value "1x.3" for DE 2022-10',
    );
    expect(errorOf(header + row(`${ok},2022-10,1`)).message).toBe('bad.csv:2: expected 9 fields, found 7');
    expect(errorOf(header + row(`${ok},2022,1,,`)).message).toBe('bad.csv:2: freq "M" does not match period "2022"');
    expect(errorOf(header + row(`H,RCH_A,DE,2022-10,1,,`)).message).toBe(
      'bad.csv:2: unsupported frequency "H" in column freq',
    );
    expect(errorOf(header + row(`Weekly,RCH_A,DE,2022-10,1,,`)).message).toBe(
      'bad.csv:2: freq "W" does not match period "2022-10"',
    );
    expect(errorOf(header + row(`${ok},2022-W54,1,,`)).problem).toBe(
      'unsupported period "2022-W54" in column TIME_PERIOD: expected YYYY, YYYY-Sn, YYYY-Qn, YYYY-MM, YYYY-Www or ' +
        'YYYY-MM-DD, the dash optional (2005Q1, 2005M01, 2019W01, 20200101), or YYYY - n',
    );
    const badDate = header + 'ESTAT:PRC_HICP_MANR(1.0),31/02/25 11:00:00,M,RCH_A,DE,2022-10,1,,\r\n';
    expect(errorOf(badDate).message).toBe(
      'bad.csv:2: invalid LAST UPDATE "31/02/25 11:00:00": expected dd/mm/yy HH:MM:SS',
    );
    const mixed = header + row(`${ok},2022-10,1,,`) + `ESTAT:UNE_RT_M(1.0),03/06/25 11:00:00,${ok},2022-11,1,,\r\n`;
    expect(errorOf(mixed).message).toBe(
      'bad.csv:3: DATAFLOW "ESTAT:UNE_RT_M(1.0)" differs from "ESTAT:PRC_HICP_MANR(1.0)" above',
    );
    expect(errorOf('DATAFLOW,freq,geo,OBS_VALUE\r\n').message).toBe('bad.csv:1: missing column TIME_PERIOD');
  });

  it('refuses a series, place and period given on two rows, naming both lines', () => {
    const ok = 'Monthly,RCH_A,DE';
    const twice = header + row(`${ok},2022-10,1,,`) + row(`${ok},2022-11,2,,`) + row(`${ok},2022-10,1.5,,`);
    expect(errorOf(twice).message).toBe(
      'bad.csv:4: DE 2022-10 of series M,RCH_A repeats line 2: each series, place and period has one row',
    );
    // The same period of another place, series or frequency is another cell; an empty row without flags is none.
    const distinct =
      header +
      row(`${ok},2022-10,1,,`) +
      row('Monthly,RCH_A,FR,2022-10,1,,') +
      row('Monthly,RCH_M,DE,2022-10,1,,') +
      row('Annual,RCH_A,DE,2022,1,,') +
      row(`${ok},2022-10,,,`);
    expect(parseSdmxCsv('ok.csv', distinct).observations.length).toBe(4);
  });
});
