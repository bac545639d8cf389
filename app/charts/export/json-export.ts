// The specification's JSON export: dataset block, filters, data rows and metadata, with its fallbacks.
import type { DatasetMeta, Dimension, Series, ViewTransform } from '#core/schemas/dataset';
import { flagIndex } from '../core/chart-tooltip';
import { buildChartTable, sliceTable } from '../core/chart-series';
import type { ChartType } from '../core/slider';
import type { ChartViewSpec } from './view-query';

/** The product name: the source name when a dataset's is unknown (specification §3). */
export const PRODUCT_NAME = 'Statistics publisher';
export const FALLBACK_CHART_NAME = 'Chart';

export interface JsonExport {
  dataset: {
    id: number | null;
    dataset_code: string;
    dataset_name: string;
    description: string;
    source_name: string;
    source_url: string;
    unit: string;
    frequency: string;
    last_update: string | null;
    /** `import`: the source gave no date and `last_update` is when the data was imported here (decision 208). */
    last_update_from: 'source' | 'import';
    oldest_period: string | null;
    latest_period: string | null;
    dimensions: Dimension[];
    available_countries: { code: string; name: string }[];
  };
  filters: {
    selected_dimensions: Record<string, string[]>;
    chart_type: ChartType;
    selected_countries: string[];
    /** The values' transformation, when the view has one (decision 034). */
    transform?: ViewTransform;
  };
  /** `flags`: the observation flags of the values that carry any (e, p, b …), keyed as `values`. */
  data: { period: string; values: Record<string, number>; flags?: Record<string, string> }[];
  metadata: {
    total_periods: number;
    total_series: number;
    export_timestamp: string;
    export_format: 'json';
  };
}

export interface JsonExportInput {
  /** The dataset as far as it is known; missing fields take the specification's defaults. */
  dataset?: Partial<DatasetMeta> | null;
  /** The data series of the view (the API's `data`). */
  series?: readonly Series[] | null;
  /** The transformation the values went through (the API's `transform`). */
  transform?: ViewTransform;
  view: ChartViewSpec;
  /** The shown periods as indices into the view's timeline (inclusive); null: every period. */
  range?: { start: number; end: number } | null;
  /** The export time (injected so that tests are deterministic). */
  now?: Date;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function orNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The dataset block with the fallbacks: product name as source, dataset_{id} as code, 'Chart' as name. */
export function exportDatasetBlock(dataset: Partial<DatasetMeta> | null | undefined): JsonExport['dataset'] {
  const d = dataset ?? {};
  const id = typeof d.id === 'number' && Number.isFinite(d.id) ? d.id : null;
  return {
    id,
    dataset_code: text(d.dataset_code, `dataset_${id ?? 'unknown'}`),
    dataset_name: text(d.dataset_name, FALLBACK_CHART_NAME),
    description: text(d.description, ''),
    source_name: text(d.source_name, PRODUCT_NAME),
    source_url: text(d.source_url, ''),
    unit: text(d.unit, ''),
    frequency: text(d.frequency, ''),
    last_update: orNull(d.last_update),
    last_update_from: d.last_update_from === 'import' ? 'import' : 'source',
    oldest_period: orNull(d.oldest_period),
    latest_period: orNull(d.latest_period),
    dimensions: Array.isArray(d.dimensions) ? d.dimensions : [],
    available_countries: Array.isArray(d.available_countries) ? d.available_countries : [],
  };
}

/** Each dimension's chosen codes; a dimension the view leaves out is its main-series default. */
export function selectedDimensions(dimensions: readonly Dimension[], view: ChartViewSpec): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of dimensions) {
    const chosen = view.dimensions[d.key];
    out[d.key] = chosen && chosen.length > 0 ? [...chosen] : d.default ? [d.default] : [];
  }
  for (const [key, codes] of Object.entries(view.dimensions)) if (!out[key]) out[key] = [...codes];
  return out;
}

/**
 * Builds the export of what the chart shows: one entry per period with a value, values keyed as the
 * chart's legend names them (the country for one data series). Never throws: unknown parts fall back.
 */
export function buildJsonExport(input: JsonExportInput): JsonExport {
  const dataset = exportDatasetBlock(input.dataset);
  const series = Array.isArray(input.series) ? input.series : [];
  const now = input.now ?? new Date();
  let rows: JsonExport['data'] = [];
  let countries: string[] = [...input.view.countries];
  try {
    const meta: DatasetMeta = {
      ...dataset,
      id: dataset.id ?? 0,
      frequency: input.dataset?.frequency ?? 'A',
      categories: [],
    };
    const full = buildChartTable(
      { dataset: meta, data: [...series], ...(input.transform ? { transform: input.transform } : {}) },
      { countries: input.view.countries },
    );
    const table = input.range ? sliceTable(full, input.range.start, input.range.end) : full;
    const flagsOf = flagIndex({ dataset: meta, data: [...series] });
    // The values are in the unit of the selected series, which the dataset's own unit may not be.
    if (table.unit) dataset.unit = table.unit;
    rows = table.periods
      .map((period, i) => {
        const values: Record<string, number> = {};
        const flags: Record<string, string> = {};
        for (const s of table.series) {
          const v = s.values[i];
          if (typeof v !== 'number') continue;
          values[s.label] = v;
          const f = flagsOf.get(`${s.key}|${period}`);
          if (f) flags[s.label] = f;
        }
        return Object.keys(flags).length > 0 ? { period, values, flags } : { period, values };
      })
      .filter((r) => Object.keys(r.values).length > 0);
    if (countries.length === 0) {
      const codeOf = new Map(dataset.available_countries.map((c) => [c.name, c.code]));
      countries = [...new Set(table.series.map((s) => codeOf.get(s.geo) ?? s.geo))];
    }
  } catch {
    // The specification: a failed export still answers with the defaults.
    rows = [];
  }
  return {
    dataset,
    filters: {
      selected_dimensions: selectedDimensions(dataset.dimensions, input.view),
      chart_type: input.view.chartType,
      selected_countries: countries,
      ...(input.transform ? { transform: input.transform } : {}),
    },
    data: rows,
    metadata: {
      total_periods: rows.length,
      total_series: Math.max(1, series.length),
      export_timestamp: now.toISOString(),
      export_format: 'json',
    },
  };
}
