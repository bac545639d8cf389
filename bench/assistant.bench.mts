// npm run bench:assistant: the chat assistant's golden set v2 (bench/assistant-golden-v2.json, 300+ questions over
// 32 datasets, decision 209; see bench/assistant-v2.bench.mts). `npm run bench:assistant -- --v1` runs the first set
// (bench/assistant-golden.json, 150+ questions over the sample datasets, written with the engine): each answer's
// citations are checked against the data API's values; prints accuracy, declines, numbers stated without a citation
// (must be 0), and the median and p95 answer time of the built-in engine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { uncitedNumbers, type Citation } from '../core/assistant/compose';
import type { ParsedQuestion } from '../core/assistant/parse';
import { EA20, EU27_2020 } from '../core/assistant/places';
import { openDatabase } from '../db/client';
import { builtinAnswer, type EngineAnswer } from '../server/assistant/builtin';
import { issuePageToken, PAGE_TOKEN_HEADER } from '../server/keys/page-token';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { isCatalogueEmpty, seedSampleData } from '../server/import/seed';

if (!process.argv.includes('--v1')) {
  const { runGoldenV2 } = await import('./assistant-v2.bench.mjs');
  process.exit(await runGoldenV2());
}

const root = path.resolve(import.meta.dirname, '..');
const mirror = process.env.DATA_MIRROR ?? path.resolve(root, '../shared/data');
const origin = 'http://localhost:3000';
/** The day "last year" is resolved against, so the set gives the same answers every day. */
const today = new Date('2026-11-24T12:00:00Z');

interface Golden {
  question: string;
  context?: string[];
  decline?: boolean;
  expect?: { dataset_code: string; geo: string; period: string }[];
  series_includes?: string;
  check?: {
    kind: 'rank' | 'max' | 'min';
    dataset_code: string;
    period?: string;
    order?: 'asc' | 'desc';
    scope?: 'EU27_2020' | 'EA20';
    top?: number;
    geo?: string;
    from?: string;
  };
  intent: string;
}

const golden = JSON.parse(readFileSync(path.join(import.meta.dirname, 'assistant-golden.json'), 'utf8')) as Golden[];

const database = await openDatabase(process.env.DATABASE_URL ?? 'memory:', '');
const { db } = database;
if (await isCatalogueEmpty(db)) {
  console.log(`seeding the sample catalogue from ${mirror} …`);
  await seedSampleData(db, mirror, () => {});
}
const secret = 'bench-secret-0123456789abcdefghijklmnop';
const app = createApp({ db, config: loadConfig({ PUBLIC_URL: origin, AUTH_SECRET: secret, DATA_MIRROR: mirror }) });
/** The checks read the API as the site's own pages do, so a bench run is not counted against the daily limit. */
const uncounted = { [PAGE_TOKEN_HEADER]: issuePageToken(secret) };

/** Data API query pairs of a citation's view (dimension[]=dim2:CP011 → dim2=CP011). */
function dimsOf(url: string): string {
  const u = new URL(url);
  return u.searchParams
    .getAll('dimension[]')
    .map((d) => `&${d.replace(':', '=')}`)
    .join('');
}

