// Server helpers shared by public pages that show live charts: a dataset's data for a few geos over recent years.
import type { DatasetData } from '#core/schemas/dataset';
import { parsePeriod, periodsPerYear, toOrdinal, frequencySchema } from '#core/periods';
import { catalogueState, memo } from '#db/catalogue-memo';
import type { ReadDb } from '#db/client';
import { findDataset, getDatasetCoverage } from '#db/queries/datasets';
import { loadView, openDataset } from '#db/queries/view';
import { coverageNote } from '../../charts';

export interface ChartRequest {
  code: string;
  countries: string[];
  /** First year read; every period when absent (what the chart widget loads for a selection). */
  fromYear?: number;
}

/** The data response of the main series for the geos and years asked; null when the dataset is not imported. */
export async function chartData(db: ReadDb, req: ChartRequest): Promise<DatasetData | null> {
  return memo(await catalogueState(db), `featured:${JSON.stringify(req)}`, () => loadChartData(db, req));
}

async function loadChartData(db: ReadDb, req: ChartRequest): Promise<DatasetData | null> {
  const opened = await openDataset(db, req.code);
  if (!opened) return null;
  const { meta } = opened;
  const freq = frequencySchema.parse(meta.frequency);
  const from = req.fromYear === undefined ? undefined : toOrdinal(freq, req.fromYear);
  return (await loadView(db, meta, { dims: {}, countries: req.countries, from })).data;
}

/**
 * What a featured chart's places do not have yet: the dataset's newest period, which only some places have reached
 * ('5/2025: 21 of 45 places'), with the dataset page's view that shows it; null when the chart reaches it. The home
 * page's euro-area line ends a month before the countries' figures beside it, and says why.
 */
export async function newerPeriodNote(db: ReadDb, data: DatasetData): Promise<{ text: string; href: string } | null> {
  const code = data.dataset.dataset_code;
  const geos = data.data.flatMap((s) => s.rows.flatMap((r) => Object.keys(r.values))).sort();
  return memo(await catalogueState(db), `featured-note:${code}:${[...new Set(geos)].join(',')}`, async () => {
    const row = await findDataset(db, code);
    if (!row) return null;
    const coverage = await getDatasetCoverage(db, row, data.dataset);
    const newest = coverage.partial.at(-1);
    const text = coverageNote(coverage);
    const newestOrdinal = newest ? parsePeriod(newest.period)?.ordinal : undefined;
    if (!newest || !text || newestOrdinal === undefined) return null;
    const shown = data.data.flatMap((s) =>
      s.rows.filter((r) => Object.keys(r.values).length > 0).map((r) => parsePeriod(r.period)?.ordinal ?? -1),
    );
    if (shown.length > 0 && Math.max(...shown) >= newestOrdinal) return null;
    return { text, href: `/datasets/${encodeURIComponent(code)}?time_end=${newest.period}` };
  });
}

export interface LatestFigure {
  geo: string;
  name: string;
  period: string;
  value: number;
  /** The value twelve months (or one year) before, when published. */
  yearBefore: number | null;
}

/** Latest value and the value a year earlier per geo, from a chart data response. */
export function latestFigures(data: DatasetData): LatestFigure[] {
  const series = data.data[0];
  if (!series) return [];
  const perYear = periodsPerYear(data.dataset.frequency);
  const codeOf = new Map(data.dataset.available_countries.map((c) => [c.name, c.code]));
  const out: LatestFigure[] = [];
  for (const [name, code] of codeOf) {
    for (let i = series.rows.length - 1; i >= 0; i--) {
      const value = series.rows[i]!.values[name];
      if (value === undefined) continue;
      out.push({
        geo: code,
        name,
        period: series.rows[i]!.period,
        value,
        yearBefore: series.rows[i - perYear]?.values[name] ?? null,
      });
      break;
    }
  }
  return out;
}
