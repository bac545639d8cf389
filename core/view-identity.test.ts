// Which views of a dataset are the same followed view (decision 198): type, series and places, not the periods.
import { describe, expect, it } from 'vitest';
import { viewIdentity, type ViewIdentityParts } from './view';

const meta = {
  dimensions: [
    { key: 'dim1', code: 'unit', label: 'Unit', values: [], default: 'RCH_A' },
    { key: 'dim2', code: 'coicop', label: 'Product', values: [], default: 'CP00' },
  ],
};
const view = (v: Partial<ViewIdentityParts>): ViewIdentityParts => ({
  chartType: 'line',
  dimensions: {},
  countries: ['DE', 'FR'],
  ...v,
});

describe('viewIdentity', () => {
  it('tells the places apart: Germany and France are not Spain and Italy', () => {
    expect(viewIdentity(meta, view({}))).not.toBe(viewIdentity(meta, view({ countries: ['ES', 'IT'] })));
    expect(viewIdentity(meta, view({}))).not.toBe(viewIdentity(meta, view({ countries: ['DE'] })));
  });

  it('tells the chart type and the series apart', () => {
    expect(viewIdentity(meta, view({}))).not.toBe(viewIdentity(meta, view({ chartType: 'table' })));
    expect(viewIdentity(meta, view({}))).not.toBe(viewIdentity(meta, view({ dimensions: { dim2: ['CP01'] } })));
  });

  it('reads a dimension left out as the main series, and sets in one order', () => {
    const named = view({ dimensions: { dim1: ['RCH_A'], dim2: ['CP00'] }, countries: ['FR', 'DE', 'FR'] });
    expect(viewIdentity(meta, named)).toBe(viewIdentity(meta, view({})));
    expect(viewIdentity(meta, view({ dimensions: { dim2: ['CP01', 'CP00'] } }))).toBe(
      viewIdentity(meta, view({ dimensions: { dim2: ['CP00', 'CP01'] } })),
    );
  });
});
