// The assistant's golden set v2 (decision 209), run by `npm run bench:assistant`: a fresh database with the sample
// catalogue and the 25 generated datasets of bench/assistant-datasets.mts imported, every question of
// bench/assistant-golden-v2.json asked of the built-in engine, and per half (dev, test): accuracy (every expected
// observation cited with its dataset, place, period and the value the file holds), declines, numbers stated without
// a citation (must be 0), and the median and p95 answer time. Failures are listed for the dev half only: the test
// half is not looked at while the engine is tuned (`--show-test` lists them once the work is done).
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uncitedNumbers, type Citation } from '../core/assistant/compose';
import type { ParsedQuestion } from '../core/assistant/parse';
import { openDatabase } from '../db/client';
import { builtinAnswer, type EngineAnswer } from '../server/assistant/builtin';
import { importFile } from '../server/import/runner';
import { seedSampleData } from '../server/import/seed';
import { generatedDatasets, mirror, writeGeneratedFiles } from './assistant-datasets.mjs';
import type { ExpectedObservation, GoldenV2 } from './assistant-golden-v2.mjs';

const origin = 'http://localhost:3000';
/** The day "last year" is resolved against, so the set gives the same answers every day. */
const today = new Date('2026-11-24T12:00:00Z');

const sameValue = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
const cites = (c: Citation, e: ExpectedObservation) =>
  c.dataset_code === e.dataset_code && c.geo === e.geo && c.period === e.period && sameValue(c.value, e.value);

/** Why an answer is wrong, or null when it is right. */
function judge(g: GoldenV2, a: EngineAnswer, uncited: string[]): string | null {
  if (g.decline) return a.declined && a.citations.length === 0 ? null : 'answered instead of declining';
  if (a.declined) return 'declined';
  for (const e of g.expect ?? [])
    if (!a.citations.some((c) => cites(c, e))) {
      const cited = a.citations.map((c) => `${c.dataset_code} ${c.geo} ${c.period} ${c.value}`).join('; ');
      return `no citation of ${e.dataset_code} ${e.geo} ${e.period} ${e.value} (cited: ${cited || 'nothing'})`;
    }
  if (uncited.length > 0) return `uncited numbers ${uncited.join(', ')}`;
  return null;
}

interface Result {
  g: GoldenV2;
  ms: number;
  why: string | null;
  declined: boolean;
  uncited: number;
  answer: string;
}

export async function runGoldenV2(): Promise<number> {
  const read = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')) as GoldenV2[];
  const golden = read('assistant-golden-v2.json');
  // --extra: also the further draws to tune on (GOLDEN_EXTRA, bench/assistant-golden-v2.mts), reported apart.
  const extra = process.argv.includes('--extra') ? read('assistant-golden-v2-extra.json') : [];
  const database = await openDatabase('memory:', '');
  const { db } = database;
  const started = performance.now();
  await seedSampleData(db, mirror, () => {});
  const dir = await mkdtemp(path.join(tmpdir(), 'assistant-datasets-'));
  const files = writeGeneratedFiles(dir);
  for (const ds of generatedDatasets()) {
    const file = files.get(ds.code)!;
    await importFile(db, {
      fileName: ds.file,
      bytes: await readFile(file),
      code: ds.code,
      source: file,
      dataMirror: mirror,
    });
  }
  await rm(dir, { recursive: true });
  const datasets = new Set(golden.flatMap((g) => (g.expect ?? []).map((e) => e.dataset_code)));
  console.log(
    `imported the samples and ${files.size} generated datasets in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
      `${golden.length} questions over ${datasets.size} datasets`,
  );

  const results: Result[] = [];
  const extraResults: Result[] = [];
  for (const g of [...golden, ...extra]) {
    let previous: ParsedQuestion | null = null;
    for (const q of g.context ?? [])
      previous = (await builtinAnswer(q, { db, origin, today, previous })).context ?? previous;
    const t = performance.now();
    const a = await builtinAnswer(g.question, { db, origin, today, previous });
    const ms = performance.now() - t;
    const numbers = uncitedNumbers(a.answer, a.citations, a.derived);
    const result = {
      g,
      ms,
      why: judge(g, a, numbers),
      declined: a.declined,
      uncited: numbers.length,
      answer: a.answer,
    };
    (extra.includes(g) ? extraResults : results).push(result);
  }
  await database.close();

  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  const summary = (rs: Result[]) => {
    const answerable = rs.filter((r) => !r.g.decline);
    const declines = rs.filter((r) => r.g.decline);
    const times = rs.map((r) => r.ms).sort((x, y) => x - y);
    const ok = rs.filter((r) => !r.why).length;
    return {
      questions: rs.length,
      accuracy: `${ok}/${rs.length} (${((100 * ok) / rs.length).toFixed(1)} %)`,
      'answerable, right citation': `${answerable.filter((r) => !r.why).length}/${answerable.length}`,
      'declines (unanswerable, declined)': `${declines.filter((r) => !r.why).length}/${declines.length}`,
      'declined although answerable': answerable.filter((r) => r.declined).length,
      'numbers without a citation': rs.reduce((n, r) => n + r.uncited, 0),
      'median answer time': `${pct(times, 0.5).toFixed(1)} ms`,
      'p95 answer time': `${pct(times, 0.95).toFixed(1)} ms`,
    };
  };
  const halves = { dev: results.filter((r) => r.g.half === 'dev'), test: results.filter((r) => r.g.half === 'test') };
  console.log(`\nassistant golden set v2 (bench/assistant-golden-v2.json), built-in engine`);
  console.table({
    dev: summary(halves.dev),
    test: summary(halves.test),
    ...(extraResults.length > 0 && { 'dev, extra draws': summary(extraResults) }),
  });
  const kinds = [...new Set(results.map((r) => r.g.kind))];
  const byKind = (rs: Result[], k: string) => {
    const of = rs.filter((r) => r.g.kind === k);
    return `${of.filter((r) => !r.why).length}/${of.length}`;
  };
  console.table(
    Object.fromEntries(kinds.map((k) => [k, { dev: byKind(halves.dev, k), test: byKind(halves.test, k) }])),
  );
  const byDataset = new Map<string, { dev: [number, number]; test: [number, number] }>();
  for (const r of results) {
    const code = r.g.expect?.[0]?.dataset_code;
    if (!code) continue;
    const s = byDataset.get(code) ?? { dev: [0, 0], test: [0, 0] };
    s[r.g.half][1] += 1;
    if (!r.why) s[r.g.half][0] += 1;
    byDataset.set(code, s);
  }
  console.table(
    Object.fromEntries(
      [...byDataset].map(([k, v]) => [k, { dev: `${v.dev[0]}/${v.dev[1]}`, test: `${v.test[0]}/${v.test[1]}` }]),
    ),
  );
  const shown = [...(process.argv.includes('--show-test') ? results : halves.dev), ...extraResults];
  for (const r of shown.filter((x) => x.why)) {
    const asked = [...(r.g.context ?? []), r.g.question].join(' → ');
    console.log(
      `✗ [${extraResults.includes(r) ? 'extra' : r.g.half} ${r.g.kind}] ${asked}\n    ${r.why}\n    ${r.answer}`,
    );
  }
  return [...results, ...extraResults].some((r) => r.uncited > 0) ? 1 : 0;
}
