// The one view loader (decision 033): a dataset's metadata (memoised, getDatasetMeta), the observations of a parsed
// selection (core/selection.ts), its transformation (core/selection-transform.ts) and the specification's data
// response. The data API, exports, chart images, embeds, pages, sharing cards and the assistant all read views here.
import { frequencySchema } from '../../core/periods';
import type { DatasetData, DatasetMeta, ViewTransform } from '../../core/schemas/dataset';
import { transformRequestOf, type Selection } from '../../core/selection';
import { applyTransform, readRange, transformUnit } from '../../core/selection-transform';
import type { ReadDb } from '../client';
import { NO_COVERAGE, openViewOf, type OpenedView, type OpenViewOptions } from '../../core/view';
import { findDataset, getDatasetCoverage, getDatasetMeta, type DatasetRow } from './datasets';
import { countObservations, mostValues, selectObservations, toSeriesList, type ObservationRow } from './observations';
import { NotYetImported, vintageAt } from './revisions';

/**
 * The one value cap (issue 35): the most stored values one answer reads, whatever path asks (the data API in JSON, CSV
 * and JSON-stat, SDMX, chart downloads and images, sharing cards, pages and embeds, the workbench, the assistant and
 * the researcher). Every view is read through loadView, which refuses more with `ViewTooLarge`. A country's regions
 * over decades fit; a whole regional file does not.
 */
export const maxValuesPerRequest = 100_000;

const lowerCaps = new WeakMap<ReadDb, number>();

/**
 * Lowers the cap for reads through `db` (never raises it): tests reach it with the small sample files, as
 * keepValueBlocks sets the blocks kept per database.
 */
export function lowerValueCap(db: ReadDb, max: number): void {
  lowerCaps.set(db, Math.min(max, maxValuesPerRequest));
}

/** The cap in force for reads through `db`: maxValuesPerRequest unless lowered. */
export function valueCapOf(db: ReadDb): number {
  return lowerCaps.get(db) ?? maxValuesPerRequest;
}

export interface ViewOptions {
  /**
   * Most stored values the view may read (counted first, an index scan, so a refused view reads none): more throw
   * `ViewTooLarge`. Always at most the cap (valueCapOf), which is also the default: a caller may ask for fewer (the
   * workbench and the researcher share the cap between the reads of one request), never for more.
   */
  maxValues?: number;
  /** Called before the values are read and after: throws to stop (the API stops for a client that has gone). */
  checkpoint?: () => void;
  /** The request's: its abort cancels the count or read that is running (PostgreSQL), then `checkpoint` stops. */
  signal?: AbortSignal;
  // Vintages (issue 13): `as_of` is part of the selection (Selection.asOf, read by the one parser), so every
  // consumer that parses a query gets it; the loader reads that vintage (decision 125).
}

/**
 * A view that would read more values than `max`. Its message is the first sentence of every path's refusal
 * (`too_many_values` in the API); each path adds how to narrow in its own terms. How many more is not known: the
 * count stops one row past the cap, so a refusal costs at most that many rows however large the selection (issue 35).
 */
export class ViewTooLarge extends Error {
  constructor(readonly max: number) {
    super(
      `This selection has more than ${max.toLocaleString('en')} values; one request returns at most ` +
        `${max.toLocaleString('en')}.`,
    );
    this.name = 'ViewTooLarge';
  }
}

/** What a page, an embed or a sharing card says where the chart of a view over the cap would be. */
export function viewTooLargeNote(error: ViewTooLarge): string {
  return (
    `This view has more than ${error.max.toLocaleString('en')} values, more than a chart shows. ` +
    'Choose fewer places or dimension values, or a shorter period.'
  );
}

export interface View {
  meta: DatasetMeta;
  selection: Selection;
  /** The shown values (transformed when the selection says so), ordered by series, period and geo name. */
  rows: ObservationRow[];
  /** The specification's data response of the view, with the transformation it went through. */
  data: DatasetData;
}

