// Writes a parsed file into the database in one transaction: dataset, dimensions, series, diffed observations.
import { once } from 'node:events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  datasetCategories,
  datasetDimensions,
  datasets,
  dimensionValues,
  geos,
  importRuns,
  series,
} from '../../db/schema';
import { categories } from '../../db/schema';
import { isPostgresJs, pgArray, queryRows } from '../../db/sql';
import type { Frequency } from '../../core/periods';
import { codeLabel, isCodelistDimension } from '../../core/codelists';
import { headlineValues } from '../../core/default-view';
import { placeKind } from '../../core/geo/places';
import { catalogue, catalogueEntry, type CatalogueEntry } from './catalogue';
import { buildGeoRows } from './geos';
import { noLabels, type ImportLabels } from './labels';
import { seriesKey, type Observations, type ObservationSummary } from './observations';
import { ImportError, wholeArea, type Observation, type ParsedFile } from './types';

export interface StoreCounts {
  datasetId: number;
  runId: number;
  series: number;
  values: number;
  flagged: number;
  added: number;
  changed: number;
  removed: number;
}

export type Progress = (done: number, total: number) => void;

/** Everything inside one transaction: a failure leaves the database as it was. */
export async function storeParsed(
  tx: Db,
  parsed: ParsedFile,
  opts: {
    code: string;
    source: string;
    fileName: string;
    /** The import_runs row the runner recorded before the work (decision 066); a new row when omitted. */
    runId?: number;
    onProgress?: Progress;
    /** Where the NUTS code list is, to name regions the database does not know yet (null: countries only). */
    dataMirror?: string | null;
    /** Staged rows of a later release compared and merged at a time (tests make it small). */
    sliceRows?: number;
    /** Title, dimension names and code labels the file does not state (server/import/labels.ts, decision 187). */
    labels?: ImportLabels;
  },
): Promise<StoreCounts> {
  const labels = opts.labels ?? noLabels;
  const datasetId = await upsertDataset(tx, parsed, opts.code, labels);
  await syncDimensions(tx, datasetId, parsed, opts.fileName, labels);
  await ensureGeos(tx, parsed, opts.dataMirror ?? null, labels);
  const seriesIds = await upsertSeries(tx, datasetId, parsed.observations.summary);

  const runValues = { datasetId, source: opts.source, format: parsed.format, releaseDate: parsed.lastUpdate };
  const [run] = opts.runId
    ? await tx.update(importRuns).set(runValues).where(eq(importRuns.id, opts.runId)).returning({ id: importRuns.id })
    : await tx
        .insert(importRuns)
        .values({ ...runValues, status: 'running' })
        .returning({ id: importRuns.id });
  const runId = run!.id;

  const obs = parsed.observations;
  // A release of series with nothing stored yet has nothing to compare: no index, no diff (decision 056). One index
  // probe per series (LATERAL … LIMIT 1): `series_id = ANY($1)` became a sequential scan of every observation once
  // PostgreSQL's generic plan took over a prepared statement, growing each import with the database (decision 221).
  const [stored] = await queryRows<{ any: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM unnest(${pgArray([...new Set(seriesIds.values())])}::integer[]) AS s(id)
      CROSS JOIN LATERAL (SELECT 1 FROM observations o WHERE o.series_id = s.id LIMIT 1) hit) AS any`,
  );
  const compare = stored?.any === true;
  // A dataset's first import records no revisions (its run's time is when each of its values appeared) and has
  // nothing to compare: its rows go straight into observations, with no staging table (decision 161).
  const firstImport = !compare && !(await hasEarlierRun(tx, datasetId, runId));
  let added = obs.length;
  let changed = 0;
  let removed = 0;
  if (firstImport) {
    await onePerKey(opts.fileName, () => loadRows(tx, 'observations', obs, seriesIds, opts.onProgress));
  } else {
    ({ added, changed, removed } = await storeRelease(
      tx,
      {
        datasetId,
        runId,
        obs,
        seriesIds,
        compare,
        sliceRows: opts.sliceRows ?? releaseSliceRows,
        fileName: opts.fileName,
      },
      opts.onProgress,
    ));
  }

  await storeSeriesGeos(tx, obs.summary, seriesIds, !firstImport);
  await refreshDatasetPeriods(tx, datasetId, parsed.lastUpdate, added + changed + removed > 0);
  // The search document (names, labels, places with data) follows what this import stored (decisions 055, 191).
  await tx.execute(
    sql`SELECT refresh_search_documents(ARRAY(SELECT code FROM datasets WHERE id = ${datasetId}::integer))`,
  );
  const { flagged, values } = obs.summary;
  await tx
    .update(importRuns)
    .set({
      finishedAt: new Date(),
      status: 'succeeded',
      seriesCount: seriesIds.size,
      valueCount: values,
      added,
      changed,
      removed,
    })
    .where(eq(importRuns.id, runId));
  return { datasetId, runId, series: seriesIds.size, values, flagged, added, changed, removed };
}

/**
 * Staged rows a later release compares and merges at a time. One statement over a whole 8-million-value release took
 * PGlite's memory past 500 MB, which it never gives back; a slice of this size keeps an import under 400 MB
 * (decision 170).
 */
export const releaseSliceRows = 250_000;

/**
 * A release of a dataset imported before: staged in `incoming`, then compared with what is stored and merged, a slice
 * of (series, place) pairs at a time (decision 170). Each slice's differences go to `diff`; from there changed, added
 * and removed values go to `revisions` (decision 125) and to observations.
 */
async function storeRelease(
  tx: Db,
  release: {
    datasetId: number;
    runId: number;
    obs: Observations;
    seriesIds: Map<string, number>;
    /** Whether any of the release's series has stored values. */
    compare: boolean;
    sliceRows: number;
    fileName: string;
  },
  onProgress: Progress | undefined,
): Promise<{ added: number; changed: number; removed: number }> {
  const { datasetId, runId, obs, seriesIds, compare, sliceRows, fileName } = release;
  // A file with several datasets (a JSON-stat collection) stores each in the same transaction.
  await tx.execute(sql`DROP TABLE IF EXISTS incoming, diff`);
  await tx.execute(sql`CREATE TEMP TABLE incoming (
    series_id integer NOT NULL, geo text NOT NULL, period integer NOT NULL,
    value double precision, decimals smallint, flags text) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE diff (
    series_id integer NOT NULL, geo text NOT NULL, period integer NOT NULL, kind text NOT NULL,
    old_value double precision, old_decimals smallint, old_flags text,
    value double precision, decimals smallint, flags text) ON COMMIT DROP`);
  await loadRows(tx, 'incoming', obs, seriesIds, onProgress);
  // The unique index refuses a file with two values for one key (each would otherwise be merged, one winning at
  // random). Statistics pay off for big files only. Slices read the staged rows by key range.
  await onePerKey(fileName, () => tx.execute(sql`CREATE UNIQUE INDEX ON incoming (series_id, geo, period)`));
  const sliced = obs.length > sliceRows;
  if ((compare && obs.length > 5000) || sliced) await tx.execute(sql`ANALYZE incoming`);
  // PGlite has no autovacuum: without statistics the planner hashes a whole slice's stored values per slice, or
  // probes the staged rows twice per stored value.
  if (compare && sliced) await tx.execute(sql`ANALYZE observations`);

  // A release covers the series and geos it lists, over its own period range per frequency:
  // values there that it no longer has were removed; values elsewhere are left alone.
  const rangeRows = sql.join(
    [...periodRanges(obs.summary)].map(([freq, [lo, hi]]) => sql`(${freq}::text, ${lo}::integer, ${hi}::integer)`),
    sql`, `,
  );
  const totals = { added: 0, changed: 0, removed: 0 };
  for (const slice of await releaseSlices(tx, obs.length, sliceRows)) {
    const within = (t: string) => sliceCondition(t, slice);
    await tx.execute(sql`TRUNCATE diff`);
    // Staged values that are new, or differ from the stored one in value or flags ('changed'), or only in the
    // decimals published ('restated': stored, no revision). JSON-stat cannot say how many decimals were published:
    // an equal value keeps what a text format said.
    await tx.execute(sql`INSERT INTO diff
      SELECT i.series_id, i.geo, i.period,
        CASE WHEN o.series_id IS NULL THEN 'added'
             WHEN (o.value, o.flags) IS DISTINCT FROM (i.value, i.flags) THEN 'changed' ELSE 'restated' END,
        o.value, o.decimals, o.flags, i.value,
        CASE WHEN i.decimals IS NULL AND o.value = i.value THEN o.decimals ELSE i.decimals END, i.flags
      FROM incoming i LEFT JOIN observations o
        ON ${compare ? sql`o.series_id = i.series_id AND o.geo = i.geo AND o.period = i.period AND ${within('o')}` : sql`false`}
      WHERE ${within('i')} AND (o.series_id IS NULL
        OR (o.value, o.flags) IS DISTINCT FROM (i.value, i.flags)
        OR (i.decimals IS NOT NULL AND o.decimals IS DISTINCT FROM i.decimals))`);
    if (compare) {
      // Stored values of the slice's pairs, inside the release's period range, that the release no longer has.
      await tx.execute(sql`INSERT INTO diff
        SELECT o.series_id, o.geo, o.period, 'removed', o.value, o.decimals, o.flags, NULL, NULL, NULL
        FROM observations o
        JOIN series s ON s.id = o.series_id AND s.dataset_id = ${datasetId}
        JOIN (VALUES ${rangeRows}) AS r(freq, lo, hi) ON r.freq = s.freq AND o.period BETWEEN r.lo AND r.hi
        WHERE ${within('o')}
          AND EXISTS (SELECT 1 FROM incoming c WHERE c.series_id = o.series_id AND c.geo = o.geo)
          AND NOT EXISTS (SELECT 1 FROM incoming i
            WHERE i.series_id = o.series_id AND i.geo = o.geo AND i.period = o.period)`);
    }
    const [counts] = await queryRows<{ added: number; changed: number; removed: number; restated: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE kind = 'added')::integer AS added,
        count(*) FILTER (WHERE kind = 'changed')::integer AS changed,
        count(*) FILTER (WHERE kind = 'removed')::integer AS removed,
        count(*) FILTER (WHERE kind = 'restated')::integer AS restated FROM diff`,
    );
    const { added, changed, removed, restated } = counts!;
    totals.added += added;
    totals.changed += changed;
    totals.removed += removed;
    if (added + changed + removed + restated === 0) continue;
    // Every value as it was published stays queryable (as_of, decision 125): a changed or removed value keeps its old
    // value, flags and decimals in `revisions`, and a value new to a dataset that had been imported before is
    // recorded 'added', so a value as of an earlier time is known not to have existed yet.
    if (added + changed + removed > 0) {
      await tx.execute(sql`INSERT INTO revisions (import_run_id, series_id, geo, period, kind,
          old_value, old_decimals, old_flags, new_value, new_flags)
        SELECT ${runId}, series_id, geo, period, kind, old_value, old_decimals, old_flags, value, flags
        FROM diff WHERE kind <> 'restated' ORDER BY series_id, geo, period`);
    }
    if (removed > 0) {
      await tx.execute(sql`DELETE FROM observations o USING diff d
        WHERE d.kind = 'removed' AND o.series_id = d.series_id AND o.geo = d.geo AND o.period = d.period`);
    }
    if (changed + restated > 0) {
      await tx.execute(sql`UPDATE observations o SET value = d.value, decimals = d.decimals, flags = d.flags FROM diff d
        WHERE d.kind IN ('changed', 'restated')
          AND o.series_id = d.series_id AND o.geo = d.geo AND o.period = d.period`);
    }
    // In key order, so the indexes grow at their right edge.
    if (added > 0) {
      await tx.execute(sql`INSERT INTO observations (series_id, geo, period, value, decimals, flags)
        SELECT series_id, geo, period, value, decimals, flags FROM diff WHERE kind = 'added'
        ORDER BY series_id, geo, period`);
    }
  }
  return totals;
}

