import { describe, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { buildJsonExport, exportDatasetBlock, PRODUCT_NAME, selectedDimensions } from './json-export';

const hicp = loadHicp(['DE', 'FR', 'EA20']);
const now = new Date('2026-01-02T03:04:05.000Z');

describe('buildJsonExport', () => {
  it('has exactly the blocks and fields of the specification', () => {
    const out = buildJsonExport({
      dataset: hicp.dataset,
      series: hicp.data,
      view: { chartType: 'line', dimensions: {}, countries: [] },
      range: { start: 336, end: 340 },
      now,
    });
    expect(Object.keys(out)).toEqual(['dataset', 'filters', 'data', 'metadata']);
    expect(out.dataset).toMatchObject({
      id: 1,
      dataset_code: 'prc_hicp_manr',
      dataset_name: 'HICP - monthly data (annual rate of change)',
      source_name: 'Eurostat',
      oldest_period: '1/1997',
      latest_period: '5/2025',
    });
    expect(out.dataset.dimensions[0]!.key).toBe('dim1');
    expect(out.dataset.available_countries).toEqual([
      { code: 'DE', name: 'Germany' },
      { code: 'FR', name: 'France' },
      { code: 'EA20', name: 'Euro area (20)' },
    ]);
    expect(out.filters).toEqual({
      selected_dimensions: { dim1: ['CP00'] },
      chart_type: 'line',
      selected_countries: ['DE', 'FR', 'EA20'],
    });
    expect(out.data.map((r) => r.period)).toEqual(['1/2025', '2/2025', '3/2025', '4/2025', '5/2025']);
    // Flags travel with the values they belong to (issue 11, item 7: the JSON export dropped them).
    expect(out.data[4]).toEqual({
      period: '5/2025',
      values: { Germany: 2.1, France: 0.6 },
      flags: { Germany: 'e', France: 'e' },
    });
    expect(out.metadata).toEqual({
      total_periods: 5,
      total_series: 1,
      export_timestamp: '2026-01-02T03:04:05.000Z',
      export_format: 'json',
    });
  });

  it('keys values by series when several series are shown', () => {
    const two = loadHicp(['DE'], ['CP00', 'CP01']);
    const out = buildJsonExport({
      dataset: two.dataset,
      series: two.data,
      view: { chartType: 'bar', dimensions: { dim1: ['CP00', 'CP01'] }, countries: ['DE'] },
      range: { start: 339, end: 339 },
      now,
    });
    expect(out.data).toHaveLength(1);
    expect(out.data[0]!.period).toBe('4/2025');
    expect(Object.keys(out.data[0]!.values)).toEqual(['All-items HICP', 'Food and non-alcoholic beverages']);
    expect(out.metadata.total_series).toBe(2);
    expect(out.filters.selected_dimensions).toEqual({ dim1: ['CP00', 'CP01'] });
  });

  it('falls back to the specification defaults when the dataset is unknown', () => {
    const out = buildJsonExport({
      dataset: { id: 42 },
      series: null,
      view: { chartType: 'map', dimensions: {}, countries: ['DE'] },
      now,
    });
    expect(out.dataset).toMatchObject({
      id: 42,
      dataset_code: 'dataset_42',
      dataset_name: 'Chart',
      source_name: PRODUCT_NAME,
      dimensions: [],
      available_countries: [],
    });
    expect(out.data).toEqual([]);
    expect(out.filters.selected_countries).toEqual(['DE']);
    expect(out.metadata).toMatchObject({ total_periods: 0, total_series: 1, export_format: 'json' });
    expect(exportDatasetBlock(null).dataset_code).toBe('dataset_unknown');
    expect(exportDatasetBlock({ dataset_name: '  ', source_name: '' })).toMatchObject({
      dataset_name: 'Chart',
      source_name: PRODUCT_NAME,
    });
  });

  it('never throws on malformed series', () => {
    const broken = [{ id: 1, series_key: {}, rows: [{ period: 'soon', values: { X: Number.NaN } }] }];
    const out = buildJsonExport({
      dataset: hicp.dataset,
      series: broken,
      view: { chartType: 'bar', dimensions: {}, countries: [] },
      now,
    });
    expect(out.data).toEqual([]);
  });
});

describe('selectedDimensions', () => {
  it('writes each dimension chosen, or its default', () => {
    expect(selectedDimensions(hicp.dataset.dimensions, { chartType: 'bar', dimensions: {}, countries: [] })).toEqual({
      dim1: ['CP00'],
    });
    expect(
      selectedDimensions(hicp.dataset.dimensions, {
        chartType: 'bar',
        dimensions: { dim1: ['CP01'], dim9: ['X'] },
        countries: [],
      }),
    ).toEqual({ dim1: ['CP01'], dim9: ['X'] });
  });
});
