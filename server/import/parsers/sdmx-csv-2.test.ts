// SDMX-CSV 2.0 (SDMX 3.0) on the specification's own examples and a BIS file, and the 1.0 variants Eurostat's
// data browser writes for dimensions outside the built-in code lists (labels, and combined "CODE: Label").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePeriod } from '#core/periods';
import { ImportError, wholeArea } from '../types';
import { detectFormat, parseFile } from './index';
import { parseSdmxCsv } from './sdmx-csv';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/import');
const read = (file: string) => readFileSync(path.join(fixtures, file));
const ordinal = (period: string) => parsePeriod(period)!.ordinal;
const lines = (...rows: string[]) => rows.join('\n') + '\n';

function errorOf(text: string): string {
  try {
    parseSdmxCsv('spec.csv', text);
  } catch (e) {
    if (e instanceof ImportError) return e.message;
    throw e;
  }
  return 'no error';
}

describe('SDMX-CSV 2.0: the field guide examples', () => {
  it('reads the ordinary case: no geo, time in DIM_3, a quoted attribute with commas, UPDATED', () => {
    const bytes = read('sdmx-csv-2.0-ordinary.csv');
    expect(detectFormat('x.csv', bytes)).toBe('sdmx-csv');
    const parsed = parseFile('sdmx-csv-2.0-ordinary.csv', bytes);
    expect(parsed).toMatchObject({ format: 'sdmx-csv', code: 'na_main', lastUpdate: new Date('2021-01-22T13:15:41Z') });
    expect(parsed.meta?.source).toBe('Eurostat');
    expect(parsed.dimensions.map((d) => [d.code, d.values.map((v) => v.code)])).toEqual([
      ['dim_1', ['A']],
      ['dim_2', ['B']],
    ]);
    expect(parsed.observations.toArray()).toEqual([
      {
        dims: ['A', 'B'],
        freq: 'M',
        geo: wholeArea.code,
        period: ordinal('2014-01'),
        value: 12.4,
        decimals: 1,
        flags: null,
      },
      {
        dims: ['A', 'B'],
        freq: 'M',
        geo: wholeArea.code,
        period: ordinal('2014-02'),
        value: 10.8,
        decimals: 1,
        flags: null,
      },
    ]);
  });

  it('reads labels=name: every component column followed by a column of names', () => {
    const parsed = parseSdmxCsv(
      'spec.csv',
      lines(
        'STRUCTURE,STRUCTURE_ID,STRUCTURE_NAME,ACTION,DIM_1,Dimension 1,DIM_2,Dimension 2,DIM_3,Dimension 3,OBS_VALUE,Observation value,ATTR_1,Attribute 1,ATTR_2,Attribute 2,ATTR_3,Attribute 3',
        'dataflow,ESTAT:NA_MAIN(1.6.0),National Accounts Main Aggregates,I,A,Value A,B,Value B,2014-01,2014-01,12.4,,Y,Yes,"Normal, special and other values",,N,No',
        'dataflow,ESTAT:NA_MAIN(1.6.0),National Accounts Main Aggregates,I,A,Value A,B,Value B,2014-02,2014-02,10.8,,Y,Yes,"Normal, special and other values",,Y,Yes',
      ),
    );
    expect(parsed.name).toBe('National Accounts Main Aggregates');
    expect(parsed.dimensions).toEqual([
      { code: 'dim_1', label: 'Dimension 1', values: [{ code: 'A', label: 'Value A' }] },
      { code: 'dim_2', label: 'Dimension 2', values: [{ code: 'B', label: 'Value B' }] },
    ]);
    expect(parsed.observations.toArray().map((o) => o.value)).toEqual([12.4, 10.8]);
  });

  it('reads labels=name without STRUCTURE_NAME, as Eurostat writes it: a names column has a space in its header', () => {
    const parsed = parseSdmxCsv(
      'nama.csv',
      lines(
        'STRUCTURE,STRUCTURE_ID,freq,Time frequency,unit,Unit of measure,geo,Geopolitical entity (reporting),TIME_PERIOD,Time,OBS_VALUE,Observation value,OBS_FLAG,Observation status (Flag) V2 structure',
        'dataflow,ESTAT:NAMA_10_GDP(1.0),A,Annual,CP_EUR_HAB,"Current prices, euro per capita",DE,Germany,2024,,51000,,p,provisional',
      ),
    );
    expect(parsed.dimensions).toEqual([
      {
        code: 'unit',
        label: 'Unit of measure',
        values: [{ code: 'CP_EUR_HAB', label: 'Current prices, euro per capita' }],
      },
    ]);
    expect(parsed.observations.toArray()[0]).toMatchObject({ geo: 'DE', freq: 'A', value: 51000, flags: 'p' });
    expect(parsed.geoLabels.get('DE')).toBe('Germany');
  });

  it('reads the localised example: ";" separator, decimal comma, "ID: Name" headers and cells', () => {
    const parsed = parseSdmxCsv(
      'spec.csv',
      lines(
        'STRUCTURE[|];STRUCTURE_ID;ACTION;SERIES_KEY;OBS_KEY;DIM_1: Dimension 1;DIM_2: Dimension 2;DIM_3: Dimension 3;OBS_VALUE: Observation value;ATTR_2: Attribut 2;ATTR_3: Attribut 3;ATTR_1: Attribut 1',
        'dataflow;ESTAT:NA_MAIN(1.6.0): Principaux agrégats des comptes nationaux;I;A.B;A.B.2014-01;A: Value A;B: Value B;2014-01: 2014-01;12,4;Y: Oui;Normal, special and other values;N: Non',
        'dataflow;ESTAT:NA_MAIN(1.6.0): Principaux agrégats des comptes nationaux;I;A.B;A.B.2014-02;A: Value A;B: Value B;2014-02: 2014-02;10,8;Y: Oui;Normal, special and other values;Y: Oui',
      ),
    );
    expect(parsed.name).toBe('Principaux agrégats des comptes nationaux');
    expect(parsed.dimensions[0]).toEqual({
      code: 'dim_1',
      label: 'Dimension 1',
      values: [{ code: 'A', label: 'Value A' }],
    });
    expect(parsed.observations.toArray().map((o) => [o.period, o.value])).toEqual([
      [ordinal('2014-01'), 12.4],
      [ordinal('2014-02'), 10.8],
    ]);
  });

  it('skips rows of attributes attached to partial keys and reads a single measure of another name', () => {
    const parsed = parseSdmxCsv(
      'spec.csv',
      lines(
        'STRUCTURE,STRUCTURE_ID,ACTION,DIM_1,DIM_2,DIM_3,MEAS_1,ATTR_1,ATTR_2',
        'dataflow,AGENCY:DF_ID(1.0.0),I,A,B,2014-01,12.4,N,',
        'dataflow,AGENCY:DF_ID(1.0.0),I,,B,,,,Y',
      ),
    );
    expect(parsed).toMatchObject({ code: 'df_id', meta: { source: 'AGENCY' } });
    expect(parsed.observations.toArray().map((o) => [o.dims, o.value])).toEqual([[['A', 'B'], 12.4]]);
  });

  it('rejects what it cannot store, naming the line and what was expected', () => {
    expect(
      errorOf(
        lines(
          'STRUCTURE,STRUCTURE_ID,ACTION,DIM_1,DIM_2,DIM_3,OBS_VALUE,ATTR_2,ATTR_3,ATTR_1',
          'dataflow,ESTAT:NA_MAIN(1.6.0),D,A,B,2014-01,-,,,',
        ),
      ),
    ).toBe('spec.csv:2: ACTION "D" (delete) is not supported: expected I, A or R');
    // timeFormat=normalized writes a period as its first day and a duration, which the product does not store.
    expect(
      errorOf(
        lines(
          'STRUCTURE[;],STRUCTURE_ID,ACTION,DIM_1: Dimension 1,DIM_2: Dimension 2,TIME_PERIOD: Time,OBS_VALUE: Observation value',
          'dataflow,ESTAT:NA_MAIN(1.6.0): National Accounts Main Aggregates,I,A: Value A,B: Value B,2014-01-01/P1Y,12.4',
        ),
      ),
    ).toBe(
      'spec.csv:2: unsupported period "2014-01-01/P1Y" in column TIME_PERIOD: expected YYYY, YYYY-Sn, YYYY-Qn, ' +
        'YYYY-MM, YYYY-Www or YYYY-MM-DD, the dash optional (2005Q1, 2005M01, 2019W01, 20200101), or YYYY - n',
    );
    expect(
      errorOf(
        lines(
          'STRUCTURE[;],STRUCTURE_ID,ACTION,OBS_VALUE1,OBS_VALUE2,ATTR_3,ATTR_1[],DIM_2,DIM_1,DIM_3',
          'dataflow,ESTAT:NA_MAIN(1.6.0),I,12.4,12.5,"Normal, special and other values",X;Y,B,A,2014-01',
        ),
      ),
    ).toBe('spec.csv:1: 2 measure columns (OBS_VALUE1, OBS_VALUE2): expected one, OBS_VALUE');
  });
});

