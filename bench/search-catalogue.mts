// The second part of npm run bench:search: the search over Eurostat's whole table of contents (decision 191). The
// golden set (bench/search-catalogue-queries.json) was written before the code it measures and split in two by a
// fixed rule (alternate queries); the search is tuned on the `tune` half only, and only that half's misses are
// printed: the `report` half's figures are the ones to quote (BENCH_SHOW_REPORT=1 prints its misses too). A larger
// development set, bench/search-catalogue-extra.json (decision 220: one query or two per theme of the table of contents,
// drawn by bench/search-catalogue-extra-draw.mts), is tuned on too: `--extra` adds it to the run, BENCH_HALF=extra runs
// it alone, BENCH_HALF=tune,extra both development sets; its misses are printed. A third, of queries wanting a headline
// table and the dataset behind it, bench/search-catalogue-extra2.json (decision 227, drawn by
// bench/search-catalogue-extra2-draw.mts), is added by `--extra2` or BENCH_HALF=…,extra2. A fourth, of popular subjects the
// other sets did not name, with German, French, typo and place variants, bench/search-catalogue-extra3.json (decision
// 236, written before it was searched), is added by `--extra3` or BENCH_HALF=…,extra3.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { listDatasets } from '../db/queries/datasets';
import { rankWeights } from '../db/queries/search-ranking';
import { queryRows } from '../db/sql';
import { mirrorTocFile } from '../server/catalogue/seed';
import { syncCatalogue } from '../server/catalogue/sync';
import { parseTocTree } from '../server/catalogue/toc';

interface CatalogueQuery {
  q: string;
  /**
   * What a person typing q wants among the first five: each item a code, or near-duplicates of one another joined by
   * `|` (a `tps…` table and its twin in another theme), any of which counts.
   */
  relevant: string[];
  /** The geo code the query names. */
  place?: string;
  half: (typeof halves)[number];
}

/** The golden set's halves, then the development sets, each read from `search-catalogue-<name>.json` when asked for. */
const halves = ['tune', 'report', 'extra', 'extra2', 'extra3'] as const;
const developmentSets = halves.slice(2);

/**
 * BENCH_HALF=tune runs the tune half alone: the report half is then neither searched nor measured, so tuning runs do
 * not spend its measurements. A list (tune,extra) runs those sets.
 */
const onlyHalves = process.env.BENCH_HALF?.split(',').map((h) => h.trim());
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')) as CatalogueQuery[];
const queries = [
  ...read('search-catalogue-queries.json'),
  ...developmentSets
    .filter((set) => process.argv.includes(`--${set}`) || !!onlyHalves?.includes(set))
    .flatMap((set) => read(`search-catalogue-${set}.json`)),
].filter((q) => !onlyHalves || onlyHalves.includes(q.half));

/** Share of the wanted items found among the codes shown. */
const recall = (top: string[], relevant: string[]) =>
  relevant.filter((item) => item.split('|').some((c) => top.includes(c))).length / relevant.length;

interface Outcome {
  query: CatalogueQuery;
  top: string[];
  imported: boolean[];
  places: string[];
  ms: number;
}

/** Syncs the mirror's table of contents when the catalogue lists nothing yet, then runs the golden set twice. */
export async function runCatalogueBench(database: Database, mirror: string): Promise<void> {
  const db = database.db;
  await ensureCatalogue(database, mirror);
  const [counts] = await queryRows<{ entries: number; imported: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM catalogue_entries)::integer AS entries,
      (SELECT count(*) FROM datasets)::integer AS imported`,
  );
  // The first pass warms the engine's caches (and PGlite's compiled code); the second is timed.
  await runAll(database);
  const outcomes = await runAll(database);
  const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(
    `${kind}: ${queries.length} queries over the whole catalogue (${counts?.entries} entries, ${counts?.imported} imported)`,
  );
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  for (const half of halves) {
    const mine = outcomes.filter((o) => o.query.half === half);
    if (mine.length === 0) continue;
    const mean = (f: (o: Outcome) => number) => mine.reduce((s, o) => s + f(o), 0) / mine.length;
    const hit = (o: Outcome) =>
      o.query.relevant.some((item) => item.split('|').some((c) => o.top.includes(c))) ? 1 : 0;
    const first = (o: Outcome) => (o.top[0] && o.query.relevant.some((i) => i.split('|').includes(o.top[0]!)) ? 1 : 0);
    const named = mine.filter((o) => o.query.place);
    console.log(`${half} half (${mine.length} queries)`);
    console.log(`  recall@5 (mean)                 ${pct(mean((o) => recall(o.top, o.query.relevant)))}`);
    console.log(
      `  queries with every relevant     ${mine.filter((o) => recall(o.top, o.query.relevant) === 1).length}/${mine.length}`,
    );
    console.log(`  some relevant in the first 5    ${mine.reduce((s, o) => s + hit(o), 0)}/${mine.length}`);
    console.log(`  first result relevant           ${mine.reduce((s, o) => s + first(o), 0)}/${mine.length}`);
    console.log(
      `  places understood               ${named.filter((o) => o.places.includes(o.query.place!)).length}/${named.length}`,
    );
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
  console.log(`time per search (${times.length} searches)   median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  const shown = outcomes.filter(
    (o) => recall(o.top, o.query.relevant) < 1 && (o.query.half !== 'report' || process.env.BENCH_SHOW_REPORT === '1'),
  );
  if (shown.length) {
    console.log('misses:');
    for (const o of shown) {
      const top = o.top.map((c, i) => (o.imported[i] ? `${c}*` : c)).join(' ') || '(nothing)';
      console.log(`  [${o.query.half}] ${o.query.q}: ${top} (wanted ${o.query.relevant.join(' ')})`);
    }
  }
}

