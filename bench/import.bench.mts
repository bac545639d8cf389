// npm run bench:import: values per second importing regional GDP (253,544 values) on PGlite and on
// PostgreSQL, beside PostgreSQL's own COPY of the same rows (the ceiling), measured in the same run.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { seedGeos } from '../server/import/geos';
import { parseFile } from '../server/import/parsers';
import { importFile } from '../server/import/runner';

const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../shared/data');
const file = path.join(mirror, 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz');
const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function timeImport(url: string, label: string, bytes: Buffer): Promise<number> {
  const database = await openDatabase(url, '');
  try {
    await seedGeos(database.db, mirror);
    const summary = await importFile(database.db, { fileName: 'nama_10r_3gdp.tsv.gz', bytes });
    const rate = summary.values / summary.seconds;
    console.log(
      `${label.padEnd(34)} ${summary.seconds.toFixed(2).padStart(7)} s  ${Math.round(rate).toLocaleString('en').padStart(9)} values/s`,
    );
    return rate;
  } finally {
    await database.close();
  }
}

async function withScratchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${process.pid}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The ceiling: the parsed rows streamed with COPY into a bare table with the same primary key. */
async function timeCopy(url: string, bytes: Buffer): Promise<number> {
  const parsed = parseFile('nama_10r_3gdp.tsv.gz', bytes);
  const keys = new Map<string, number>();
  const lines = parsed.observations.toArray().map((o) => {
    const key = o.dims.join('|');
    if (!keys.has(key)) keys.set(key, keys.size + 1);
    return `${keys.get(key)}\t${o.geo}\t${o.period}\t${o.value ?? '\\N'}\t${o.flags ?? '\\N'}\n`;
  });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`CREATE TABLE copy_target (series_id int, geo text, period int, value float8, flags text, PRIMARY KEY (series_id, geo, period))`;
    const started = performance.now();
    const stream = await sql`COPY copy_target FROM STDIN`.writable();
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', resolve);
      for (let i = 0; i < lines.length; i += 5000) stream.write(lines.slice(i, i + 5000).join(''));
      stream.end();
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = lines.length / seconds;
    console.log(
      `${'PostgreSQL COPY (ceiling)'.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s  ${Math.round(rate).toLocaleString('en').padStart(9)} values/s`,
    );
    return rate;
  } finally {
    await sql.end();
  }
}

/** Parse speed alone (the TSV parser's figure; tests never assert a timing). */
async function timeParse(fileName: string, bytes: Buffer): Promise<void> {
  const started = performance.now();
  const parsed = parseFile(fileName, bytes);
  const seconds = (performance.now() - started) / 1000;
  const rate = parsed.observations.length / seconds;
  console.log(
    `${`parse ${fileName}`.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s  ${Math.round(rate).toLocaleString('en').padStart(9)} values/s`,
  );
}

const bytes = await readFile(file);
await timeParse('une_rt_m.tsv', await readFile(path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv')));
console.log(`Importing ${path.basename(file)} (253,544 values)\n`);
const pglite = await timeImport('memory:', 'import runner on PGlite (memory)', bytes);
const pg = await withScratchDatabase((url) => timeImport(url, 'import runner on PostgreSQL', bytes));
const copy = await withScratchDatabase((url) => timeCopy(url, bytes));
console.log(`\nratio to COPY: PGlite ${(pglite / copy).toFixed(2)}, PostgreSQL ${(pg / copy).toFixed(2)}`);
