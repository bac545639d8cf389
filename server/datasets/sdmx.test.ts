import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { ObservationRow } from '../../db/queries/observations';
import { csvText } from './data-formats';
import { toSdmxCsv } from './sdmx';
import { codelistXml, structureSpecificData, xmlText } from './sdmx-ml';

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