/**
 * Runs a statement that writes or indexes a file's values by key, turning the database's refusal of a second value
 * for one key into the file's error. The parsers refuse a repeated key with its lines first; this stands behind them.
 */
async function onePerKey<T>(fileName: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    let cause: unknown = error;
    while (cause instanceof Error && (cause as { code?: unknown }).code !== '23505' && cause.cause) cause = cause.cause;
    const refusal = cause as { code?: unknown; detail?: unknown };
    if (refusal?.code !== '23505') throw error;
    const place = /\(series_id, geo, period\)=\(\d+, (.+), -?\d+\)/.exec(String(refusal.detail ?? ''))?.[1];
    throw new ImportError(
      fileName,
      null,
      `the file has two values for one series, place and period${place ? ` (place ${place})` : ''}: each may appear once`,
    );
  }
}

/** A run of (series, place) pairs: from its first pair to the next slice's first (null: no bound on that side). */
type Slice = { from: [number, string] | null; to: [number, string] | null };

/**
 * Cuts the staged release into slices of about `sliceRows` rows, each a run of whole (series, place) pairs, so that
 * a pair's removed values are found in the slice that holds its staged values.
 */
async function releaseSlices(tx: Db, rows: number, sliceRows: number): Promise<Slice[]> {
  if (rows <= sliceRows) return [{ from: null, to: null }];
  const starts = await queryRows<{ series_id: number; geo: string }>(
    tx,
    sql`SELECT series_id, geo FROM (
        SELECT series_id, geo, before / ${sliceRows}::bigint AS k,
          lag(before / ${sliceRows}::bigint) OVER (ORDER BY series_id, geo) AS previous
        FROM (SELECT series_id, geo, (sum(count(*)) OVER (ORDER BY series_id, geo))::bigint - count(*) AS before
          FROM incoming GROUP BY series_id, geo) pairs) numbered
      WHERE previous IS NULL OR k <> previous ORDER BY series_id, geo`,
  );
  return starts.map((s, i) => {
    const next = starts[i + 1];
    return { from: i === 0 ? null : [s.series_id, s.geo], to: next ? [next.series_id, next.geo] : null };
  });
}

