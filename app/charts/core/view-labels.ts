// What a view shows, in words: the unit of the selected series and a subtitle naming the selected dimension values.
import type { DatasetMeta, Dimension, Series, ViewTransform } from '#core/schemas/dataset';
import { transformUnit } from '#core/selection-transform';
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
 * Transformed values (decision 034) show the transformation's unit ('Index, 1/2020 = 100'; a difference keeps the
 * unit of its values: 'Difference on previous month, Thousand persons').
 */
export function viewLabels(
  meta: Pick<DatasetMeta, 'dimensions' | 'unit'> & Partial<Pick<DatasetMeta, 'frequency'>>,
  series: readonly Pick<Series, 'series_key'>[],
  transform?: ViewTransform,
): ViewLabels {
  const unitDim = unitDimension(meta);
  // A dataset imported without labels stores its unit as the bare code ('RCH_A_AVG'): that is no unit to show.
  let unit = unitDim && meta.unit === unitDim.default ? labelOf(unitDim, unitDim.default) : meta.unit;
  if (unitDim && series.length > 0) {
    const codes = codesOf(unitDim, series);
    if (codes.length > 1) unit = '';
    else if (codes.length === 1 && codes[0] !== unitDim.default) unit = labelOf(unitDim, codes[0]!);
    else if (codes.length === 1 && !unit) unit = labelOf(unitDim, codes[0]!);
  }
  const parts: string[] = [];
  for (const dim of meta.dimensions) {
    if (dim === unitDim || dim.values.length < 2) continue;
    const codes = series.length > 0 ? codesOf(dim, series) : [dim.default];
    if (codes.length !== 1) continue;
    const label = labelOf(dim, codes[0]!);
    parts.push(/^total$/i.test(label.trim()) ? `${dim.label}: ${label}` : label);
  }
  if (transform) {
    const request =
      transform.kind === 'index'
        ? { kind: 'index' as const, base: transform.base ?? '' }
        : { kind: transform.kind, lag: transform.lag ?? 1 };
    unit = transformUnit(request, meta.frequency ?? 'A', unit);
  }
  if (unit) parts.push(unit);
  return { unit, subtitle: parts.join(' \u00b7 ') };
}
