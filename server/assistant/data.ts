// What the assistant reads, through db/queries only: dataset metadata (the one memoised getDatasetMeta), series
// observations (the one view loader), places (the gazetteer with NUTS names from the geos table) and each value's
// citation.
import { unitLabel, viewPairs, type ChartType } from '../../app/charts';
import type { Citation } from '../../core/assistant/compose';
import { buildGazetteer, type Gazetteer } from '../../core/assistant/places';
import { formatPeriod, frequencySchema, type Frequency } from '../../core/periods';
import type { DatasetMeta } from '../../core/schemas/dataset';
import { catalogueState, memo } from '../../db/catalogue-memo';
import type { ReadDb } from '../../db/client';
import { listRegions } from '../../db/queries/assistant';
import { loadView, openDataset, type ViewTooLarge } from '../../db/queries/view';

export interface Dataset {
  meta: DatasetMeta;
  freq: Frequency;
}

/** A dataset by code with its dimensions; the metadata is memoised per release of the dataset (catalogue memo). */
export async function loadDataset(db: ReadDb, code: string): Promise<Dataset | null> {
  const opened = await openDataset(db, code);
  if (!opened) return null;
  return { meta: opened.meta, freq: frequencySchema.parse(opened.meta.frequency) };
}

/**
 * Countries, aggregates and the NUTS regions of the geos table, built once per catalogue version (the one memo): an
 * import that adds regions moves the version, so its regions are found by the next question.
 */
export async function gazetteerFor(db: ReadDb): Promise<Gazetteer> {
  return memo(await catalogueState(db), 'gazetteer', async () => buildGazetteer(await listRegions(db)));
}

/**
 * What a value of the dataset is, for sentences (decision 210): its title's subject, up to the first " - ", " by ",
 * "(" or comma ("asylum applicants", "HICP"). The chat and the researcher (decision 211) name a dataset by it.
 */
export function measureName(ds: Dataset): string {
  const lead = ds.meta.dataset_name.split(/\s+-\s+|\s+by\s+|\s*\(|,\s+/)[0]!.trim() || ds.meta.dataset_name;
  // "Unemployment", not "unemployment"; acronyms (HICP, GDP) stay as written.
  return /^[A-Z][a-z]/.test(lead) ? lead.charAt(0).toLowerCase() + lead.slice(1) : lead;
}

/** The dataset as a source in a sentence: "Eurostat's asylum applicants (migr_asyappctza)". */
export function sourceName(ds: Dataset): string {
  const name = measureName(ds);
  const said = ds.meta.source_name ? `${ds.meta.source_name}'s ${name}` : name.charAt(0).toUpperCase() + name.slice(1);
  return `${said} (${ds.meta.dataset_code})`;
}

/** A series chosen by dimension codes: codes the question did not name take the dataset's main series. */
export interface SeriesChoice {
  /** dimN → code, every dimension. */
  dims: Record<string, string>;
  /** Dimension code → value code. */
  byCode: Record<string, string>;
}

/** The series for the asked dimension values, or the value the dataset does not have. */
export function chooseSeries(ds: Dataset, asked: Record<string, string>): SeriesChoice | { missing: string } {
  const dims: Record<string, string> = {};
  const byCode: Record<string, string> = {};
  for (const d of ds.meta.dimensions) {
    const wanted = asked[d.code];
    if (wanted !== undefined && !d.values.some((v) => v.code === wanted)) return { missing: `${d.code} ${wanted}` };
    dims[d.key] = wanted ?? d.default;
    byCode[d.code] = dims[d.key]!;
  }
  return { dims, byCode };
}

export interface Obs {
  geo: string;
  geoName: string;
  period: number;
  value: number;
  decimals: number | null;
  flags: string | null;
}

/**
 * Published values (no empty cells) of one series for the geos and ordinals given, oldest first. Through the one value
 * cap (db/queries/view.ts), or the fewer `maxValues` a caller has left: more throw `ViewTooLarge`, which the
 * assistant and the researcher say in words (tooManyValuesNote) instead of a number.
 */
export async function observations(
  db: ReadDb,
  ds: Dataset,
  series: SeriesChoice,
  geos: readonly string[] | undefined,
  from?: number,
  to?: number,
  maxValues?: number,
): Promise<Obs[]> {
  const selection = {
    dims: Object.fromEntries(Object.entries(series.dims).map(([k, v]) => [k, [v]])),
    countries: geos ? [...geos] : undefined,
    from,
    to,
  };
  const { rows } = await loadView(db, ds.meta, selection, { maxValues });
  return observationsOf(rows);
}

type ViewRow = Awaited<ReturnType<typeof loadView>>['rows'][number];

/** A view's rows that have a value, as observations in order of period, then place (the chat's and the chart's). */
export function observationsOf(rows: readonly ViewRow[]): Obs[] {
  return rows
    .filter((r) => r.value !== null)
    .map((r) => ({
      geo: r.geo,
      geoName: r.geoName,
      period: r.period,
      value: r.value!,
      decimals: r.decimals,
      flags: r.flags,
    }))
    .sort((a, b) => a.period - b.period || a.geo.localeCompare(b.geo));
}

/** What the assistant says instead of an answer whose read is over the value cap. */
export function tooManyValuesNote(error: ViewTooLarge): string {
  return (
    `That question covers more than the ${error.max.toLocaleString('en')} values one answer reads. ` +
    'Ask about fewer places or a shorter period.'
  );
}

/** "Annual rate of change · Food": the labels of the series' dimension values. */
export function seriesLabel(ds: Dataset, series: SeriesChoice): string {
  return ds.meta.dimensions
    .map((d) => {
      const code = series.dims[d.key]!;
      const stored = d.values.find((v) => v.code === code)?.label;
      // A unit read without its code list is named as charts name it ('Annual average rate of change', not RCH_A_AVG).
      return d.code.toLowerCase() === 'unit' ? unitLabel(code, stored) : (stored ?? code);
    })
    .join(' · ');
}

/** The dimension[] values a view needs: those that differ from the dataset's main series. */
export function viewDimensions(ds: Dataset, series: SeriesChoice): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of ds.meta.dimensions) if (series.dims[d.key] !== d.default) out[d.key] = [series.dims[d.key]!];
  return out;
}

