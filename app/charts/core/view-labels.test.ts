import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '#core/schemas/dataset';
import { viewLabels } from './view-labels';

// une_rt_m's dimensions as the API serves them.
const une: Pick<DatasetMeta, 'dimensions' | 'unit'> = {
  unit: 'Percentage of population in the labour force',
  dimensions: [
    {
      key: 'dim1',
      code: 's_adj',
      label: 'Seasonal adjustment',
      values: [
        { code: 'NSA', label: 'Unadjusted data' },
        { code: 'SA', label: 'Seasonally adjusted data' },
      ],
      default: 'SA',
    },
    {
      key: 'dim2',
      code: 'age',
      label: 'Age class',
      values: [
        { code: 'TOTAL', label: 'Total' },
        { code: 'Y_LT25', label: 'Less than 25 years' },
      ],
      default: 'TOTAL',
    },
    {
      key: 'dim3',
      code: 'unit',
      label: 'Unit of measure',
      values: [
        { code: 'PC_ACT', label: 'Percentage of population in the labour force' },
        { code: 'THS_PER', label: 'Thousand persons' },
      ],
      default: 'PC_ACT',
    },
  ],
};

const hicp: Pick<DatasetMeta, 'dimensions' | 'unit'> = {
  unit: 'Annual rate of change (%)',
  dimensions: [
    {
      key: 'dim1',
      code: 'unit',
      label: 'Unit of measure',
      values: [{ code: 'RCH_A', label: 'Annual rate of change' }],
      default: 'RCH_A',
    },
    {
      key: 'dim2',
      code: 'coicop',
      label: 'COICOP',
      values: [
        { code: 'CP00', label: 'All-items HICP' },
        { code: 'CP01', label: 'Food and non-alcoholic beverages' },
      ],
      default: 'CP00',
    },
  ],
};

const key = (dims: string[]) => ({ series_key: Object.fromEntries(dims.map((c, i) => [`dim${i + 1}_value`, c])) });

describe('viewLabels', () => {
  it('names the unit of the selected unit code, not the dataset default (issue 11, item 1)', () => {
    const labels = viewLabels(une, [key(['SA', 'Y_LT25', 'THS_PER'])]);
    expect(labels.unit).toBe('Thousand persons');
    expect(labels.subtitle).toBe('Seasonally adjusted data · Less than 25 years · Thousand persons');
  });

  it("keeps the dataset's own unit text (with its symbol) for the main series' unit", () => {
    expect(viewLabels(hicp, [key(['RCH_A', 'CP00'])])).toEqual({
      unit: 'Annual rate of change (%)',
      subtitle: 'All-items HICP · Annual rate of change (%)',
    });
  });

  it('names the selected COICOP in the subtitle', () => {
    expect(viewLabels(hicp, [key(['RCH_A', 'CP01'])]).subtitle).toBe(
      'Food and non-alcoholic beverages · Annual rate of change (%)',
    );
  });

  it('says of what a bare Total is, and leaves out dimensions that vary (the legend names them)', () => {
    const labels = viewLabels(une, [key(['SA', 'TOTAL', 'PC_ACT']), key(['NSA', 'TOTAL', 'PC_ACT'])]);
    expect(labels.subtitle).toBe('Age class: Total · Percentage of population in the labour force');
  });

  it('has no single unit when the shown series differ in unit', () => {
    const labels = viewLabels(une, [key(['SA', 'TOTAL', 'PC_ACT']), key(['SA', 'TOTAL', 'THS_PER'])]);
    expect(labels.unit).toBe('');
    expect(labels.subtitle).toBe('Seasonally adjusted data · Age class: Total');
  });

  it('keeps the unit of a dataset without a unit dimension', () => {
    expect(viewLabels({ unit: 'Euro', dimensions: [] }, [key([])])).toEqual({ unit: 'Euro', subtitle: 'Euro' });
  });

  it('names a unit stored without its label (an offline TSV import) from the Eurostat code list', () => {
    const gdp: Pick<DatasetMeta, 'dimensions' | 'unit'> = {
      unit: 'Million euro',
      dimensions: [
        {
          key: 'dim1',
          code: 'unit',
          label: 'Unit of measure',
          values: [
            { code: 'EUR_HAB', label: 'EUR_HAB' },
            { code: 'MIO_EUR', label: 'MIO_EUR' },
          ],
          default: 'MIO_EUR',
        },
      ],
    };
    expect(viewLabels(gdp, [key(['EUR_HAB'])]).unit).toBe('Euro per inhabitant');
    expect(viewLabels(gdp, [key(['MIO_EUR'])]).unit).toBe('Million euro');
  });

  it("names the main series' unit when the dataset's unit is only its code (tec00118 imported from the API)", () => {
    const tec: Pick<DatasetMeta, 'dimensions' | 'unit'> = {
      unit: 'RCH_A_AVG',
      dimensions: [
        {
          key: 'dim1',
          code: 'unit',
          label: 'unit',
          values: [{ code: 'RCH_A_AVG', label: 'RCH_A_AVG' }],
          default: 'RCH_A_AVG',
        },
      ],
    };
    expect(viewLabels(tec, [key(['RCH_A_AVG'])])).toEqual({
      unit: 'Annual average rate of change',
      subtitle: 'Annual average rate of change',
    });
    expect(viewLabels(tec, []).unit).toBe('Annual average rate of change');
  });
});
