// Server helpers for dataset pages: the chart view of the URL, its data and flags, and map outlines.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { isAggregate } from '../../../core/geo';
import { formatPeriod, parsePeriod } from '../../../core/periods';
import type { DatasetMeta } from '../../../core/schemas/dataset';
import type { ReadDb } from '../../../db/client';
import { selectObservations, toSeriesList, type DataSelection } from '../../../db/queries/observations';
import { NO_DATA_MESSAGE, NO_MATCHING_SERIES_MESSAGE } from '../../charts/core/chart-messages';
import { flagKey } from '../../charts/table/table-marks';
import { parseViewQuery, type ChartViewSpec, type QueryReader } from '../../charts/export/view-query';
import type { Outlines } from '../../charts/map/map-match';
import type { LoadedOutlines } from '../../charts/widget/chart-view';
import type { WidgetData } from '../../charts/widget/widget-data';
import { chooseOutlines, geoCodesOf, outlinesPath, type OutlineChoice } from '../../charts/widget/widget-state';

/** A dataset whose geos are mostly NUTS regions opens as a map; every other as the specification's bar chart. */
export function defaultChartType(meta: DatasetMeta): ChartViewSpec['chartType'] {
  const codes = meta.available_countries.map((c) => c.code).filter((c) => !isAggregate(c));
  const regions = codes.filter((c) => /^[A-Z]{2}[0-9A-Z]{1,3}$/.test(c));
  return codes.length > 0 && regions.length * 2 > codes.length ? 'map' : 'bar';
}

export interface PageView {
  view: ChartViewSpec;
  /** Parameters the page ignored, for the log and tests. */
  problems: string[];
}

/** The view the URL asks for; without chart_type the dataset's default type. */
export function pageView(meta: DatasetMeta, query: QueryReader): PageView {
  const parsed = parseViewQuery(query);
  const view = query.get('chart_type') ? parsed.view : { ...parsed.view, chartType: defaultChartType(meta) };
  return { view, problems: parsed.problems };
}

/** The query's selection for the observation query, or the specification's message when it matches nothing. */
export function selectionOf(
  meta: DatasetMeta,
  view: ChartViewSpec,
  range: { from?: string; to?: string } = {},
): DataSelection | { error: string } {
  const sel: DataSelection = { dims: {} };
  for (const [key, codes] of Object.entries(view.dimensions)) {
    const dim = meta.dimensions.find((d) => d.key === key);
    if (!dim || codes.some((c) => !dim.values.some((v) => v.code === c))) return { error: NO_MATCHING_SERIES_MESSAGE };
    sel.dims[key] = codes;
  }
  if (view.countries.length > 0) {
    const known = view.countries.filter((c) => meta.available_countries.some((g) => g.code === c));
    if (known.length === 0) return { error: NO_DATA_MESSAGE };
    sel.countries = known;
  }
  const ordinal = (text: string | undefined) => {
    const p = text ? parsePeriod(text) : null;
    return p && p.freq === meta.frequency ? p.ordinal : undefined;
  };
  sel.from = ordinal(range.from);
  sel.to = ordinal(range.to);
  return sel;
}

/**
 * The widget's data for a view: every period (the slider needs them) up to time_end, in the API's shape,
 * with the flags of the values keyed as the table view looks them up.
 */
export async function chartData(
  db: ReadDb,
  meta: DatasetMeta,
  view: ChartViewSpec,
): Promise<{ value: WidgetData } | { error: string }> {
  const sel = selectionOf(meta, view, { to: view.timeEnd });
  if ('error' in sel) return sel;
  const rows = await selectObservations(db, meta, sel);
  const flags: Record<string, string> = {};
  for (const r of rows) {
    if (r.flags && r.value !== null) {
      flags[flagKey(`${r.seriesId}:${r.geoName}`, formatPeriod(meta.frequency, r.period))] = r.flags;
    }
  }
  return { value: { data: { dataset: meta, data: toSeriesList(meta, rows) }, flags } };
}

/** The shared data folder (the server's default): NUTS outlines live in geo/nuts2021/nutsrg_{level}.json. */
function dataMirror(): string {
  return process.env.DATA_MIRROR ?? path.resolve(process.cwd(), '../shared/data');
}

const outlineCache = new Map<string, Promise<Outlines | null>>();

async function readOutlines(choice: OutlineChoice): Promise<Outlines | null> {
  if (choice.kind === 'nuts') {
    const file = path.join(dataMirror(), 'geo', 'nuts2021', `nutsrg_${choice.level}.json`);
    return JSON.parse(await readFile(file, 'utf8')) as Outlines;
  }
  // The same outlines GET /api/geo/world serves: world-atlas 110m countries without Antarctica.
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-110m.json');
  const topology = JSON.parse(await readFile(file, 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const all = feature(topology, topology.objects.countries) as unknown as Outlines;
  return {
    type: 'FeatureCollection',
    features: all.features
      .filter((f) => f.properties?.name !== 'Antarctica')
      .map((f) => (f.id === undefined ? f : { ...f, id: String(f.id) })),
  };
}

/** Outlines for a map of this data, read once per process; null when the files are missing. */
export async function outlinesForData(data: WidgetData['data']): Promise<LoadedOutlines | null> {
  const choice = chooseOutlines(geoCodesOf(data));
  const key = outlinesPath(choice);
  let hit = outlineCache.get(key);
  if (!hit) {
    hit = readOutlines(choice).catch(() => null);
    outlineCache.set(key, hit);
  }
  const outlines = await hit;
  return outlines ? { kind: choice.kind, outlines, path: key } : null;
}