/** The dataset page's chart view of some places and periods: chart_type, dimension[], country[], time_start/end. */
export function viewUrl(
  origin: string,
  ds: Dataset,
  series: SeriesChoice,
  chartType: ChartType,
  geos: readonly string[],
  from: number,
  to: number,
  embed = false,
): string {
  const pairs = viewPairs({
    chartType,
    dimensions: viewDimensions(ds, series),
    countries: [...geos],
    timeStart: formatPeriod(ds.freq, from),
    timeEnd: formatPeriod(ds.freq, to),
  });
  // The view query's spelling: `[]` in names and `:`, `/`, `,` in values stay readable.
  const query = (embed ? [['embed', 'true'], ...pairs] : pairs)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',')}`)
    .join('&');
  return `${origin.replace(/\/+$/, '')}/datasets/${encodeURIComponent(ds.meta.dataset_code)}?${query}`;
}

/** How a place is named in answers: countries by name, aggregates and regions by name and code. */
export function placeName(code: string, label: string): string {
  const name = label.replace(` (${code})`, '');
  if (/^(EU|EA|EEA)/.test(code)) return `${name.replace(/ \((.*)\)$/, ' – $1')} (${code})`;
  if (code.length > 2) return `${name} (${code})`;
  return name.replace(/\*$/, '');
}

/** The series' unit code (its `unit` dimension), for the unit written after a value. */
export function unitCodeOf(series: SeriesChoice): string {
  return series.byCode.unit ?? '';
}

/** The citation of one observation. */
export function citationOf(origin: string, ds: Dataset, series: SeriesChoice, o: Obs): Omit<Citation, 'flag_meaning'> {
  return {
    dataset_code: ds.meta.dataset_code,
    geo: o.geo,
    period: formatPeriod(ds.freq, o.period),
    value: o.value,
    flags: o.flags,
    url: viewUrl(origin, ds, series, 'bar', [o.geo], o.period, o.period),
    dataset_name: ds.meta.dataset_name,
    series: seriesLabel(ds, series),
    place: placeName(o.geo, o.geoName),
    unit: unitCodeOf(series),
    decimals: o.decimals,
  };
}
