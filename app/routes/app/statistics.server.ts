// /app/statistics on the server: the workbench URL read, its small forms turned into the canonical URL (add an
// indicator, add places by name), the catalogue search and the panels' data (decision 110).
import { redirect } from 'react-router';
import { FREQUENCY_LABEL, type Frequency } from '#core/periods';
import { packDatasetData } from '#core/packed-series';
import type { DatasetData } from '#core/schemas/dataset';
import {
  MAX_INDICATORS,
  MAX_PLACES,
  panelRows,
  parseWorkbenchQuery,
  sameIndicator,
  workbenchQuery,
  type Indicator,
  type WorkbenchSelection,
} from '#core/workbench';
import type { ReadDb } from '#db/client';
import { planSearch, searchDatasets } from '#db/queries/search';
import { openDataset } from '#db/queries/view';
import { loadWorkbench, resolveIndicator } from '#db/queries/workbench';

export interface SearchResult {
  code: string;
  name: string;
  /** In words: 'monthly'. */
  frequency: string;
  dimensions: {
    key: string;
    label: string;
    default: string;
    /** The value the query names ('HICP food' → Food), else the main series'. */
    chosen: string;
    values: { code: string; label: string }[];
  }[];
}

const normal = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The value of a dimension a search names: a label equal to a word or phrase of the query first, else the shortest
 * label holding one of its words (4+ letters) as a whole word; none when the query names no value.
 */
export function namedValue(values: readonly { code: string; label: string }[], q: string): string | undefined {
  const words = normal(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4);
  const query = normal(q);
  const exact = values.find((v) => normal(v.label) === query || words.includes(normal(v.label)));
  if (exact) return exact.code;
  const holding = values
    .filter((v) =>
      normal(v.label)
        .split(/[^\p{L}\p{N}]+/u)
        .some((w) => words.includes(w)),
    )
    .sort((a, b) => a.label.length - b.label.length);
  return holding[0]?.code;
}

function canonical(sel: WorkbenchSelection, view: string | null): string {
  const q = workbenchQuery(sel);
  const extra = view === 'table' ? `${q ? '&' : ''}view=table` : '';
  return `/app/statistics${q || extra ? '?' : ''}${q}${extra}`;
}

/** The forms' fields (add=code with dimN, place=names) become the canonical URL: a redirect, or a message. */
async function applyForms(db: ReadDb, url: URL, sel: WorkbenchSelection, clean: boolean): Promise<string | null> {
  const view = url.searchParams.get('view');
  const add = url.searchParams.get('add')?.trim();
  if (add) {
    const dims: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (/^dim[1-9]\d*$/.test(k) && v) dims[k] = v;
    const ind: Indicator = { dataset: add, dims };
    const resolved = await resolveIndicator(db, ind);
    if ('problem' in resolved) return resolved.problem;
    // Only the dimensions that differ from the main series go into the URL: it stays short and readable.
    const meta = resolved.value.meta;
    const own = Object.fromEntries(
      Object.entries(dims).filter(([k, v]) => meta.dimensions.find((d) => d.key === k)?.default !== v),
    );
    const next: Indicator = { dataset: meta.dataset_code, dims: own };
    if (sel.indicators.length >= MAX_INDICATORS) return `At most ${MAX_INDICATORS} indicators side by side.`;
    if (!sel.indicators.some((i) => sameIndicator(i, next))) sel.indicators.push(next);
    throw redirect(canonical(sel, view));
  }
  const place = url.searchParams.get('place')?.trim();
  if (place) {
    const plan = await planSearch(db, place);
    if (plan.parsed.places.length === 0) return `No place named “${place}”.`;
    const known = new Set<string>();
    for (const i of sel.indicators) {
      const opened = await openDataset(db, i.dataset);
      if (opened) for (const c of opened.meta.available_countries) known.add(c.code);
    }
    for (const p of plan.parsed.places) {
      const code = p.codes.find((c) => known.has(c)) ?? p.codes[0]!;
      if (!sel.places.includes(code) && sel.places.length < MAX_PLACES) sel.places.push(code);
    }
    throw redirect(canonical(sel, view));
  }
  // A submitted form (an empty `to`, commas sent as %2C) moves to the canonical address, the one to share. A URL with
  // problems stays, so that the page can say what it left out; a search keeps its `q`.
  const want = canonical(sel, view);
  if (!clean || url.searchParams.has('q')) return null;
  if (decodeURIComponent(url.pathname + url.search) !== decodeURIComponent(want)) throw redirect(want);
  return null;
}

