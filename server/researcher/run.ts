// Plans a research question with the chat's catalogue choice (decision 211) and runs a plan (decision 145): each
// step's observations through the one view loader (server/assistant/data.ts over db/queries/view.ts), its revisions
// (decision 125), its links (data API JSON and CSV, chart view, embed, PNG), then the pure report writer
// (core/researcher/report.ts). Measures and sources are named from the dataset's own title, as the chat names them.
import { declinedPlan, planNotFound, planSteps, readResearch, type ResearchPlan } from '../../core/researcher/plan';
import { writeReport, type Report, type StepData, type StepPlace } from '../../core/researcher/report';
import { convertOrdinal, formatPeriod, parsePeriod, type Frequency } from '../../core/periods';
import type { ReadDb } from '../../db/client';
import { listRevisions } from '../../db/queries/revisions';
import { valueCapOf, ViewTooLarge } from '../../db/queries/view';
import { chooseDatasets } from '../assistant/choose';
import {
  chooseSeries,
  citationOf,
  gazetteerFor,
  loadDataset,
  measureName,
  observations,
  placeName,
  seriesLabel,
  sourceName,
  unitCodeOf,
  viewUrl,
  type Dataset,
  type SeriesChoice,
} from '../assistant/data';

/**
 * Plans a research question: the question read (pure, core/researcher/plan.ts), then the dataset and series the
 * chat's catalogue choice finds for its words (server/assistant/choose.ts), then the steps over that dataset.
 */
export async function planQuestion(db: ReadDb, question: string, today: Date): Promise<ResearchPlan> {
  const gazetteer = await gazetteerFor(db);
  const reading = readResearch(question, { gazetteer, today });
  if (!('q' in reading)) return declinedPlan(question, reading.declined);
  const choice = await chooseDatasets(db, reading.topicText, reading.q, gazetteer);
  if (choice.kind === 'none') return declinedPlan(question, planNotFound(choice.words), reading.notes);
  const { ds, dims } = choice.chosen[0]!;
  return planSteps(
    reading,
    {
      code: ds.meta.dataset_code,
      title: ds.meta.dataset_name,
      freq: ds.freq,
      dimensions: ds.meta.dimensions,
      measure: measureName(ds),
      dims,
    },
    today,
  );
}

/**
 * What a value of a step is, for sentences: the dataset's subject and its unit's label, "HICP, annual rate of change"
 * (the chat's measureName and the code label of the series' unit).
 */
function measureOf(ds: Dataset, series: SeriesChoice): string {
  const unit = ds.meta.dimensions.find((d) => d.code.toLowerCase() === 'unit');
  const label = unit?.values.find((v) => v.code === series.dims[unit.key])?.label;
  if (!label) return measureName(ds);
  return `${measureName(ds)}, ${/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label}`;
}

/** A display period of the plan as an ordinal of the dataset's frequency (the start or end of what it covers). */
function ordinalIn(freq: Frequency, text: string | null, edge: 'start' | 'end'): number | undefined {
  if (!text) return undefined;
  const p = parsePeriod(text);
  return p ? convertOrdinal(p.freq, p.ordinal, freq, edge) : undefined;
}

/** The data API's query of a step: every dimension's code, the places and the periods read. */
function apiQuery(ds: Dataset, series: SeriesChoice, geos: string[], from: string, to: string): string {
  const dims = ds.meta.dimensions.map((d) => `${d.key}=${encodeURIComponent(series.dims[d.key]!)}`);
  return [...dims, `country=${geos.join(',')}`, `period_from=${from}`, `period_to=${to}`].join('&');
}

/** What a step over the value cap says instead of a number: its count and what the report could still read. */
function overCapNote(error: ViewTooLarge, cap: number): string {
  return (
    `This step covers more than the ${error.max.toLocaleString('en')} values ` +
    `this report could still read (at most ${cap.toLocaleString('en')} in all), so this step states no number. ` +
    'Ask about fewer places or a shorter period.'
  );
}

