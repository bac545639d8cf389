import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { ObservationRow } from '../../db/queries/observations';
import { csvText } from './data-formats';
import { toSdmxCsv } from './sdmx';
import { codelistXml, structureSpecificData, xmlText } from './sdmx-ml';
import { sdmxJsonData } from './sdmx-json';

const meta = {
  dataset_code: 'x_test',
  frequency: 'A',
  dimensions: [{ key: 'dim1', code: 'unit', label: 'Unit', values: [], default: 'PC' }],
  available_countries: [],
} as unknown as DatasetMeta;

function row(dims: string[], geo: string, period: number, value: number | null, flags: string | null): ObservationRow {
  return { seriesId: 1, dims, geo, geoName: geo, period, value, decimals: null, flags };
}

describe('toSdmxCsv', () => {
  it('neutralises text cells with the CSV writers’ csvText and keeps values exact', () => {
    const hostile = ['=x', '@y', '+1', '-2', '\tz', '\rw'];
    const rows = hostile.map((flag, i) => row(['=cmd'], '@G', 2000 + i, -1.5, flag));
    const lines = toSdmxCsv(meta, rows).trimEnd().split('\r\n');
    expect(lines[0]).toBe('DATAFLOW,freq,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG');
    hostile.forEach((flag, i) => {
      const flagCell = flag === '\rw' ? `"${csvText(flag)}"` : csvText(flag);
      expect(lines[i + 1]).toBe(`ESTAT:X_TEST(1.0),A,'=cmd,'@G,${2000 + i},-1.5,${flagCell}`);
    });
  });
});

describe('SDMX-ML', () => {
  it('escapes markup and drops characters XML cannot carry, in text and attributes', () => {
    expect(xmlText('a<b>&"c\'\u0001\u0000d')).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
    const xml = codelistXml({ id: 'UNIT', label: 'Unit', codes: [{ id: 'X"Y', label: '</c:Name><evil/>' }] });
    expect(xml).toContain('<s:Code id="X&quot;Y"><c:Name xml:lang="en">&lt;/c:Name&gt;&lt;evil/&gt;</c:Name></s:Code>');
  });

  it('writes a hostile flag and code as attribute text, values as published', () => {
    const rows = [row(['"/><x a="'], 'DE', 2020, 1.5, '"&<')];
    const xml = structureSpecificData(meta, rows, { detail: 'full', dimensionAtObservation: 'TIME_PERIOD' });
    expect(xml).toContain('<Series freq="A" unit="&quot;/&gt;&lt;x a=&quot;" geo="DE">');
    expect(xml).toContain('<Obs TIME_PERIOD="2020" OBS_VALUE="1.5" OBS_FLAG="&quot;&amp;&lt;"/>');
  });
});

describe('timelines (updatedAfter, includeHistory)', () => {
  const vintage = (r: ObservationRow, action: 'Replace' | 'Delete', validFrom: string | null) => ({
    ...r,
    action,
    validFrom,
  });
  const rows = [
    vintage(row(['PC'], 'DE', 2020, 1.5, null), 'Replace', '2026-01-01T00:00:00.000Z'),
    vintage(row(['PC'], 'DE', 2020, null, null), 'Delete', '2026-02-01T00:00:00.000Z'),
    vintage(row(['PC'], 'FR', 2020, 2, 'p'), 'Replace', '2026-02-01T00:00:00.000Z'),
  ];

  it('writes one DataSet per release and action, oldest first, a removal as its key and period only', () => {
    const xml = structureSpecificData(meta, rows, { detail: 'full', dimensionAtObservation: 'TIME_PERIOD' });
    const sets = [...xml.matchAll(/<m:DataSet [^>]*action="(\w+)" validFromDate="([^"]+)">(.*?)<\/m:DataSet>/g)];
    expect(sets.map((m) => [m[1], m[2]!.slice(0, 7)])).toEqual([
      ['Replace', '2026-01'],
      ['Replace', '2026-02'],
      ['Delete', '2026-02'],
    ]);
    expect(sets[2]![3]).toBe('<Series freq="A" unit="PC" geo="DE"><Obs TIME_PERIOD="2020"/></Series>');
  });

  it('puts SDMX-CSV 2.0’s ACTION after STRUCTURE_ID, 1.0’s at the end, and the vintage’s VALID_FROM last', () => {
    const v2 = toSdmxCsv(meta, rows, { version: 2, timeline: 'includeHistory' }).trimEnd().split('\r\n');
    expect(v2[0]).toBe('STRUCTURE,STRUCTURE_ID,ACTION,freq,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG,VALID_FROM');
    expect(v2[3]).toBe('dataflow,ESTAT:X_TEST(1.0),D,A,PC,DE,2020,,,2026-02-01T00:00:00.000Z');
    const v1 = toSdmxCsv(meta, rows, { timeline: 'updatedAfter' }).trimEnd().split('\r\n');
    expect(v1[0]).toBe('DATAFLOW,freq,unit,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG,ACTION');
    expect(v1.slice(1).map((l) => l.split(',').at(-1))).toEqual(['R', 'R', 'D']);
  });

  it('writes SDMX-JSON with hostile labels as JSON text and flags by index', () => {
    const named = {
      ...meta,
      dataset_name: '"}<x>',
      dimensions: [{ ...meta.dimensions[0]!, values: [{ code: 'PC', label: '"\\u0000' }] }],
    } as unknown as DatasetMeta;
    const message = JSON.parse(
      sdmxJsonData(named, rows.slice(2), { detail: 'full', dimensionAtObservation: 'TIME_PERIOD', names: true }),
    ) as {
      data: {
        structure: { name: string; dimensions: { series: { values: { name?: string }[] }[] } };
        dataSets: { series: Record<string, { observations: Record<string, unknown[]> }> }[];
      };
    };
    expect(message.data.structure.name).toBe('"}<x>');
    expect(message.data.structure.dimensions.series[1]!.values[0]!.name).toBe('"\\u0000');
    expect(message.data.dataSets[0]!.series['0:0:0']!.observations['0']).toEqual([2, 0]);
  });
});
