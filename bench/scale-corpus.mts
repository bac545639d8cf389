// The corpus of npm run bench:scale (issue 42): datasets drawn from Eurostat's table of contents, each with dimensions
// and codes from Eurostat's dictionaries (the theme's usual dimensions, as tests/setup/toc-datasets.ts chooses them),
// its own frequency and the period range the table of contents gives it, every NUTS 2021 region where its title or
// code says it is regional, flags in Eurostat's proportions, and sizes spread like a real catalogue's (a few large
// datasets, many small), scaled so that the whole holds the number of values asked. Deterministic for a seed.
// Each dataset's file is written as Eurostat's TSV and, beside it, the same rows as PostgreSQL COPY text (the
// baseline the import is compared with); a later release of a dataset revises a part of it and adds a period.
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { formatSourcePeriod, parsePeriod, type Frequency } from '../core/periods';
import { mirror } from '../tests/setup/database-templates';
import { seededRandom } from '../tests/setup/seeded-random';
import {
  AGGREGATES,
  EU,
  OTHERS,
  THEME_DIMENSIONS,
  UNITS,
  ordinaryCodes,
  tocEntries,
  totalOf,
  type TocEntry,
} from '../tests/setup/toc-datasets';

export interface ScaleDataset {
  code: string;
  title: string;
  theme: string;
  freq: Frequency;
  /** Whether its places are NUTS regions (the title or code says so). */
  regional: boolean;
  /** The dimensions between freq and geo, in the file's order (dim1 … dimN of the API), with the codes it lists. */
  dimensions: { code: string; values: string[] }[];
  geos: string[];
  /** The period ordinals of the first release, oldest first. */
  periods: number[];
  /** How many series the file has (the first this many keys of dimensions × geos). */
  series: number;
  /** The values the plan aimed at (the file has about this many: some cells are `:`). */
  target: number;
  seed: number;
}

/** What one written file holds. */
export interface WrittenFile {
  values: number;
  flagged: number;
  /** Observations: the values and the cells flagged without one (`: c`); one COPY row each. */
  rows: number;
}

