// What a view shows, in words: the unit of the selected series and a subtitle naming the selected dimension values.
import type { DatasetMeta, Dimension, Series } from '../../../core/schemas/dataset';
import { unitLabel } from './unit-labels';

export interface ViewLabels {
  /** The label of the selected unit code ('Thousand persons'); '' when the shown series have different units. */
  unit: string;
  /** The selected dimension values, unit last ('Food and non-alcoholic beverages · Annual rate of change'). */
  subtitle: string;
}

/** The dimension that carries the unit of measure (Eurostat's `unit`), if the dataset has one. */
export function unitDimension(meta: Pick<DatasetMeta, 'dimensions'>): Dimension | undefined {
  return meta.dimensions.find((d) => d.code.toLowerCase() === 'unit');
}

function codesOf(dim: Dimension, series: readonly Pick<Series, 'series_key'>[]): string[] {
  return [...new Set(series.map((s) => s.series_key[`${dim.key}_value`]).filter((c): c is string => Boolean(c)))];
}

function labelOf(dim: Dimension, code: string): string {
  const stored = dim.values.find((v) => v.code === code)?.label;
  return dim.code.toLowerCase() === 'unit' ? unitLabel(code, stored) : (stored ?? code);
}

/**
 * The unit and subtitle of the shown series. The unit is the label of the selected unit code; for the main
 * series' unit (the dimension's default) the dataset's own unit text, which may carry its symbol
 * ('Annual rate of change (%)'). A dataset without a unit dimension keeps its unit. The subtitle names, in the
 * dataset's order, each dimension that offers a choice and has one value across the shown series (a dimension
 * whose value differs between series is named in the legend instead); a bare 'Total' says of what ('Sex: Total').
 */
export function viewLabels(
  meta: Pick<DatasetMeta, 'dimensions' | 'unit'>,
  series: readonly Pick<Series, 'series_key'>[],
): ViewLabels {
  const unitDim = unitDimension(meta);
  let unit = meta.unit;
  if (unitDim && series.length > 0) {
    const codes = codesOf(unitDim, series);
    if (codes.length > 1) unit = '';
    else if (codes.length === 1 && codes[0] !== unitDim.default) unit = labelOf(unitDim, codes[0]!);
    else if (codes.length === 1 && !meta.unit) unit = labelOf(unitDim, codes[0]!);
  }
  const parts: string[] = [];
  for (const dim of meta.dimensions) {
    if (dim === unitDim || dim.values.length < 2) continue;
    const codes = series.length > 0 ? codesOf(dim, series) : [dim.default];
    if (codes.length !== 1) continue;
    const label = labelOf(dim, codes[0]!);
    parts.push(/^total$/i.test(label.trim()) ? `${dim.label}: ${label}` : label);
  }
  if (unit) parts.push(unit);
  return { unit, subtitle: parts.join(' \u00b7 ') };
}