/**
 * The rows of table alias `t` whose (series, place) pair is in the slice. The bounds on the series alone say nothing
 * more, but let the planner keep to the slice's series: PostgreSQL otherwise reads each series of the dataset in full.
 */
function sliceCondition(t: string, slice: Slice) {
  const key = sql`(${sql.raw(t)}.series_id, ${sql.raw(t)}.geo)`;
  const seriesId = sql`${sql.raw(t)}.series_id`;
  const parts = [
    ...(slice.from
      ? [sql`${key} >= (${slice.from[0]}::integer, ${slice.from[1]}::text)`, sql`${seriesId} >= ${slice.from[0]}`]
      : []),
    ...(slice.to
      ? [sql`${key} < (${slice.to[0]}::integer, ${slice.to[1]}::text)`, sql`${seriesId} <= ${slice.to[0]}`]
      : []),
  ];
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

/**
 * Streams the observations into `observations` (a first import) or the staging table `incoming` with the database's
 * bulk path (decision 056): `COPY … FROM STDIN` on PostgreSQL (postgres.js, honouring back-pressure),
 * `COPY … FROM '/dev/blob'` on PGlite. The observations are read from the file a chunk at a time while they are
 * copied, so only a few chunks of rows and their text are in memory (decision 163), and on PostgreSQL the parsing
 * overlaps the server's work. Values travel as JavaScript's shortest round-trip decimal, which float8 reads back to
 * the same double.
 */
async function loadRows(
  tx: Db,
  table: 'observations' | 'incoming',
  obs: Observations,
  seriesIds: Map<string, number>,
  onProgress: Progress | undefined,
): Promise<void> {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  const columns = `${table} (series_id, geo, period, value, decimals, flags)`;
  const total = obs.length;
  const seriesOf = seriesIdLookup(seriesIds);
  const chunkText = (chunk: readonly Observation[]): string => {
    let text = '';
    for (const o of chunk) {
      text += `${seriesOf(o)}\t${copyText(o.geo)}\t${o.period}\t${o.value ?? '\\N'}\t${o.decimals ?? '\\N'}\t${o.flags === null ? '\\N' : copyText(o.flags)}\n`;
    }
    return text;
  };
  let done = 0;
  if (isPostgresJs(client)) {
    const query = client.unsafe(`COPY ${columns} FROM STDIN`);
    const stream = await query.writable();
    const finished = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      // A refusal that arrives once the stream has ended (a primary key checked on the last rows) goes to the query's
      // reject only, whose promise already resolved to the stream: the stream would never finish.
      query.reject = reject;
    });
    for (const chunk of obs.chunks()) {
      // `once` rejects when the stream fails instead (a row PostgreSQL refuses), which 'drain' would never follow.
      if (!stream.write(chunkText(chunk))) await once(stream, 'drain');
      onProgress?.((done += chunk.length), total);
    }
    stream.end();
    await finished;
    return;
  }
  if (isPglite(client)) {
    // PGlite runs in this thread: COPY statements of a few parser chunks each (about 1 MB of text).
    let parts: string[] = [];
    let rows = 0;
    const flush = async () => {
      await client.query(`COPY ${columns} FROM '/dev/blob'`, [], { blob: new Blob(parts) });
      onProgress?.((done += rows), total);
      parts = [];
      rows = 0;
    };
    for (const chunk of obs.chunks()) {
      parts.push(chunkText(chunk));
      rows += chunk.length;
      if (rows >= pgliteChunk) await flush();
    }
    if (rows > 0) await flush();
    return;
  }
  for (const part of obs.chunks()) {
    await tx.execute(sql`INSERT INTO ${sql.identifier(table)} (series_id, geo, period, value, decimals, flags)
      SELECT * FROM unnest(
      ${pgArray(part.map(seriesOf))}::integer[],
      ${pgArray(part.map((o) => o.geo))}::text[],
      ${pgArray(part.map((o) => o.period))}::integer[],
      ${pgArray(part.map((o) => o.value))}::double precision[],
      ${pgArray(part.map((o) => o.decimals))}::smallint[],
      ${pgArray(part.map((o) => o.flags))}::text[])`);
    onProgress?.((done += part.length), total);
  }
}