describe('SDMX-CSV 2.0 from BIS', () => {
  it('reads "CODE: Label" cells, REF_AREA as the place, quoted labels with commas, normal-value attributes', () => {
    const parsed = parseFile('bis_ws_spp.csv', read('bis_ws_spp.csv'));
    expect(parsed).toMatchObject({ code: 'ws_spp', name: 'Selected residential property prices' });
    expect(parsed.meta).toMatchObject({
      source: 'BIS',
      unitDimension: 'unit_measure',
      units: new Map([
        ['628', 'Index, 2010 = 100'],
        ['771', 'Year-on-year changes, in per cent'],
      ]),
    });
    expect(parsed.dimensions.map((d) => [d.code, d.label])).toEqual([
      ['value', 'Value'],
      ['unit_measure', 'Unit of measure'],
    ]);
    expect(
      parsed.observations
        .toArray()
        .map(({ geo, dims, freq, period, value, flags }) => [geo, dims, freq, period, value, flags]),
    ).toEqual([
      ['US', ['N', '628'], 'Q', ordinal('2020-Q1'), 208.2134, null],
      ['DE', ['R', '771'], 'Q', ordinal('2020-Q2'), 5.1234, null],
    ]);
    expect(parsed.geoLabels).toEqual(
      new Map([
        ['US', 'United States'],
        ['DE', 'Germany'],
      ]),
    );
  });
});

