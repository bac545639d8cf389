// Resolves a post's chart shortcode against the catalogue into a chart widget with its server-read data.
import type { ChartShortcode } from '#core/blog/chart-shortcode';
import { resolveSelection, type SelectionRequest } from '#core/selection';
import type { DatasetMeta } from '#core/schemas/dataset';
import type { ReadDb } from '#db/client';
import { findDataset, getDatasetMeta } from '#db/queries/datasets';
import type { PlaceChart } from '#app/components/statistics/place-data';
import { chartOf } from '#app/features/statistics/place-charts.server';

export type ResolvedChart = { ok: true; chart: PlaceChart } | { ok: false; message: string };

/**
 * The shortcode's selection in the one parser's terms: a dimension may be named by its key (dim2) or its code
 * (coicop), periods are from and to.
 */
function requestOf(meta: DatasetMeta, sc: ChartShortcode): SelectionRequest {
  const dims: Record<string, string[]> = {};
  for (const [name, codes] of Object.entries(sc.dimensions)) {
    dims[meta.dimensions.find((d) => d.key === name || d.code === name)?.key ?? name] = codes;
  }
  return { dims, countries: sc.countries, from: sc.from, fromParam: 'from', to: sc.to, toParam: 'to' };
}

export async function resolveShortcode(db: ReadDb, sc: ChartShortcode): Promise<ResolvedChart> {
  const row = await findDataset(db, sc.dataset);
  if (!row) return { ok: false, message: `no dataset with id or code "${sc.dataset}"` };
  const meta = await getDatasetMeta(db, row);
  // Checked by the one selection parser, as the API and pages check a view: the first problem is the message.
  const { selection, problems } = resolveSelection(meta, requestOf(meta, sc));
  if (problems[0]) return { ok: false, message: problems[0].message };
  const chart = await chartOf(db, row, {
    dimensions: selection.dims as Record<string, string[]>,
    countries: sc.countries,
    from: selection.from,
    to: selection.to,
    chartType: sc.type,
    title: sc.title,
    cutFrom: true,
    height: sc.height,
  });
  return { ok: true, chart };
}
