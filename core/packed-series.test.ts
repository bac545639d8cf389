// Packed series read back exactly: every value's bits, every gap, every flag and the rows' key order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toSeriesList, type ObservationRow } from '../db/queries/observations';
import { parseFile } from '../server/import/parsers';
import { geoName } from './geo';
import { packDatasetData, packSeries, unpackDatasetData, unpackSeries } from './packed-series';
import type { DatasetData, DatasetMeta, Series } from './schemas/dataset';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../shared/data');

const meta: DatasetMeta = {
  id: 1,
  dataset_code: 'prc_hicp_manr',
  dataset_name: 'HICP - monthly data (annual rate of change)',
  description: '',
  source_name: 'Eurostat',
  source_url: '',
  unit: 'Annual rate of change (%)',
  frequency: 'M',
  categories: [],
  last_update: null,
  last_update_from: 'source',
  oldest_period: '1/1997',
  latest_period: '5/2025',
  dimensions: [
    { key: 'dim1', code: 'unit', label: 'Unit', values: [], default: 'RCH_A' },
    { key: 'dim2', code: 'coicop', label: 'COICOP', values: [], default: 'CP00' },
  ],
  available_countries: [],
};

/** The real release as the view loader turns it into rows: by series, period and place name. */
function hicpSeries(): Series[] {
  const file = 'estat_prc_hicp_manr_filtered.tsv';
  const parsed = parseFile(file, readFileSync(path.join(mirror, 'eurostat/prc_hicp_manr', file)));
  const seriesIds = new Map<string, number>();
  const rows: ObservationRow[] = parsed.observations.toArray().map((o) => {
    const key = o.dims.join(',');
    if (!seriesIds.has(key)) seriesIds.set(key, seriesIds.size + 1);
    return { ...o, seriesId: seriesIds.get(key)!, geoName: geoName(o.geo) ?? o.geo };
  });
  rows.sort((a, b) => a.seriesId - b.seriesId || a.period - b.period || (a.geoName < b.geoName ? -1 : 1));
  return toSeriesList(meta, rows);
}

/** A double's 64 bits, so -0 differs from 0 and NaN equals itself. */
function bits(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getBigUint64(0);
}

/** The series read back is the series: JSON (keys in order, flags, gaps) and every value's bits. */
function expectExact(back: Series, series: Series) {
  expect(JSON.stringify(back)).toBe(JSON.stringify(series));
  expect(back.rows.map((r) => Object.values(r.values).map(bits))).toEqual(
    series.rows.map((r) => Object.values(r.values).map(bits)),
  );
}

/** What packing is for: what crosses the loader boundary is read back, and the loader's own JSON is not needed. */
function throughJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('packSeries and unpackSeries', () => {
  it('read back the real HICP release exactly, in a fraction of its size', () => {
    const all = hicpSeries();
    expect(all.length).toBeGreaterThan(1);
    let rowsSize = 0;
    let packedSize = 0;
    for (const series of all) {
      const packed = packSeries(series);
      expectExact(unpackSeries(throughJson(packed)), series);
      rowsSize += JSON.stringify(series).length;
      packedSize += JSON.stringify(packed).length;
    }
    expect(all.some((s) => s.rows.some((r) => r.flags))).toBe(true);
    expect(packedSize).toBeLessThan(rowsSize / 3);
  });

  it('keep negative zero, the largest and smallest doubles, long decimals and non-finite numbers bit for bit', () => {
    const values = [
      0,
      -0,
      5e-324,
      -5e-324,
      2.2250738585072014e-308,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 2,
      1e21,
      1e-7,
      0.1 + 0.2,
      1 / 3,
      -123456.789,
      13,
      NaN,
      Infinity,
      -Infinity,
    ];
    const series: Series = {
      id: 7,
      series_key: { dim1_value: 'RCH_A' },
      rows: values.map((v, i) => ({ period: String(2000 + i), values: { Germany: v, France: -v } })),
    };
    const back = unpackSeries(packSeries(series));
    expect(back.rows.flatMap((r) => [r.values.Germany!, r.values.France!]).map(bits)).toEqual(
      values.flatMap((v) => [v, -v]).map(bits),
    );
  });

  it('keep gaps, places first seen late, names with commas and every flag as published', () => {
    const series: Series = {
      id: 3,
      series_key: { dim1_value: 'RCH_A', dim2_value: 'CP00' },
      rows: [
        {
          period: '1/1997',
          values: { Austria: 1.2, 'Euro area (19 countries, 2015-2022)': 2.2, Türkiye: 76.7 },
          flags: { Türkiye: 'd' },
        },
        { period: '2/1997', values: { Austria: 1.4 } },
        { period: '3/1997', values: {} },
        {
          period: '4/1997',
          values: { Albania: 2.6, Austria: 1.2, Belgium: 0, Türkiye: 80.1 },
          flags: { Albania: 'p', Austria: 'bep', Belgium: '@C', Türkiye: 'd' },
        },
        {
          period: '5/1997',
          values: { Albania: 2.1, Türkiye: -0 },
          flags: { Albania: 'a,b-c', Türkiye: 'd', Kosovo: 'e' },
        },
        { period: '6/1997', values: { Belgium: 3 }, flags: { Belgium: '' } },
      ],
    };
    const packed = packSeries(series);
    expect(packed.places).toEqual([
      'Albania',
      'Austria',
      'Belgium',
      'Euro area (19 countries, 2015-2022)',
      'Türkiye',
      'Kosovo',
    ]);
    expect(packed.values).toEqual([',,,2.6,2.1', '1.2,1.4,,1.2', ',,,0,,3', '2.2', '76.7,,,80.1,-0', '']);
    expect(packed.flags).toContainEqual([4, 'd', '0,3-4']);
    const back = unpackSeries(throughJson(packed));
    expectExact(back, series);
    expect(Object.is(back.rows[4]!.values['Türkiye'], -0)).toBe(true);
    expect(back.rows[2]).toEqual({ period: '3/1997', values: {} });
    expect(back.rows[2]).not.toHaveProperty('flags');
  });

  it('read back an empty series and the data response around the series unchanged', () => {
    const empty: Series = { id: 1, series_key: {}, rows: [] };
    expectExact(unpackSeries(packSeries(empty)), empty);
    const data: DatasetData = {
      dataset: meta,
      data: [empty, hicpSeries()[0]!],
      transform: { kind: 'change', lag: 12, label: '% change on a year earlier' },
    };
    const back = unpackDatasetData(throughJson(packDatasetData(data)));
    expect(JSON.stringify(back)).toBe(JSON.stringify(data));
  });
});