/** The series id of an observation; parsers share one dims array per series, so its key is built once per run. */
function seriesIdLookup(seriesIds: Map<string, number>): (o: Observation) => number {
  let lastDims: readonly string[] | null = null;
  let lastFreq = '';
  let lastId = 0;
  return (o) => {
    if (o.dims !== lastDims || o.freq !== lastFreq) {
      lastDims = o.dims;
      lastFreq = o.freq;
      lastId = seriesIds.get(seriesKey(o.freq, o.dims))!;
    }
    return lastId;
  };
}

/**
 * Rows per COPY statement on PGlite. PGlite's memory only grows: 100,000 rows a statement took an 8-million-value
 * import to 748 MB, 20,000 to 603 MB, 10,000 to 597 MB, with 20,000 the fastest (decision 163).
 */
const pgliteChunk = 20_000;

/** COPY's text format: backslash, tab and line breaks escaped. */
function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
}

interface PgliteClient {
  query(query: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
  exec(query: string): Promise<unknown>;
}

function isPglite(client: unknown): client is PgliteClient {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as { query?: unknown }).query === 'function' &&
    typeof (client as { exec?: unknown }).exec === 'function'
  );
}

/**
 * Keeps `series_geos` (the places each series has a value for, decision 164) with the observations just written: the
 * release's places with values are added from the parse's summary; after a later release, places of its series that
 * no longer have any value (removed, or now flags only) are dropped.
 */
