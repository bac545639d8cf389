import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { ObservationRow } from '../../db/queries/observations';
import { csvText } from './data-formats';
import { toSdmxCsv } from './sdmx';

const meta = {
  dataset_code: 'x_test',
  frequency: 'A',
  dimensions: [{ key: 'dim1', code: 'unit', label: 'Unit', values: [], default: 'PC' }],
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