let nutsCodes: string[] | null = null;
/** Every NUTS 2021 code of the mirror's list (levels 1 to 3, 2,010 in all), countries first. */
function nuts(): string[] {
  nutsCodes ??= readFileSync(path.join(mirror, 'classifications/NUTS_AT_2021.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split(',')[1] ?? '')
    .filter((c) => /^[A-Z]{2}[0-9A-Z]{1,3}$/.test(c))
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  return nutsCodes;
}

/** The table of contents' period range, when both ends parse with the same frequency. */
function periodRange(entry: TocEntry): { freq: Frequency; first: number; last: number } | null {
  const start = parsePeriod(entry.start);
  const end = parsePeriod(entry.end);
  if (!start || !end || start.freq !== end.freq || end.ordinal < start.ordinal) return null;
  return { freq: start.freq, first: start.ordinal, last: end.ordinal };
}

/**
 * Relative sizes: log-normal (σ 1.6), so a few datasets are a hundred times the median as in Eurostat's database, with
 * no dataset above 6 % of the whole.
 */
function sizeWeights(rnd: () => number, count: number): number[] {
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const raw = Array.from({ length: count }, () => Math.exp(1.6 * normal()));
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => Math.min(w / sum, 0.06));
}

/** How many codes each dimension lists so that their product reaches `combos`, within what each dictionary holds. */
function dimensionSizes(available: number[], combos: number): number[] {
  const sizes = available.map(() => 1);
  let product = 1;
  while (product < combos) {
    // Grow the dimension with the most room left relative to its size; stop when none can grow.
    let best = -1;
    for (let i = 0; i < sizes.length; i++) {
      if (sizes[i]! >= available[i]!) continue;
      if (best < 0 || sizes[i]! < sizes[best]!) best = i;
    }
    if (best < 0) break;
    product = (product / sizes[best]!) * (sizes[best]! + 1);
    sizes[best]! += 1;
  }
  return sizes;
}

/**
 * `count` datasets of the table of contents (every theme in turn, every frequency it has), whose files hold about
 * `values` values together.
 */
export function planCorpus(count: number, values: number, seed = 42): ScaleDataset[] {
  const rnd = seededRandom(seed);
  const entries = tocEntries().filter((e) => periodRange(e) !== null);
  const byTheme = new Map<string, TocEntry[]>();
  for (const e of entries) byTheme.set(e.theme, [...(byTheme.get(e.theme) ?? []), e]);
  for (const [theme, list] of byTheme) {
    // Shuffled within a theme, so every run of the same seed draws the same datasets.
    const shuffled = [...list];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    byTheme.set(theme, shuffled);
  }
  const themes = [...byTheme.keys()].sort();
  const chosen: TocEntry[] = [];
  for (let round = 0; chosen.length < count; round++) {
    const before = chosen.length;
    for (const theme of themes) {
      const entry = byTheme.get(theme)![round];
      if (entry && chosen.length < count) chosen.push(entry);
    }
    if (chosen.length === before) break;
  }
  // The largest sizes go to the datasets with the most periods and places, as in Eurostat's database (long monthly
  // and regional tables are its largest), with chance enough that a short one is sometimes large too.
  const weights = sizeWeights(rnd, chosen.length).sort((a, b) => b - a);
  const total = weights.reduce((a, b) => a + b, 0);
  const score = (e: TocEntry) => {
    const range = periodRange(e)!;
    return (range.last - range.first + 1) * (isRegional(e) ? 20 : 1) * (0.25 + rnd() * 4);
  };
  const ranked = chosen.map((entry) => ({ entry, score: score(entry) })).sort((a, b) => b.score - a.score);
  const target = new Map(ranked.map((r, i) => [r.entry, Math.max(50, Math.round((values * weights[i]!) / total))]));
  return chosen.map((entry) => planDataset(rnd, entry, target.get(entry)!));
}

const isRegional = (entry: TocEntry) => /NUTS|region/i.test(entry.title) || /_r_|\dr_/.test(entry.code);

function planDataset(rnd: () => number, entry: TocEntry, target: number): ScaleDataset {
  const range = periodRange(entry)!;
  const regional = isRegional(entry);
  const geos = regional ? ['EU27_2020', ...nuts()] : [...AGGREGATES.slice(0, 2), ...EU, ...OTHERS];
  // Every period of its range while the values allow a series for each place; the latest ones otherwise.
  const span = range.last - range.first + 1;
  const length = Math.max(1, Math.min(span, Math.ceil(target / Math.min(geos.length, 20))));
  const periods = Array.from({ length }, (_, i) => range.last - length + 1 + i);
  const series = Math.max(1, Math.round(target / (periods.length * 0.94)));
  const profile = THEME_DIMENSIONS.find(([re]) => re.test(entry.code))![1];
  const names = [...profile.slice(0, 1 + Math.floor(rnd() * profile.length)), 'unit'];
  const pools = names.map((name) => {
    if (name === 'unit') return [...UNITS];
    const total = totalOf(name);
    return total ? [total, ...ordinaryCodes(name)] : ordinaryCodes(name);
  });
  const combos = Math.ceil(series / geos.length);
  const sizes = dimensionSizes(
    pools.map((p) => p.length),
    combos,
  );
  const dimensions = names.map((code, i) => ({ code, values: pools[i]!.slice(0, sizes[i]) }));
  const capacity = sizes.reduce((a, b) => a * b, 1) * geos.length;
  return {
    code: entry.code,
    title: entry.title,
    theme: entry.theme,
    freq: range.freq,
    regional,
    dimensions,
    geos,
    periods,
    series: Math.min(series, capacity),
    target,
    seed: Math.floor(rnd() * 2 ** 31),
  };
}

/** Flags as they come in Eurostat's files: most values have none; p, e, b, u, d a few; c and `:` cells no value. */
function cell(r: number, value: number): { text: string; flags: string | null; value: number | null } {
  if (r < 0.04) return { text: ': ', flags: null, value: null };
  if (r < 0.045) return { text: ': c', flags: 'c', value: null };
  const v = value.toFixed(1);
  const flags = r < 0.075 ? 'p' : r < 0.095 ? 'e' : r < 0.102 ? 'b' : r < 0.106 ? 'u' : r < 0.109 ? 'd' : null;
  return { text: `${v} ${flags ?? ''}`, flags, value: Number(v) };
}

const write = (stream: WriteStream, text: string) =>
  stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
const finish = (stream: WriteStream) =>
  new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.end(() => resolve());
  });