interface ApiRow {
  period: string;
  values: Record<string, number>;
}
async function apiRows(
  code: string,
  geos: readonly string[],
  dims: string,
  from?: string,
  to?: string,
): Promise<ApiRow[]> {
  let q = `/api/datasets/${code}/data?country=${geos.join(',')}${dims}`;
  if (from) q += `&period_from=${from}`;
  if (to) q += `&period_to=${to}`;
  const res = await app.request(q, { headers: uncounted });
  if (res.status !== 200) throw new Error(`${q}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { rows: ApiRow[] }[] };
  return body.data[0]?.rows ?? [];
}

/** Geo name → code, for reading the API's rows (keyed by name). */
const nameToCode = new Map<string, string>();
async function codeOfName(code: string, name: string): Promise<string> {
  if (!nameToCode.has(name)) {
    const res = await app.request(`/api/datasets/${code}/meta`, { headers: uncounted });
    const meta = (await res.json()) as { available_countries: { code: string; name: string }[] };
    for (const c of meta.available_countries) nameToCode.set(c.name, c.code);
  }
  return nameToCode.get(name) ?? name;
}

async function apiValue(c: Citation): Promise<number | undefined> {
  const rows = await apiRows(c.dataset_code, [c.geo], dimsOf(c.url), c.period, c.period);
  const row = rows.find((r) => r.period === c.period);
  return row ? Object.values(row.values)[0] : undefined;
}

function fail(reason: string): string {
  return reason;
}

/** Why an answer is wrong, or null when it is right. */
async function judge(g: Golden, a: EngineAnswer): Promise<string | null> {
  if (g.decline) return a.declined && a.citations.length === 0 ? null : fail('answered instead of declining');
  if (a.declined) return fail(`declined: ${a.answer}`);
  if (g.expect) {
    for (const e of g.expect) {
      const hit = a.citations.find(
        (c) => c.dataset_code === e.dataset_code && c.geo === e.geo && c.period === e.period,
      );
      if (!hit) return fail(`no citation of ${e.dataset_code} ${e.geo} ${e.period}`);
      if (g.series_includes && !`${hit.series} ${hit.unit}`.includes(g.series_includes))
        return fail(`series "${hit.series}" is not "${g.series_includes}"`);
    }
  }
  if (g.check) {
    const first = a.citations[0]!;
    if (first.dataset_code !== g.check.dataset_code) return fail(`dataset ${first.dataset_code}`);
    const dims = dimsOf(first.url);
    if (g.check.kind === 'rank') {
      const scope = g.check.scope === 'EA20' ? EA20 : EU27_2020;
      const rows = await apiRows(g.check.dataset_code, scope, dims, g.check.period, g.check.period);
      const values = await Promise.all(
        Object.entries(rows[0]?.values ?? {}).map(async ([name, v]) => ({
          geo: await codeOfName(g.check!.dataset_code, name),
          v,
        })),
      );
      values.sort((x, y) => (g.check!.order === 'asc' ? x.v - y.v : y.v - x.v));
      const n = g.check.top ?? 1;
      const cutoff = values[n - 1]!.v;
      const allowed = new Set(
        values.filter((x) => (g.check!.order === 'asc' ? x.v <= cutoff : x.v >= cutoff)).map((x) => x.geo),
      );
      const cited = a.citations.slice(0, n);
      if (cited.some((c) => c.period !== g.check!.period)) return fail('wrong period');
      if (!cited.every((c) => allowed.has(c.geo))) return fail(`ranked ${cited.map((c) => c.geo)} not ${[...allowed]}`);
    } else {
      const rows = await apiRows(g.check.dataset_code, [g.check.geo!], dims, g.check.from);
      const values = rows.map((r) => ({ period: r.period, v: Object.values(r.values)[0]! }));
      const best = g.check.kind === 'max' ? Math.max(...values.map((x) => x.v)) : Math.min(...values.map((x) => x.v));
      const periods = values.filter((x) => x.v === best).map((x) => x.period);
      if (first.geo !== g.check.geo || !periods.includes(first.period))
        return fail(`${g.check.kind} is ${periods} (${best}), cited ${first.geo} ${first.period}`);
    }
  }
  return null;
}

// Warm-up: the first question per dataset reads its metadata and builds the place names; timed separately.
const coldStart = performance.now();
for (const q of [
  'German inflation in 2022-10',
  'German inflation in 2022',
  'German unemployment 10/2022',
  'German unemployment in 2020',
  'German GDP growth in 2022',
  'GDP of Oberbayern in 2021',
  'nama_10_gdp Germany 2010',
])
  await builtinAnswer(q, { db, origin, today });
const coldMs = performance.now() - coldStart;

const times: number[] = [];
const failures: { question: string; why: string; answer: string }[] = [];
let correct = 0;
let declinedRight = 0;
let declineExpected = 0;
let declinedWrongly = 0;
let uncited = 0;
let citations = 0;
let wrongValues = 0;
const byIntent = new Map<string, { n: number; ok: number }>();

for (const g of golden) {
  let previous: ParsedQuestion | null = null;
  for (const q of g.context ?? [])
    previous = (await builtinAnswer(q, { db, origin, today, previous })).context ?? previous;
  const t = performance.now();
  const a = await builtinAnswer(g.question, { db, origin, today, previous });
  times.push(performance.now() - t);
  const numbers = uncitedNumbers(a.answer, a.citations, a.derived);
  uncited += numbers.length;
  for (const c of a.citations) {
    citations += 1;
    const v = await apiValue(c);
    if (v !== c.value) {
      wrongValues += 1;
      failures.push({
        question: g.question,
        why: `citation ${c.geo} ${c.period} ${c.value} but the API has ${v}`,
        answer: a.answer,
      });
    }
  }
  let why = await judge(g, a);
  if (!why && numbers.length > 0) why = `uncited numbers ${numbers.join(', ')}`;
  if (g.decline) declineExpected += 1;
  else if (a.declined) declinedWrongly += 1;
  const s = byIntent.get(g.intent) ?? { n: 0, ok: 0 };
  s.n += 1;
  if (!why) {
    correct += 1;
    s.ok += 1;
    if (g.decline) declinedRight += 1;
  } else failures.push({ question: g.question, why, answer: a.answer });
  byIntent.set(g.intent, s);
}

const sorted = [...times].sort((x, y) => x - y);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(`\nassistant golden set on ${database.kind}: ${golden.length} questions`);
console.table({
  accuracy: `${correct}/${golden.length} (${((100 * correct) / golden.length).toFixed(1)} %)`,
  'declines (unanswerable, declined)': `${declinedRight}/${declineExpected}`,
  'declined although answerable': declinedWrongly,
  'citations checked against the API': `${citations - wrongValues}/${citations} equal`,
  'numbers without a citation': uncited,
  'median answer time': fmt(pct(0.5)),
  'p95 answer time': fmt(pct(0.95)),
  'max answer time': fmt(sorted[sorted.length - 1]!),
  'first question per dataset (cold caches, 7 questions)': fmt(coldMs),
});
console.table(Object.fromEntries([...byIntent].map(([k, v]) => [k, `${v.ok}/${v.n}`])));
for (const f of failures) console.log(`✗ ${f.question}\n    ${f.why}\n    ${f.answer}`);
await database.close();
process.exit(uncited === 0 && wrongValues === 0 ? 0 : 1);