/** Syncs the mirror's table of contents into the database when its catalogue lists nothing yet. */
async function ensureCatalogue(database: Database, mirror: string): Promise<void> {
  const [listed] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::integer AS n FROM catalogue_entries`,
  );
  if (listed?.n) return;
  const started = performance.now();
  const toc = parseTocTree(readFileSync(path.join(mirror, mirrorTocFile), 'utf8'));
  const report = await syncCatalogue(database.db, toc);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `table of contents synced: ${report.listed} entries, ${report.folders} folders in ${seconds.toFixed(1)} s`,
  );
}

/**
 * `npm run bench:search -- --tune-weights` (decision 244): coordinate ascent over the ranking's numeric weights
 * (rankWeights) on the development sets only: the tune half and every extra set, never the report half. Each weight in
 * turn is tried at 0.7, 0.85, 1.15 and 1.4 times its value and kept where the mean recall@5 over all development
 * queries rises; rounds repeat until none does (at most BENCH_TUNE_ROUNDS, 2 by default). It prints what it keeps; the
 * code's weights change only by hand.
 */
export async function tuneWeights(database: Database, mirror: string): Promise<void> {
  await ensureCatalogue(database, mirror);
  const development = [
    ...read('search-catalogue-queries.json').filter((q) => q.half === 'tune'),
    ...developmentSets.flatMap((set) => read(`search-catalogue-${set}.json`)),
  ];
  type Weight = keyof typeof rankWeights;
  /** Weights that count years or results. */
  const whole = new Set<Weight>(['oldAfter', 'refined']);
  /** Only keeps the dataset drawn from the leading table just under it. */
  const fixed = new Set<Weight>(['belowLead']);
  /** Factors that lower a score stay factors that lower it. */
  const atMostOne = new Set<Weight>(['synonymInTitle', 'later', 'demoted', 'twin', 'kindDecay']);
  const evaluate = async () => {
    const recalls = (await runAll(database, development)).map((o) => ({
      half: o.query.half,
      recall: recall(o.top, o.query.relevant),
    }));
    const mean = (list: typeof recalls) => list.reduce((s, r) => s + r.recall, 0) / list.length;
    const per = halves
      .map((half) => ({ half, mine: recalls.filter((r) => r.half === half) }))
      .filter(({ mine }) => mine.length > 0)
      .map(({ half, mine }) => `${half} ${(100 * mean(mine)).toFixed(1)} %`)
      .join(', ');
    return { mean: mean(recalls), per };
  };
  let best = await evaluate();
  console.log(`${development.length} development queries: ${(100 * best.mean).toFixed(2)} % (${best.per})`);
  const rounds = Number(process.env.BENCH_TUNE_ROUNDS ?? 2);
  for (let round = 1; round <= rounds; round++) {
    let changed = false;
    for (const name of Object.keys(rankWeights) as Weight[]) {
      if (fixed.has(name)) continue;
      const start = rankWeights[name];
      const tried = new Set([start]);
      for (const factor of [0.7, 0.85, 1.15, 1.4]) {
        let value = Number((start * factor).toPrecision(4));
        if (whole.has(name)) value = Math.max(1, Math.round(value));
        if (atMostOne.has(name)) value = Math.min(1, value);
        if (tried.has(value)) continue;
        tried.add(value);
        const kept = rankWeights[name];
        rankWeights[name] = value;
        const outcome = await evaluate();
        if (outcome.mean > best.mean) {
          best = outcome;
          changed = true;
          console.log(`  ${name} ${start} → ${value}: ${(100 * outcome.mean).toFixed(2)} % (${outcome.per})`);
        } else rankWeights[name] = kept;
      }
    }
    console.log(`round ${round}: ${(100 * best.mean).toFixed(2)} % (${best.per})`);
    if (!changed) break;
  }
  console.log(`weights: ${JSON.stringify(rankWeights)}`);
}

async function runAll(database: Database, list: CatalogueQuery[] = queries): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const query of list) {
    const started = performance.now();
    const result = await listDatasets(database.db, { q: query.q, limit: 5, offset: 0, catalogue: true });
    const ms = performance.now() - started;
    out.push({
      query,
      top: result.items.map((d) => d.dataset_code),
      imported: result.items.map((d) => d.imported),
      places: (result.places ?? []).flatMap((p) => p.codes),
      ms,
    });
  }
  return out;
}
