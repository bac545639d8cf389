// npm run bench:charts: server render time of each chart view for HICP (all countries, all months), beside
// rendering one bare SVG element per value (the floor of any chart of every value), and the JavaScript the
// embed page loads (gzipped) against a 60 KB budget. Run with NODE_ENV=production (the npm script does).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ServerBuild } from 'react-router';
import { ChartWidget, CHART_TYPES, type ChartType } from '../app/charts';
import { chartData, outlinesForData } from '../app/routes/public/datasets/dataset.server';
import { outlineStore } from '../server/geo/outline-store';
import { openDatabase } from '../db/client';
import { findDataset, getDatasetMeta } from '../db/queries/datasets';
import { createApp } from '../server/app';
import { seedGeos } from '../server/import/geos';
import { importFile } from '../server/import/runner';

const root = path.resolve(import.meta.dirname, '..');
const mirror = process.env.DATA_MIRROR ?? path.resolve(root, '../shared/data');
const hicpFile = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_KB = 60;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median milliseconds of `fn` over RUNS runs after two warm-up runs. */
function time(fn: () => unknown): number {
  fn();
  fn();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    fn();
    runs.push(performance.now() - started);
  }
  return median(runs);
}

const database = await openDatabase('memory:', '');
await seedGeos(database.db, mirror);
await importFile(database.db, {
  fileName: path.basename(hicpFile),
  bytes: await readFile(path.join(mirror, hicpFile)),
});
const meta = await getDatasetMeta(database.db, (await findDataset(database.db, 'prc_hicp_manr'))!);
const view = { chartType: 'line' as ChartType, dimensions: {}, countries: [] };
const loaded = await chartData(database.db, meta, view);
if (!('value' in loaded)) throw new Error(`no HICP data: ${loaded.error}`);
const data = loaded.value;
const outlines = await outlinesForData(outlineStore(mirror), data.data);
const geos = new Set(data.data.data.flatMap((s) => s.rows.flatMap((r) => Object.keys(r.values))));
const values = data.data.data.reduce((n, s) => n + s.rows.reduce((m, r) => m + Object.keys(r.values).length, 0), 0);
console.log(
  `HICP (prc_hicp_manr): ${geos.size} geos, ${data.data.data[0]?.rows.length} months, ${values.toLocaleString('en')} values\n`,
);

// Line, bar and table from the first month (every month); map and horizontal bar show the latest month.
const points = data.data.data.flatMap((s) => s.rows.flatMap((r) => Object.values(r.values)));
const floor = () =>
  renderToString(
    createElement(
      'svg',
      null,
      points.map((v, i) => createElement('text', { key: i, x: i % 1000, y: 1 }, v)),
    ),
  );
const baseline = time(floor);
if (process.env.NODE_ENV !== 'production') console.log('NODE_ENV is not production: React renders in development mode');
const row = (label: string, ms: number, bytes: number) =>
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(1).padStart(10)} ${kb(bytes).padStart(10)} ${(ms / baseline).toFixed(1).padStart(14)}`,
  );
console.log(
  `${'view (widget SSR, 1086 × 428)'.padEnd(34)} ${'median ms'.padStart(10)} ${'HTML'.padStart(10)} ${'ratio to floor'.padStart(14)}`,
);
row(`floor: ${points.length.toLocaleString('en')} bare <text>`, baseline, floor().length);
for (const type of CHART_TYPES) {
  const props = {
    datasetId: meta.id,
    chartType: type,
    initialData: data,
    initialOutlines: outlines,
    serverWidth: 1086,
    timeStart: type === 'map' || type === 'horizontal-bar' ? undefined : '1/1997',
  };
  const html = renderToString(createElement(ChartWidget, props));
  row(
    type,
    time(() => renderToString(createElement(ChartWidget, props))),
    html.length,
  );
}

// JavaScript of the embed page and, for comparison, of the hydrated dataset page.
// BUILD_DIR: a build folder of one's own, as the server and browser tests take it.
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const buildFile = path.join(buildDir, 'server/index.js');
if (!existsSync(buildFile)) throw new Error('No page build: run `npm run build` first (npm run bench:charts does)');
const build: ServerBuild = await import(pathToFileURL(buildFile).href);
const clientDir = path.join(buildDir, 'client');
const app = createApp({ db: database.db, build });

async function pageScripts(url: string): Promise<{ inline: number; files: number; count: number }> {
  const html = await (await app.request(url)).text();
  const inline = [...html.matchAll(/<script(?![^>]*(?:src=|application\/json))[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('\n');
  // Module scripts, their preloads and the dynamic imports React Router names in its manifest.
  const srcs = new Set(
    [
      ...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g),
      ...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g),
    ].map((m) => m[1]!),
  );
  let files = 0;
  for (const src of srcs) files += gzipSync(await readFile(path.join(clientDir, src))).length;
  return { inline: gzipSync(inline).length, files, count: srcs.size };
}

const embed = await pageScripts('/datasets/prc_hicp_manr?embed=true&chart_type=line');
const page = await pageScripts('/datasets/prc_hicp_manr?chart_type=line');
const embedTotal = embed.inline + embed.files;
console.log(
  `\n${'page JavaScript (gzipped)'.padEnd(34)} ${'inline'.padStart(10)} ${'files'.padStart(10)} ${'total'.padStart(10)}`,
);
console.log(
  `${'embed page (?embed=true)'.padEnd(34)} ${kb(embed.inline).padStart(10)} ${`${kb(embed.files)} (${embed.count})`.padStart(10)} ${kb(embedTotal).padStart(10)}`,
);
console.log(
  `${'dataset page (hydrated)'.padEnd(34)} ${kb(page.inline).padStart(10)} ${`${kb(page.files)} (${page.count})`.padStart(10)} ${kb(page.inline + page.files).padStart(10)}`,
);
console.log(
  `\nEmbed budget ${BUDGET_KB} KB: ${embedTotal <= BUDGET_KB * 1024 ? 'within' : 'OVER'} (${kb(embedTotal)}; Our World in Data ships about 800 KB)`,
);
await database.close();
process.exit(embedTotal <= BUDGET_KB * 1024 ? 0 : 1);