async function storeSeriesGeos(
  tx: Db,
  summary: ObservationSummary,
  seriesIds: Map<string, number>,
  release: boolean,
): Promise<void> {
  if (release) {
    // Joined to the ids (an index probe each), not `= ANY($1)`: see the check of what is stored, in storeParsed.
    await tx.execute(sql`DELETE FROM series_geos sg
      USING unnest(${pgArray([...new Set(seriesIds.values())])}::integer[]) AS s(id)
      WHERE sg.series_id = s.id
        AND NOT EXISTS (SELECT 1 FROM observations o
          WHERE o.series_id = sg.series_id AND o.geo = sg.geo AND o.value IS NOT NULL)`);
  }
  const ids: number[] = [];
  const places: string[] = [];
  for (const [key, geos] of summary.seriesGeos) {
    const id = seriesIds.get(key)!;
    for (const geo of geos) {
      ids.push(id);
      places.push(geo);
    }
  }
  for (let i = 0; i < ids.length; i += 20_000) {
    await tx.execute(sql`INSERT INTO series_geos (series_id, geo)
      SELECT * FROM unnest(${pgArray(ids.slice(i, i + 20_000))}::integer[], ${pgArray(places.slice(i, i + 20_000))}::text[])
      ON CONFLICT DO NOTHING`);
  }
}

