// Small realistic Eurostat TSV files for datasets of Eurostat's table of contents, with dimensions and codes from its
// dictionaries (issue 36): deterministic for a seed, and each with the headline view the file was made to have, so a
// test can check that any dataset opens on it (decision 190).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatPeriod, parsePeriod, type Frequency } from '../../core/periods';
import { mirror } from './database-templates';
import { seededRandom } from './seeded-random';

const metadata = path.join(mirror, 'eurostat-metadata');

export interface GeneratedDataset {
  code: string;
  title: string;
  /** The theme of Eurostat's tree the dataset is filed under (popul, economy, transp …). */
  theme: string;
  freq: Frequency;
  fileName: string;
  tsv: string;
  /** The dimensions (freq and geo left out) with the codes the file has, in the file's order. */
  dimensions: { code: string; values: string[] }[];
  /** What the file was made to open on: each dimension's total, headline code or most published unit. */
  headline: Record<string, string>;
  /** The dimensions whose headline is their total (TOTAL, T, B1GQ …). */
  totals: string[];
  unit: string;
  /** The unit's label in Eurostat's dictionary ("Thousand persons"). */
  unitLabel: string;
  /** The geo codes, and what kind of places they are. */
  geos: string[];
  places: 'countries' | 'regions' | 'aggregates' | 'one country';
  /** The periods as the API writes them (2024, Q3/2024, 10/2024, S1/2024), oldest first. */
  periods: string[];
  /** The latest period most places have a value for (earlier than the last when the last is partial). */
  covered: string;
}

/** A table-of-contents dataset: code, title, theme and period range. */
export interface TocEntry {
  code: string;
  title: string;
  theme: string;
  start: string;
  end: string;
}

/** Distinct datasets of the "Database by themes" tree, each with the theme (second level) it is first filed under. */
export function tocEntries(): TocEntry[] {
  const text = readFileSync(path.join(metadata, 'toc/table_of_contents_en.txt'), 'utf8');
  const seen = new Set<string>();
  const out: TocEntry[] = [];
  const trail: string[] = [];
  for (const line of text.split('\n').slice(1)) {
    const cells = line.split('\t').map((c) => c.replace(/^"|"$/g, ''));
    if (cells.length < 7) continue;
    const [title = '', code = '', type = '', , , start = '', end = ''] = cells;
    const level = (title.length - title.trimStart().length) / 4;
    trail.length = level;
    trail[level] = code;
    if (type !== 'dataset' || trail[0] !== 'data' || seen.has(code)) continue;
    seen.add(code);
    out.push({ code, title: title.trim(), theme: trail[1] ?? 'data', start: start.trim(), end: end.trim() });
  }
  return out;
}