/**
 * Writes the dataset's TSV and the same values as COPY text (key number, geo, period ordinal, value, flags). The
 * later release (`release` 2) is the first with a fifth of the series revised in their last two periods and a period
 * more for every series.
 */
export async function writeDataset(
  d: ScaleDataset,
  release: 1 | 2,
  tsvPath: string,
  copyPath: string | null,
): Promise<WrittenFile> {
  const periods = release === 2 ? [...d.periods, d.periods.at(-1)! + 1] : d.periods;
  const tsv = createWriteStream(tsvPath);
  const copy = copyPath ? createWriteStream(copyPath) : null;
  const out: WrittenFile = { values: 0, flagged: 0, rows: 0 };
  const names = d.dimensions.map((x) => x.code);
  await write(
    tsv,
    `freq,${names.join(',')},geo\\TIME_PERIOD\t${periods.map((p) => `${formatSourcePeriod(d.freq, p)} `).join('\t')}\n`,
  );
  const sizes = d.dimensions.map((x) => x.values.length);
  const keys = sizes.reduce((a, b) => a * b, 1);
  // Written a megabyte at a time.
  let tsvText = '';
  let copyText = '';
  for (let s = 0; s < d.series; s++) {
    // Series s: its geo varies fastest, then the dimensions from the last.
    const geo = d.geos[s % d.geos.length]!;
    // The series of the database: a key of the dimensions, whatever the place (observations are series, geo, period).
    const key = Math.floor(s / d.geos.length) % keys;
    let rest = key;
    const codes = new Array<string>(sizes.length);
    for (let i = sizes.length - 1; i >= 0; i--) {
      codes[i] = d.dimensions[i]!.values[rest % sizes[i]!]!;
      rest = Math.floor(rest / sizes[i]!);
    }
    const rnd = seededRandom(d.seed + s);
    const revised = release === 2 && s % 5 === 0;
    let level = 10 ** (1 + Math.floor(rnd() * 4)) * (0.5 + rnd());
    const cells: string[] = [];
    let lines = '';
    for (let i = 0; i < periods.length; i++) {
      level *= 0.97 + rnd() * 0.06;
      const r = rnd();
      const late = i >= d.periods.length - 2;
      const c = cell(r, revised && late ? level * 1.013 : level);
      cells.push(c.text);
      // A bare `:` is no observation; `: c` is one, without a value (as the import stores it).
      if (c.value === null && c.flags === null) continue;
      out.rows += 1;
      if (c.value !== null) out.values += 1;
      if (c.flags) out.flagged += 1;
      if (copy) lines += `${key + 1}\t${geo}\t${periods[i]}\t${c.value ?? '\\N'}\t${c.flags ?? '\\N'}\n`;
    }
    tsvText += `${d.freq},${codes.join(',')},${geo}\t${cells.join('\t')}\n`;
    copyText += lines;
    if (tsvText.length > 1 << 20) {
      await write(tsv, tsvText);
      if (copy) await write(copy, copyText);
      tsvText = '';
      copyText = '';
    }
  }
  await write(tsv, tsvText);
  if (copy) await write(copy, copyText);
  await finish(tsv);
  if (copy) await finish(copy);
  return out;
}