/** Whether the dataset had a successful import before this run (its values then are on record). */
async function hasEarlierRun(tx: Db, datasetId: number, runId: number): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM import_runs
      WHERE dataset_id = ${datasetId} AND id <> ${runId} AND status = 'succeeded') AS any`,
  );
  return row?.any === true;
}

function periodRanges(summary: ObservationSummary): Map<Frequency, [number, number]> {
  const ranges = new Map<Frequency, [number, number]>();
  for (const [freq, { lo, hi }] of summary.frequencies) ranges.set(freq, [lo, hi]);
  if (ranges.size === 0) ranges.set('A', [0, -1]); // an empty file covers nothing
  return ranges;
}

function mainFrequency(summary: ObservationSummary): Frequency {
  return [...summary.frequencies].sort((a, b) => b[1].count - a[1].count)[0]?.[0] ?? 'A';
}

/**
 * The dataset row. What the file says about itself wins (name, notes, source, the unit of its own main series);
 * the catalogue fills only what the file lacks, and its unit only when the file's main series has the
 * catalogue's unit code. A re-import refreshes what the file states and leaves the rest.
 */
async function upsertDataset(tx: Db, parsed: ParsedFile, code: string, labels: ImportLabels): Promise<number> {
  const entry = catalogueEntry(code);
  const meta = parsed.meta;
  const existing = await tx
    .select({ id: datasets.id, defaults: datasets.defaults, name: datasets.name, unit: datasets.unit })
    .from(datasets)
    .where(eq(datasets.code, code));
  if (existing[0]) {
    const { id, defaults } = existing[0];
    // A name or unit stored as a code (imported before its words were known) takes them now.
    const unitCode = Object.values(defaults).includes(existing[0].unit);
    const unit = unitCode ? unitOf(parsed, defaults, entry, labels) : null;
    const stated = {
      ...(existing[0].name === code && labels.title ? { name: labels.title } : {}),
      ...(unit && unit !== existing[0].unit ? { unit } : {}),
      ...(parsed.name ? { name: parsed.name } : {}),
      ...(meta?.description ? { description: meta.description } : {}),
      ...(meta?.source ? { sourceName: meta.source } : {}),
      ...(meta?.sourceUrl ? { sourceUrl: meta.sourceUrl } : {}),
      ...(meta?.extension ? { extension: meta.extension } : {}),
      ...(statedUnit(parsed, defaults) ? { unit: statedUnit(parsed, defaults)! } : {}),
    };
    if (Object.keys(stated).length > 0) await tx.update(datasets).set(stated).where(eq(datasets.id, id));
    return id;
  }
  const defaults = defaultsFor(parsed, entry, labels);
  const eurostat = !meta || meta.source === 'Eurostat';
  const [row] = await tx
    .insert(datasets)
    .values({
      code,
      // A file whose title is only its code (some JSON-stat writers) says nothing: the catalogue's title wins.
      name: (parsed.name?.toLowerCase() === code ? null : parsed.name) ?? entry?.name ?? labels.title ?? code,
      description: meta?.description ?? entry?.description ?? '',
      sourceName: meta?.source ?? entry?.sourceName ?? (eurostat ? 'Eurostat' : ''),
      sourceUrl:
        meta?.sourceUrl ??
        entry?.sourceUrl ??
        (eurostat ? `https://ec.europa.eu/eurostat/databrowser/view/${code}/default/table?lang=en` : ''),
      unit: unitOf(parsed, defaults, entry, labels),
      extension: meta?.extension ?? null,
      frequency: mainFrequency(parsed.observations.summary),
      defaults,
    })
    .returning({ id: datasets.id });
  const id = row!.id;
  for (const slug of entry?.categories ?? []) {
    const cat = catalogue.categories.find((c) => c.slug === slug)!;
    const [c] = await tx
      .insert(categories)
      .values(cat)
      .onConflictDoUpdate({ target: categories.slug, set: { name: cat.name } })
      .returning({ id: categories.id });
    await tx.insert(datasetCategories).values({ datasetId: id, categoryId: c!.id }).onConflictDoNothing();
  }
  return id;
}

/**
 * The main series, by rule (core/default-view.ts, decision 190): the catalogue's editorial default per dimension where
 * the file has that code (a euro-per-inhabitant file does not default to the catalogue's million euro), else the
 * dimension's total, the unit most series are published in, or the code with most values, in a combination the file
 * has. Series of the dataset's main frequency decide, weighed by the places each has values for.
 */