/** A dataset by numeric id or code, with its memoised metadata; null when there is none. */
export async function openDataset(
  db: ReadDb,
  idOrCode: string,
): Promise<{ row: DatasetRow; meta: DatasetMeta } | null> {
  const row = await findDataset(db, idOrCode);
  if (!row) return null;
  return { row, meta: await getDatasetMeta(db, row) };
}

/** The transformation as the data response names it. */
export function viewTransformOf(meta: Pick<DatasetMeta, 'frequency'>, selection: Selection): ViewTransform | undefined {
  const t = transformRequestOf(selection.transform);
  if (!t) return undefined;
  const label = transformUnit(t, frequencySchema.parse(meta.frequency), '');
  return t.kind === 'index' ? { kind: t.kind, base: t.base, label } : { kind: t.kind, lag: t.lag, label };
}

/** The values of a parsed selection: read (with what its transformation needs before the range), derived, cut. */
export async function loadView(
  db: ReadDb,
  meta: DatasetMeta,
  selection: Selection,
  options: ViewOptions = {},
): Promise<View> {
  const { transform, ...shown } = selection;
  const read = { ...shown, ...readRange(transform, shown) };
  // As of a time (decision 125): none before the dataset's first import here; the release that stood then.
  let dataset = meta;
  if (shown.asOf) {
    const vintage = await vintageAt(db, meta.id, shown.asOf);
    if (!vintage.firstImport || shown.asOf < vintage.firstImport) {
      throw new NotYetImported(meta.dataset_code, shown.asOf, vintage.firstImport);
    }
    if (vintage.release) {
      const from = vintage.releaseFromImport ? 'import' : 'source';
      dataset = { ...meta, last_update: vintage.release.toISOString(), last_update_from: from };
    }
  }
  // A read cancelled because the client left fails; the checkpoint then says why (ClientGone), else the error stands.
  const stopped = (error: unknown): never => {
    options.checkpoint?.();
    throw error;
  };
  const cap = valueCapOf(db);
  const maxValues = Math.min(options.maxValues ?? cap, cap);
  const refuseIfOver = async (max: number) => {
    const count = await countObservations(db, meta, read, options.signal, max + 1).catch(stopped);
    if (count > max) throw new ViewTooLarge(max);
  };
  // Counted first, unless what the selection names cannot reach the limit (a few places, or a page's one series of
  // every place: one statement, not two); then the read stops one row past the limit, and a read that got there is
  // counted after all.
  const places = read.countries ?? meta.available_countries.map((c) => c.code);
  const bounded = (mostValues(meta, { ...read, countries: places }) ?? Infinity) <= maxValues;
  if (!bounded) await refuseIfOver(maxValues);
  options.checkpoint?.();
  let rows = await selectObservations(db, meta, read, options.signal, bounded ? maxValues + 1 : undefined).catch(
    stopped,
  );
  if (bounded && rows.length > maxValues) {
    // Flag-only values outside the dataset's period range can exceed the bound: count them, never cut the read.
    await refuseIfOver(maxValues);
    throw new ViewTooLarge(maxValues);
  }
  options.checkpoint?.();
  if (transform) {
    rows = applyTransform(rows, transform).filter(
      (r) => (shown.from === undefined || r.period >= shown.from) && (shown.to === undefined || r.period <= shown.to),
    );
  }
  const data: DatasetData = { dataset, data: toSeriesList(meta, rows) };
  const t = viewTransformOf(meta, selection);
  if (t) data.transform = t;
  return { meta, selection, rows, data };
}

/**
 * The view a query asks of a dataset, opened by the one rule (core/view.ts `openViewOf`) with the dataset's coverage:
 * the dataset page, the chart page, the sharing card and chart images open their views here, then read them with
 * loadView.
 */
export async function openView(
  db: ReadDb,
  row: DatasetRow,
  meta: DatasetMeta,
  query: URLSearchParams,
  options: Partial<OpenViewOptions> = {},
): Promise<OpenedView> {
  // An address's view ends where it says: no coverage to read.
  const coverage = options.mode === 'address' ? NO_COVERAGE : await getDatasetCoverage(db, row, meta);
  return openViewOf(meta, coverage, query, { path: `/datasets/${meta.dataset_code}`, ...options });
}