async function search(db: ReadDb, q: string): Promise<SearchResult[]> {
  const found = await searchDatasets(db, { q, limit: 6, offset: 0 });
  const out: SearchResult[] = [];
  for (const item of found.items) {
    const opened = await openDataset(db, item.dataset_code);
    if (!opened) continue;
    const { meta } = opened;
    out.push({
      code: meta.dataset_code,
      name: meta.dataset_name,
      frequency: frequencyWord(meta.frequency),
      dimensions: meta.dimensions.map((d) => ({
        key: d.key,
        label: d.label,
        default: d.default,
        chosen: (d.values.length > 1 && namedValue(d.values, q)) || d.default,
        values: d.values,
      })),
    });
  }
  return out;
}

/** 'monthly', 'weekly'. */
const frequencyWord = (freq: Frequency) => FREQUENCY_LABEL[freq].toLowerCase();

export async function workbenchPage(db: ReadDb, url: URL) {
  const { selection, problems } = parseWorkbenchQuery(url.searchParams);
  const message = await applyForms(db, url, selection, problems.length === 0);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const [results, loaded] = await Promise.all([
    q ? search(db, q) : Promise.resolve(null),
    loadWorkbench(db, selection),
  ]);
  const { table } = loaded;
  const panels = loaded.indicators.map((ind, n) => {
    const column = table.columns[n]!;
    const data: DatasetData = {
      dataset: ind.meta,
      data: [
        {
          id: n + 1,
          series_key: Object.fromEntries(Object.entries(ind.dims).map(([k, v]) => [`${k}_value`, v])),
          rows: panelRows(table, n),
        },
      ],
    };
    const periods = table.rows.flatMap((r) => (r.cells[n] ? [r.cells[n].period] : []));
    // "Add to dashboard" follows this view: the line chart of the indicator's series for the places and range.
    const follow = {
      dataset_code: ind.meta.dataset_code,
      settings: {
        chart_type: 'line' as const,
        dimensions: Object.fromEntries(Object.entries(ind.dims).map(([k, v]) => [k, [v]])),
        countries: loaded.places.map((p) => p.code),
        ...(periods.length ? { time_start: periods[0], time_end: periods.at(-1) } : {}),
      },
    };
    return {
      token: ind.token,
      follow,
      label: column.label,
      unit: column.unit,
      frequency: frequencyWord(column.freq),
      coarser: column.freq !== table.axis,
      source: { name: ind.meta.source_name, url: ind.meta.source_url, code: ind.meta.dataset_code },
      datasetId: ind.meta.id,
      dims: ind.dims,
      // The panel's values in columns: row objects would be most of the page (decision 169).
      data: packDatasetData(data),
    };
  });
  const placeNames = new Map<string, string>();
  for (const i of loaded.indicators) for (const c of i.meta.available_countries) placeNames.set(c.name, c.code);
  return {
    selection,
    query: workbenchQuery(selection),
    view: url.searchParams.get('view') === 'table' ? ('table' as const) : ('charts' as const),
    q,
    results,
    message,
    problems: [...problems, ...loaded.problems],
    places: loaded.places,
    placeNames: [...placeNames.keys()].sort((a, b) => a.localeCompare(b, 'en')),
    axis: {
      frequency: frequencyWord(table.axis),
      from: table.rows[0]?.period,
      to: table.rows.at(-1)?.period,
    },
    panels,
    table: {
      columns: table.columns.map((c) => ({
        token: c.token,
        label: c.label,
        unit: c.unit,
        coarser: c.freq !== table.axis,
      })),
      rows: table.rows,
    },
  };
}