export function defaultsFor(
  parsed: ParsedFile,
  entry: CatalogueEntry | undefined,
  labels: ImportLabels = noLabels,
): Record<string, string> {
  const summary = parsed.observations.summary;
  const freq = mainFrequency(summary);
  const series = [...summary.series]
    .filter(([, s]) => s.freq === freq)
    .map(([key, s]) => ({ dims: s.dims, places: summary.seriesGeos.get(key)?.size ?? 0 }));
  const dimensions = parsed.dimensions.map((d) => ({
    code: d.code,
    values: d.values.map((v) => ({ code: v.code, label: valueLabel(d.code, v, labels) })),
  }));
  return headlineValues(dimensions, series, { editorial: entry?.defaults, unitDimension: unitDimensionOf(parsed) });
}

/** A code's label: the file's, else the built-in code list's, else Eurostat's code list or dictionary; null if none. */
function valueLabel(dimension: string, value: { code: string; label: string | null }, labels: ImportLabels) {
  return (
    value.label ??
    (isCodelistDimension(dimension) ? codeLabel(dimension, value.code) : null) ??
    labels.value(dimension, value.code)
  );
}

/** The unit dimension: the one the file names (JSON-stat metric role, SDMX unit), else `unit`. */
function unitDimensionOf(parsed: ParsedFile): string | null {
  if (parsed.meta?.unitDimension) return parsed.meta.unitDimension;
  return parsed.dimensions.some((d) => d.code === 'unit') ? 'unit' : null;
}

/** The unit of the main series as the file states it (JSON-stat category.unit, a unit label), or null. */
function statedUnit(parsed: ParsedFile, defaults: Record<string, string>): string | null {
  const dimension = unitDimensionOf(parsed);
  const unitCode = dimension ? defaults[dimension] : undefined;
  if (!dimension || !unitCode) return null;
  const fromMeta = parsed.meta?.units.get(unitCode);
  if (fromMeta) return fromMeta;
  // A unit dimension's value label is the unit's name; a metric dimension's is the indicator's.
  if (dimension !== 'unit' && dimension !== 'unit_measure') return null;
  return parsed.dimensions.find((d) => d.code === dimension)?.values.find((v) => v.code === unitCode)?.label ?? null;
}

/**
 * The file's unit, else the catalogue's when it describes the same unit code, else the built-in code list's, else
 * Eurostat's code list or dictionary (labels), else the code.
 */
export function unitOf(
  parsed: ParsedFile,
  defaults: Record<string, string>,
  entry: CatalogueEntry | undefined,
  labels: ImportLabels = noLabels,
): string {
  const dimension = unitDimensionOf(parsed);
  const unitCode = dimension ? defaults[dimension] : undefined;
  if (!dimension || !unitCode) return entry?.unit ?? '';
  const editorial = entry?.defaults[dimension] === unitCode ? entry?.unit : undefined;
  return (
    statedUnit(parsed, defaults) ??
    editorial ??
    (dimension === 'unit' ? codeLabel('unit', unitCode) : null) ??
    labels.value(dimension, unitCode) ??
    unitCode
  );
}

async function syncDimensions(
  tx: Db,
  datasetId: number,
  parsed: ParsedFile,
  fileName: string,
  labels: ImportLabels,
): Promise<void> {
  const existing = await tx
    .select()
    .from(datasetDimensions)
    .where(eq(datasetDimensions.datasetId, datasetId))
    .orderBy(datasetDimensions.position);
  const codes = parsed.dimensions.map((d) => d.code);
  if (existing.length > 0 && existing.map((d) => d.code).join(',') !== codes.join(',')) {
    throw new ImportError(
      fileName,
      null,
      `dimensions ${codes.join(',')} differ from the dataset's ${existing.map((d) => d.code).join(',')}`,
    );
  }
  for (const [i, dim] of parsed.dimensions.entries()) {
    const position = i + 1;
    const label = dim.label ?? dimensionLabels[dim.code] ?? labels.dimension(dim.code) ?? dim.code;
    if (existing.length === 0) {
      await tx.insert(datasetDimensions).values({ datasetId, position, code: dim.code, label });
    } else if (existing[i]!.label === dim.code && label !== dim.code) {
      // Named by its code on an earlier import, before its name was known.
      await tx
        .update(datasetDimensions)
        .set({ label })
        .where(and(eq(datasetDimensions.datasetId, datasetId), eq(datasetDimensions.position, position)));
    }
    const known = await tx
      .select({ code: dimensionValues.code, order: dimensionValues.sortOrder })
      .from(dimensionValues)
      .where(and(eq(dimensionValues.datasetId, datasetId), eq(dimensionValues.position, position)));
    let next = known.reduce((m, v) => Math.max(m, v.order + 1), 0);
    const rows = dim.values.map((v) => ({
      datasetId,
      position,
      code: v.code,
      label: valueLabel(dim.code, v, labels) ?? v.code,
      sortOrder: known.find((k) => k.code === v.code)?.order ?? next++,
    }));
    if (rows.length === 0) continue;
    await tx
      .insert(dimensionValues)
      .values(rows)
      .onConflictDoUpdate({
        target: [dimensionValues.datasetId, dimensionValues.position, dimensionValues.code],
        // A label from the source wins over the code-list fallback.
        set: {
          label: sql`CASE WHEN excluded.label = excluded.code THEN dimension_values.label ELSE excluded.label END`,
        },
      });
  }
}