type Random = () => number;
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const between = (rnd: Random, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
function sample<T>(rnd: Random, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
  return out;
}

const dictionaries = new Map<string, Map<string, string>>();
export function dic(name: string): Map<string, string> {
  let d = dictionaries.get(name);
  if (!d) {
    const text = readFileSync(path.join(metadata, 'dic/en', `${name}.dic`), 'utf8');
    d = new Map(text.split('\n').flatMap((l) => (l.includes('\t') ? [l.split('\t') as [string, string]] : [])));
    dictionaries.set(name, d);
  }
  return d;
}

/** Dimensions a dataset of a theme plausibly has, by the prefix of its code; the last entry fits any. */
export const THEME_DIMENSIONS: [RegExp, string[]][] = [
  [/^migr_asy/, ['citizen', 'sex', 'age', 'applicant']],
  [/^(demo|cens|proj|migr)_/, ['age', 'sex', 'citizen']],
  [/^(lfs|une|ei_lm|earn|hsw)/, ['sex', 'age', 'isced11', 'wstatus', 'nace_r2', 'worktime']],
  [/^(ilc|hbs|icw)_/, ['age', 'sex', 'hhtyp', 'incgrp']],
  [/^(educ|edat|trng)_/, ['isced11', 'sex', 'age']],
  [/^hlth_/, ['sex', 'age', 'icd10', 'hlth_pb']],
  [/^(nama|naida|nasa|nasq|naidq|namq|gov|tipsgo)/, ['na_item', 'sector']],
  [/^(prc|ei_cp)/, ['coicop']],
  [/^(sts|ei_is|sbs|bd|htec|inn|rd)/, ['nace_r2', 's_adj', 'indic_bt', 'sectperf']],
  [/^(nrg|ten)/, ['siec', 'nrg_bal']],
  [/^(env|cei)/, ['airpol', 'nace_r2']],
  [/^(tran|rail|road|avia|mar|iww)/, ['tra_mode', 'vehicle', 'tra_cov', 'mot_nrg']],
  [/^isoc_/, ['ind_type', 'indic_is']],
  [/^tour_/, ['c_resid', 'accommod', 'nace_r2']],
  [/^(apro|ef|orch|vit|agr|aact|for|fish)/, ['crops', 'animals']],
  [/^(crim|hrj)/, ['iccs', 'sex']],
  [/^(bop|ext|ei_bp)/, ['partner', 'bop_item', 's_adj']],
  [/./, ['nace_r2', 'sex', 'age']],
];

export const UNITS = [
  'NR',
  'PC',
  'THS_PER',
  'PER',
  'MIO_EUR',
  'EUR_HAB',
  'I15',
  'I21',
  'PC_GDP',
  'THS_T',
  'KTOE',
  'PC_TOT',
];

/** Each dimension's total, where its dictionary has one, and the headline codes of the indicator lists. */
const TOTALS: Record<string, string> = { sex: 'T', na_item: 'B1GQ', sector: 'S1', coicop: 'CP00' };
const TOTAL_LIKE = /^(total|all)\b/i;
export const totalOf = (dimension: string) => TOTALS[dimension] ?? (dic(dimension).has('TOTAL') ? 'TOTAL' : null);

/** Codes a file of the dimension may list besides its total: plain codes with labels that are not totals. */
export function ordinaryCodes(dimension: string): string[] {
  const limit = dimension === 'sex' ? /^[FM]$/ : dimension === 'age' ? /^Y/ : /^[A-Z0-9][A-Z0-9_-]{0,11}$/;
  return [...dic(dimension)]
    .filter(([code, label]) => limit.test(code) && !TOTAL_LIKE.test(label.trim()) && label.length <= 90)
    .filter(([code]) => !['TOTAL', 'TOT', 'T', '_T', 'ALL', 'B1GQ', 'S1', 'CP00', 'WORLD'].includes(code))
    .map(([code]) => code);
}

export const EU = 'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
export const OTHERS = ['CH', 'IS', 'NO', 'LI', 'AL', 'ME', 'MK', 'RS', 'TR'];
export const AGGREGATES = ['EU27_2020', 'EA20', 'EU28', 'EA19', 'EU27_2007', 'EA', 'EU15', 'EA11'];

let nutsRegions: string[] | null = null;
/** NUTS 2021 level-2 codes of the mirror's GISCO list, so regional maps have outlines. */
function nuts2(): string[] {
  nutsRegions ??= readFileSync(path.join(mirror, 'classifications/NUTS_AT_2021.csv'), 'utf8')
    .split('\n')
    .map((l) => l.split(',')[1] ?? '')
    .filter((c) => /^[A-Z]{2}[0-9A-Z]{2}$/.test(c) && !c.endsWith('Z'));
  return nutsRegions;
}

function geosFor(rnd: Random, entry: TocEntry): { geos: string[]; places: GeneratedDataset['places'] } {
  const regional = /NUTS|region/i.test(entry.title) || /_r_|\dr_/.test(entry.code);
  const roll = rnd();
  if (regional || roll < 0.1) {
    // Countries of several regions (Cyprus and Estonia are one region each, as large as the country).
    const prefixes = nuts2().map((c) => c.slice(0, 2));
    const divided = [...new Set(prefixes)].filter((p) => prefixes.filter((x) => x === p).length >= 3);
    const countries = sample(rnd, divided, between(rnd, 2, 4));
    const regions = nuts2().filter((c) => countries.includes(c.slice(0, 2)));
    return { geos: ['EU27_2020', ...countries, ...regions.slice(0, 45)], places: 'regions' };
  }
  if (roll < 0.17) return { geos: sample(rnd, AGGREGATES.slice(0, 4), between(rnd, 2, 3)), places: 'aggregates' };
  if (roll < 0.22) return { geos: [pick(rnd, EU)], places: 'one country' };
  const aggregates = sample(rnd, AGGREGATES, between(rnd, 0, 4));
  const countries = sample(rnd, [...EU, ...OTHERS], between(rnd, 6, 30));
  return { geos: [...aggregates, ...countries], places: 'countries' };
}

/** The dataset's periods in the TSV's notation and the API's: the last few of its table-of-contents range. */
function periodsFor(entry: TocEntry): { freq: Frequency; tsv: string[]; api: string[] } | null {
  const start = parsePeriod(entry.start);
  const end = parsePeriod(entry.end);
  if (!start || !end || start.freq !== end.freq || end.ordinal < start.ordinal) return null;
  const freq = start.freq;
  const keep = { A: 10, S: 8, Q: 12, M: 18 }[freq as 'A' | 'S' | 'Q' | 'M'];
  if (keep === undefined) return null;
  const first = Math.max(start.ordinal, end.ordinal - keep + 1);
  const api: string[] = [];
  const tsv: string[] = [];
  for (let o = first; o <= end.ordinal; o++) {
    const year = freq === 'A' ? o : Math.floor(o / { S: 2, Q: 4, M: 12 }[freq as 'S' | 'Q' | 'M']);
    const sub = o - year * { A: 1, S: 2, Q: 4, M: 12 }[freq as 'A' | 'S' | 'Q' | 'M'] + 1;
    api.push(formatPeriod(freq, o));
    tsv.push(
      freq === 'A' ? `${year}` : freq === 'M' ? `${year}-${String(sub).padStart(2, '0')}` : `${year}-${freq}${sub}`,
    );
  }
  return { freq, tsv, api };
}

const MAGNITUDE: Record<string, number> = { PC: 30, PC_GDP: 60, PC_TOT: 20, I15: 105, I21: 102, EUR_HAB: 25_000 };

/** One dataset's file and the view it was made to open on. */
function generate(rnd: Random, entry: TocEntry): GeneratedDataset | null {
  const periods = periodsFor(entry);
  if (!periods) return null;
  const profile = THEME_DIMENSIONS.find(([re]) => re.test(entry.code))![1];
  const { geos, places } = geosFor(rnd, entry);
  const chosen = sample(rnd, profile, between(rnd, 1, Math.min(3, profile.length)));
  const units = sample(rnd, UNITS, between(rnd, 1, 3));
  const order = [...chosen];
  order.splice(between(rnd, 0, order.length), 0, 'unit');
  const headline: Record<string, string> = {};
  const totals: string[] = [];
  const dimensions = order.map((dimension) => {
    if (dimension === 'unit') return { code: 'unit', values: units };
    const total = totalOf(dimension);
    // Most files have their dimension's total; some do not (only its parts, or a list of indicators).
    const withTotal = total !== null && rnd() < 0.85;
    const values = sample(rnd, ordinaryCodes(dimension), between(rnd, withTotal ? 1 : 2, dimension === 'sex' ? 2 : 4));
    if (withTotal) {
      values.splice(between(rnd, 0, values.length), 0, total);
      totals.push(dimension);
      headline[dimension] = total;
    } else {
      // The code published for the most places; with one place every code ties, and the file's first wins.
      headline[dimension] = geos.length === 1 ? values[0]! : pick(rnd, values);
    }
    return { code: dimension, values };
  });
  // The unit most series are published in, not always the first: the others only for the headline series.
  const unit = pick(rnd, units);
  headline.unit = unit;
  // Fewer places than the headline series has, wherever there are two.
  const few = geos.slice(0, Math.max(1, Math.min(geos.length - 1, Math.ceil(geos.length * 0.6))));
  const partialLast = geos.length >= 4 && periods.api.length >= 3 && rnd() < 0.3;
  const lastFew = Math.max(1, Math.floor(geos.length / 4));

  const rows: string[] = [];
  const combos = dimensions.reduce<string[][]>((acc, d) => acc.flatMap((c) => d.values.map((v) => [...c, v])), [[]]);
  for (const combo of combos) {
    const at = (dimension: string) => combo[order.indexOf(dimension)]!;
    const atHeadline = chosen.every((d) => at(d) === headline[d]);
    const otherUnit = at('unit') !== unit;
    if (otherUnit && !atHeadline) continue;
    // The headline series has every place; the others (other codes, other units) fewer.
    const shown = (atHeadline && !otherUnit) || geos.length === 1 ? geos : few;
    const scale = MAGNITUDE[at('unit')] ?? 10 ** between(rnd, 1, 5);
    for (const geo of shown) {
      let value = scale * (0.5 + rnd());
      const cells = periods.tsv.map((_, i) => {
        value *= 0.96 + rnd() * 0.08;
        const last = i === periods.tsv.length - 1;
        if (last && partialLast && geos.indexOf(geo) >= lastFew) return ': ';
        if (i < periods.tsv.length - 2 && rnd() < 0.03) return ': ';
        const flag = last && rnd() < 0.1 ? ' p' : ' ';
        return `${value.toFixed(1)}${flag}`;
      });
      rows.push(`${periods.freq},${combo.join(',')},${geo}\t${cells.join('\t')}`);
    }
  }
  const header = `freq,${order.join(',')},geo\\TIME_PERIOD\t${periods.tsv.map((p) => `${p} `).join('\t')}`;
  const covered = periods.api.at(partialLast ? -2 : -1)!;
  return {
    code: entry.code,
    title: entry.title,
    theme: entry.theme,
    freq: periods.freq,
    fileName: `estat_${entry.code}.tsv`,
    tsv: `${[header, ...rows].join('\n')}\n`,
    dimensions,
    headline,
    totals,
    unit,
    unitLabel: dic('unit').get(unit)!.trim(),
    geos,
    places,
    periods: periods.api,
    covered,
  };
}

/**
 * `count` datasets of Eurostat's table of contents, spread over its themes and frequencies (annual, semi-annual,
 * quarterly, monthly; weekly and daily left out), each as a small TSV file. The same seed makes the same files.
 */
export function tocDatasets(count = 100, seed = 36): GeneratedDataset[] {
  const rnd = seededRandom(seed);
  const entries = tocEntries().filter((e) => /^\d{4}(Q[1-4]|M\d\d|S[12])?$/.test(e.start) && e.start && e.end);
  const byTheme = new Map<string, TocEntry[]>();
  for (const e of sample(rnd, entries, entries.length)) byTheme.set(e.theme, [...(byTheme.get(e.theme) ?? []), e]);
  // Sub-annual datasets are few in the catalogue: each theme offers one of each first, so every frequency is met.
  for (const [theme, list] of byTheme) {
    const first = ['S', 'Q', 'M'].flatMap((f) => list.filter((e) => e.start.slice(4, 5) === f).slice(0, 1));
    byTheme.set(theme, [...first, ...list.filter((e) => !first.includes(e))]);
  }
  const out: GeneratedDataset[] = [];
  const themes = [...byTheme.keys()].sort();
  for (let round = 0; out.length < count; round++) {
    let added = false;
    for (const theme of themes) {
      const entry = byTheme.get(theme)![round];
      if (!entry || out.length >= count) continue;
      const made = generate(rnd, entry);
      if (made) out.push(made);
      added = true;
    }
    if (!added) break;
  }
  return out;
}
