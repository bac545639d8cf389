// npm run bench:search: recall@5 of the catalogue search, in two parts. First over the sample catalogue (imported
// datasets only), on bench/search-queries.json (what people type: synonyms, typos, places in English and their own
// languages), beside the literal matching it replaced. Then over Eurostat's whole table of contents (6,953 datasets
// and tables, imported or not), on bench/search-catalogue-queries.json: recall@5 of its tune and report halves apart,
// and the time per search. Figures in bench/README.md.
//   BENCH_SEARCH_DUMP=file   reuse (or write, when missing) a PGlite dump of the seeded catalogue
//   BENCH_POSTGRES_URL=url   run on a scratch PostgreSQL database instead of PGlite
//   DATABASE_URL=file:<dir>  run on that PGlite folder, importing the samples only when its catalogue is empty
//   -- --tune-weights        instead, vary the ranking's weights on the development sets (decision 244)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database } from '../db/client';
import { listDatasets } from '../db/queries/datasets';
import { queryRows } from '../db/sql';
import { isCatalogueEmpty, seedSampleData } from '../server/import/seed';
import { runCatalogueBench, tuneWeights } from './search-catalogue.mjs';

interface BenchQuery {
  q: string;
  /** The datasets a person typing q wants to see. */
  relevant: string[];
  /** The geo code the results should open on, when q names a place. */
  place?: string;
}

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../shared/data');
const queries = JSON.parse(readFileSync(path.join(import.meta.dirname, 'search-queries.json'), 'utf8')) as BenchQuery[];
const dumpFile = process.env.BENCH_SEARCH_DUMP;
const pgUrl = process.env.BENCH_POSTGRES_URL;

async function open(): Promise<{ database: Database; done: () => Promise<void> }> {
  const quiet = () => {};
  if (pgUrl) {
    const name = `bench_search_${process.pid}`;
    const admin = postgres(pgUrl, { max: 1, onnotice: quiet });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString();
    const database = await openDatabase(url, '');
    await seedSampleData(database.db, mirror, quiet);
    return {
      database,
      done: async () => {
        await database.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  if (process.env.DATABASE_URL?.startsWith('file:')) {
    const database = await openDatabase(process.env.DATABASE_URL, '');
    if (await isCatalogueEmpty(database.db)) await seedSampleData(database.db, mirror, quiet);
    return { database, done: () => database.close() };
  }
  if (dumpFile && existsSync(dumpFile)) {
    const database = await openDatabase('memory:', '', { loadDataDir: new Blob([readFileSync(dumpFile)]) });
    return { database, done: () => database.close() };
  }
  const database = await openDatabase('memory:', '');
  await seedSampleData(database.db, mirror, quiet);
  if (dumpFile) {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  }
  return { database, done: () => database.close() };
}

/** What /api/datasets?q= did before the search (decision 055): the whole query as a substring of name, code or description. */
async function literal(database: Database, q: string): Promise<string[]> {
  const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{ code: string }>(
    database.db,
    sql`SELECT code FROM datasets WHERE name ILIKE ${like} OR code ILIKE ${like} OR description ILIKE ${like}
      ORDER BY name LIMIT 5`,
  );
  return rows.map((r) => r.code);
}

const recall = (top: string[], relevant: string[]) => relevant.filter((r) => top.includes(r)).length / relevant.length;

/** The sample part, then the whole catalogue's golden set. */
async function measure(database: Database): Promise<void> {
  const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::integer AS n FROM datasets`);
  let sum = 0;
  let sumLiteral = 0;
  let allFound = 0;
  let firstRight = 0;
  let precision = 0;
  let places = 0;
  let placesRight = 0;
  const times: number[] = [];
  const misses: string[] = [];
  for (const query of queries) {
    const started = performance.now();
    const result = await listDatasets(database.db, { q: query.q, limit: 5, offset: 0 });
    times.push(performance.now() - started);
    const top = result.items.map((d) => d.dataset_code);
    const r = recall(top, query.relevant);
    sum += r;
    if (r === 1) allFound += 1;
    if (top[0] && query.relevant.includes(top[0])) firstRight += 1;
    precision += top.length ? top.filter((c) => query.relevant.includes(c)).length / top.length : 0;
    sumLiteral += recall(await literal(database, query.q), query.relevant);
    if (query.place) {
      places += 1;
      // Opened on the place: the view's `country[]` (a value its labels matched may come beside it).
      const opened =
        result.items.every((d) => d.view_query?.split('&').includes(`country[]=${query.place}`)) &&
        result.items.length > 0;
      if (opened) placesRight += 1;
      else
        misses.push(`  place ${query.q}: opened on ${result.items.map((d) => d.view_query).join(', ') || 'nothing'}`);
    }
    if (r < 1) misses.push(`  ${query.q}: ${top.join(' ') || '(nothing)'} (wanted ${query.relevant.join(' ')})`);
  }
  times.sort((a, b) => a - b);
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  console.log(`${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${queries.length} queries over ${count?.n} datasets`);
  console.log(`recall@5 (mean)                 ${pct(sum / queries.length)}`);
  console.log(`queries with every relevant     ${allFound}/${queries.length}`);
  console.log(`first result relevant           ${firstRight}/${queries.length}`);
  console.log(`precision of what is shown      ${pct(precision / queries.length)}`);
  console.log(`recall@5 of literal matching    ${pct(sumLiteral / queries.length)}`);
  console.log(`places found and opened on      ${placesRight}/${places}`);
  console.log(
    `time per search                 median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, ` +
      `p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms`,
  );
  if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
  console.log('');
  await runCatalogueBench(database, mirror);
}

const { database, done } = await open();
try {
  if (process.argv.includes('--tune-weights')) await tuneWeights(database, mirror);
  else await measure(database);
} finally {
  await done();
}