const dimensionLabels: Record<string, string> = {
  unit: 'Unit of measure',
  coicop: 'Classification of individual consumption by purpose (COICOP)',
  s_adj: 'Seasonal adjustment',
  age: 'Age class',
  sex: 'Sex',
  na_item: 'National accounts indicator (ESA 2010)',
};

/**
 * Adds the geos the file uses that the database does not know: countries, aggregates and NUTS regions with
 * their seeded names and labels; others with the file's label; the whole area covered by a file without geo.
 * Only the geos this file needs, so an import does not have to seed all geos first.
 */
async function ensureGeos(tx: Db, parsed: ParsedFile, dataMirror: string | null, labels: ImportLabels): Promise<void> {
  const codes = parsed.observations.summary.geos;
  if (codes.size === 0) return;
  const known = new Set(
    (
      await tx
        .select({ code: geos.code })
        .from(geos)
        .where(inArray(geos.code, [...codes]))
    ).map((g) => g.code),
  );
  const missing = [...codes].filter((c) => !known.has(c));
  if (missing.length === 0) return;
  const seeded = new Map((await buildGeoRows(dataMirror)).map((g) => [g.code, g]));
  const rows = missing.map((code) => {
    const seed = seeded.get(code);
    if (seed) return seed;
    const name = parsed.geoLabels.get(code) ?? labels.value('geo', code) ?? code;
    // A region's code starts with its country's (EA11 and EU25 are aggregates, decision 190).
    const nuts = placeKind(code) === 'region';
    return {
      code,
      name,
      label: name === code || code === wholeArea.code ? name : `${name} (${code})`,
      level: nuts ? code.length - 2 : 0,
      parent: nuts ? code.slice(0, -1) : null,
      kind: nuts ? ('region' as const) : ('aggregate' as const),
      isoNumeric: null,
    };
  });
  await tx.insert(geos).values(rows).onConflictDoNothing();
}

async function upsertSeries(tx: Db, datasetId: number, summary: ObservationSummary): Promise<Map<string, number>> {
  const keys = summary.series;
  const list = [...keys.values()];
  for (let i = 0; i < list.length; i += 1000) {
    await tx
      .insert(series)
      .values(list.slice(i, i + 1000).map((k) => ({ datasetId, ...k })))
      .onConflictDoNothing();
  }
  const rows = await tx.select().from(series).where(eq(series.datasetId, datasetId));
  const ids = new Map<string, number>();
  for (const r of rows) {
    const key = seriesKey(r.freq, r.dims);
    if (keys.has(key)) ids.set(key, r.id);
  }
  return ids;
}

async function refreshDatasetPeriods(
  tx: Db,
  datasetId: number,
  release: Date | null,
  changedData: boolean,
): Promise<void> {
  await tx.execute(sql`UPDATE datasets d SET
      oldest_period = p.lo, latest_period = p.hi,
      last_update = ${changedData || release ? sql`COALESCE(${release?.toISOString() ?? null}::timestamptz, now())` : sql`d.last_update`},
      updated_at = now()
    FROM (SELECT min(o.period) AS lo, max(o.period) AS hi
          FROM observations o JOIN series s ON s.id = o.series_id
          JOIN datasets x ON x.id = s.dataset_id AND s.freq = x.frequency
          WHERE s.dataset_id = ${datasetId} AND o.value IS NOT NULL) p
    WHERE d.id = ${datasetId}`);
}
