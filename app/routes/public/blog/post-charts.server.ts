// Resolves a post's chart shortcode against the catalogue into a chart widget with its server-read data.
import type { ChartShortcode } from '../../../../core/blog/chart-shortcode';
import { parsePeriod } from '../../../../core/periods';
import type { DatasetMeta } from '../../../../core/schemas/dataset';
import type { ReadDb } from '../../../../db/client';
import { findDataset, getDatasetMeta } from '../../../../db/queries/datasets';
import type { PlaceChart } from '../../../components/statistics/place-data';
import { chartOf } from '../../../features/statistics/place-charts.server';

export type ResolvedChart = { ok: true; chart: PlaceChart } | { ok: false; message: string };

class ShortcodeError extends Error {}

function dimensionsOf(meta: DatasetMeta, wanted: ChartShortcode['dimensions']): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, codes] of Object.entries(wanted)) {
    const dim = meta.dimensions.find((d) => d.key === name || d.code === name);
    if (!dim) throw new ShortcodeError(`invalid dimension: "${name}" is not a dimension of ${meta.dataset_code}`);
    for (const code of codes) {
      if (!dim.values.some((v) => v.code === code)) {
        throw new ShortcodeError(`invalid ${name}: "${code}" is not a value of ${dim.code}`);
      }
    }
    out[dim.key] = codes;
  }
  return out;
}

function periodOf(meta: DatasetMeta, name: 'from' | 'to', raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const p = parsePeriod(raw);
  if (!p || p.freq !== meta.frequency) {
    throw new ShortcodeError(`invalid ${name}: "${raw}" is not a period of ${meta.dataset_code}`);
  }
  return p.ordinal;
}

export async function resolveShortcode(db: ReadDb, sc: ChartShortcode): Promise<ResolvedChart> {
  const row = await findDataset(db, sc.dataset);
  if (!row) return { ok: false, message: `no dataset with id or code "${sc.dataset}"` };
  try {
    const meta = await getDatasetMeta(db, row);
    const dimensions = dimensionsOf(meta, sc.dimensions);
    for (const c of sc.countries) {
      if (!meta.available_countries.some((g) => g.code === c)) {
        throw new ShortcodeError(`invalid country: "${c}" has no data in ${meta.dataset_code}`);
      }
    }
    const chart = await chartOf(db, row, {
      dimensions,
      countries: sc.countries,
      from: periodOf(meta, 'from', sc.from),
      to: periodOf(meta, 'to', sc.to),
      chartType: sc.type,
      title: sc.title,
      cutFrom: true,
      height: sc.height,
    });
    return { ok: true, chart };
  } catch (error) {
    if (error instanceof ShortcodeError) return { ok: false, message: error.message };
    throw error;
  }
}
