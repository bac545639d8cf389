// The one view loader (decision 033): a dataset's metadata (memoised, getDatasetMeta), the observations of a parsed
// selection (core/selection.ts), its transformation (core/selection-transform.ts) and the specification's data
// response. The data API, exports, chart images, embeds, pages, sharing cards and the assistant all read views here.
import { frequencySchema } from '../../core/periods';
import type { DatasetData, DatasetMeta, ViewTransform } from '../../core/schemas/dataset';
import { transformRequestOf, type Selection } from '../../core/selection';
import { applyTransform, readRange, transformUnit } from '../../core/selection-transform';
import type { ReadDb } from '../client';
import { findDataset, getDatasetMeta, type DatasetRow } from './datasets';
import { countObservations, mostValues, selectObservations, toSeriesList, type ObservationRow } from './observations';
import { NotYetImported, vintageAt } from './revisions';

export interface ViewOptions {
  /**
   * Most stored values the view may read (counted first, an index scan, so a refused view reads none): more throw
   * `ViewTooLarge`. Unbounded when absent (pages and cards ask for a few places).
   */
  maxValues?: number;
  /** Called before the values are read and after: throws to stop (the API stops for a client that has gone). */
  checkpoint?: () => void;
  /** The request's: its abort cancels the count or read that is running (PostgreSQL), then `checkpoint` stops. */
  signal?: AbortSignal;
  // Vintages (issue 13): `as_of` is part of the selection (Selection.asOf, read by the one parser), so every
  // consumer that parses a query gets it; the loader reads that vintage (decision 125).
}

/** A view that would read more values than `maxValues`. */
export class ViewTooLarge extends Error {
  constructor(
    readonly count: number,
    readonly max: number,
  ) {
    super(`the view has ${count} values; at most ${max} are read at once`);
    this.name = 'ViewTooLarge';
  }
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
    if (vintage.release) dataset = { ...meta, last_update: vintage.release.toISOString() };
  }
  // A read cancelled because the client left fails; the checkpoint then says why (ClientGone), else the error stands.
  const stopped = (error: unknown): never => {
    options.checkpoint?.();
    throw error;
  };
  const { maxValues } = options;
  const refuseIfOver = async (max: number) => {
    const count = await countObservations(db, meta, read, options.signal).catch(stopped);
    if (count > max) throw new ViewTooLarge(count, max);
  };
  // Counted first, unless what the selection names cannot reach the limit (a few places: one statement, not two);
  // then the read stops one row past the limit, and a read that got there is counted after all.
  const bounded = maxValues !== undefined && (mostValues(meta, read) ?? Infinity) <= maxValues;
  if (maxValues !== undefined && !bounded) await refuseIfOver(maxValues);
  options.checkpoint?.();
  let rows = await selectObservations(db, meta, read, options.signal, bounded ? maxValues + 1 : undefined).catch(
    stopped,
  );
  if (bounded && rows.length > maxValues) {
    // Flag-only values outside the dataset's period range can exceed the bound: count them, never cut the read.
    await refuseIfOver(maxValues);
    throw new ViewTooLarge(rows.length, maxValues);
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