export async function runPlan(db: ReadDb, origin: string, plan: ResearchPlan): Promise<Report> {
  const base = origin.replace(/\/+$/, '');
  const gazetteer = await gazetteerFor(db);
  const data: StepData[] = [];
  // One value cap for the whole run (db/queries/view.ts): each step reads at most what the steps before it left.
  const cap = valueCapOf(db);
  let budget = cap;
  for (const step of plan.steps) {
    const geos = [...step.places, ...(step.reference ? [step.reference] : [])];
    const emptyLinks = { api_url: '', csv_url: '', chart_url: '', embed_url: '', png_url: '' };
    const ds = await loadDataset(db, step.dataset_code);
    const skeleton = {
      step,
      dataset_name: ds?.meta.dataset_name ?? step.dataset_code,
      series: '',
      unit: '',
      measure: ds ? measureName(ds) : step.title,
      places: [] as StepPlace[],
      period_from: step.period_from,
      period_to: step.period_to,
      links: emptyLinks,
      revisions: { count: 0, latest: null, url: '' },
    };
    if (!ds) {
      data.push({
        ...skeleton,
        missing: `The dataset ${step.dataset_code} is not imported here, so this step has no data and states no number.`,
      });
      continue;
    }
    const series = chooseSeries(ds, step.dims);
    if ('missing' in series) {
      data.push({
        ...skeleton,
        missing: `${sourceName(ds)} has no series for ${series.missing}, so this step states no number.`,
      });
      continue;
    }
    const from = ordinalIn(ds.freq, step.period_from, 'start');
    const to = ordinalIn(ds.freq, step.period_to, 'end');
    let rows: Awaited<ReturnType<typeof observations>>;
    try {
      rows = await observations(db, ds, series, geos, from, to, budget);
    } catch (error) {
      if (!(error instanceof ViewTooLarge)) throw error;
      data.push({ ...skeleton, missing: overCapNote(error, cap) });
      continue;
    }
    budget -= rows.length;
    const lastRead = rows.length > 0 ? Math.max(...rows.map((r) => r.period)) : to;
    const fromText = from !== undefined ? formatPeriod(ds.freq, from) : step.period_from;
    const toText =
      to !== undefined ? formatPeriod(ds.freq, to) : lastRead !== undefined ? formatPeriod(ds.freq, lastRead) : null;
    const places: StepPlace[] = geos.map((geo) => {
      const known = ds.meta.available_countries.find((c) => c.code === geo);
      const mine = rows.filter((r) => r.geo === geo);
      const label = known?.name ?? mine[0]?.geoName ?? gazetteer.byCode.get(geo)?.name ?? geo;
      return {
        geo,
        name: placeName(geo, label),
        observations: mine.map((o) => ({ ordinal: o.period, citation: citationOf(base, ds, series, o) })),
      };
    });
    const query = apiQuery(ds, series, geos, fromText, toText ?? fromText);
    const chartFrom = from ?? rows[0]?.period ?? 0;
    const chartTo = lastRead ?? chartFrom;
    const chartUrl = viewUrl(base, ds, series, 'line', geos, chartFrom, chartTo);
    const chartQuery = chartUrl.slice(chartUrl.indexOf('?') + 1);
    const revisions = await listRevisions(db, ds.meta, {
      dims: Object.fromEntries(Object.entries(series.dims).map(([k, v]) => [k, [v]])),
      countries: geos,
      from,
      to,
      kinds: ['changed', 'removed'],
      limit: 1,
      offset: 0,
    });
    const code = encodeURIComponent(ds.meta.dataset_code);
    data.push({
      ...skeleton,
      dataset_name: ds.meta.dataset_name,
      series: seriesLabel(ds, series),
      unit: unitCodeOf(series),
      measure: measureOf(ds, series),
      places,
      period_from: fromText,
      period_to: toText,
      links: {
        api_url: `${base}/api/datasets/${code}?${query}`,
        csv_url: `${base}/api/datasets/${code}/data?${query}&format=csv`,
        chart_url: chartUrl,
        embed_url: viewUrl(base, ds, series, 'line', geos, chartFrom, chartTo, true),
        png_url: `${base}/api/charts/download-png?datasetId=${code}&${chartQuery}&width=800&height=400`,
      },
      revisions: {
        count: revisions.total,
        latest: revisions.items[0]?.revised_at.slice(0, 10) ?? null,
        url: `${base}/api/datasets/${code}/revisions?${query}`,
      },
      missing: null,
    });
  }
  return writeReport(plan, data);
}