describe('SDMX-CSV 1.0 from the data browser, dimensions outside the built-in code lists', () => {
  const header = 'DATAFLOW,LAST UPDATE,freq,indic_bt,nace_r2,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG';
  const combinedHeader = 'DATAFLOW,LAST UPDATE,freq,indic_bt,nace_r2,s_adj,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG';

  it('derives codes for labels no code list knows, instead of failing', () => {
    const parsed = parseSdmxCsv(
      'sts.csv',
      lines(
        header,
        'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,Monthly,Production (volume),"Manufacturing",Germany,2025-01,95.2,p',
        'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,Monthly,Production (volume),"Mining and quarrying, manufacturing",Germany,2025-02,96.1,',
      ),
    );
    expect(parsed.dimensions.find((d) => d.code === 'indic_bt')?.values).toEqual([
      { code: 'PRODUCTION_VOLUME', label: 'Production (volume)' },
    ]);
    expect(parsed.dimensions.find((d) => d.code === 'nace_r2')?.values.map((v) => v.code)).toEqual([
      'MANUFACTURING',
      'MINING_AND_QUARRYING_MANUFACTURING',
    ]);
    expect(parsed.observations.toArray().map((o) => [o.geo, o.value, o.flags])).toEqual([
      ['DE', 95.2, 'p'],
      ['DE', 96.1, null],
    ]);
  });

  it('reads the combined "CODE: Label" variant, keeping both', () => {
    const parsed = parseSdmxCsv(
      'sts.csv',
      lines(
        combinedHeader,
        'ESTAT:STS_INPR_M(1.0),03/06/25 11:00:00,M: Monthly,PRD: Production (volume),C: Manufacturing,CA: Calendar adjusted data,I21: Index 2021=100,DE: Germany,2025-01,95.2,p',
      ),
    );
    expect(parsed.dimensions.map((d) => [d.code, d.values])).toEqual([
      ['indic_bt', [{ code: 'PRD', label: 'Production (volume)' }]],
      ['nace_r2', [{ code: 'C', label: 'Manufacturing' }]],
      ['s_adj', [{ code: 'CA', label: 'Calendar adjusted data' }]],
      ['unit', [{ code: 'I21', label: 'Index 2021=100' }]],
    ]);
    expect(parsed.observations.toArray()[0]).toMatchObject({ geo: 'DE', freq: 'M', value: 95.2, flags: 'p' });
    expect(parsed.geoLabels.get('DE')).toBe('Germany');
    expect(parsed.meta?.units.get('I21')).toBe('Index 2021=100');
  });
});
