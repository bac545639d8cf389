// Derives the code lists (code → English label) by matching Eurostat's label-only CSVs to the TSVs of the same release.
// Run: npx tsx core/codelists/derive.ts   (writes core/codelists/<dimension>.json)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parsePeriod } from '../core/periods';
import { readCsv } from '../server/import/parsers/csv-reader';
import { parseEurostatTsv } from '../server/import/parsers/eurostat-tsv';

const here = path.resolve(import.meta.dirname, '../core/codelists');
const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../..', 'shared/data');

/** Each pair covers the same series in the same release, so equal (period, value) runs identify a series. */
const pairs = [
  [
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered_en.csv',
  ],
  ['eurostat/une_rt_m/une_rt_m.tsv', 'eurostat/une_rt_m/estat_une_rt_m_filtered_en.csv'],
] as const;

/**
 * Labels no shared TSV can be matched with (tec00115 is published here as labels only), and the frequencies
 * the files do not show, taken from Eurostat's code lists (FREQ, UNIT, NA_ITEM, GEO, AGE, SEX).
 * CP_MEUR's label is the one the legacy JSON-stat file publishes.
 */
const known: Record<string, Record<string, string>> = {
  freq: { A: 'Annual', S: 'Semi-annual', Q: 'Quarterly', M: 'Monthly', W: 'Weekly', D: 'Daily' },
  unit: {
    CLV_PCH_PRE: 'Chain linked volumes, percentage change on previous period',
    CP_MEUR: 'Current prices, million euro',
  },
  na_item: { B1GQ: 'Gross domestic product at market prices' },
  geo: { UA: 'Ukraine' },
  age: { Y_LT25: 'Less than 25 years', 'Y25-74': 'From 25 to 74 years', 'Y15-74': 'From 15 to 74 years' },
  sex: { M: 'Males', F: 'Females' },
};

const nonDimension = /^(DATAFLOW|LAST UPDATE|TIME_PERIOD|OBS_.*|CONF_.*)$/;

type Series = { columns: Record<string, string>; points: Map<number, number> };

function tsvSeries(dataMirror: string, file: string): Series[] {
  const parsed = parseEurostatTsv(file, readFileSync(path.join(dataMirror, file)));
  const byKey = new Map<string, Series>();
  for (const o of parsed.observations) {
    if (o.value === null) continue;
    const columns: Record<string, string> = { freq: o.freq, geo: o.geo };
    parsed.dimensions.forEach((d, i) => (columns[d.code] = o.dims[i] ?? ''));
    const key = JSON.stringify(columns);
    const series = byKey.get(key) ?? { columns, points: new Map() };
    series.points.set(o.period, o.value);
    byKey.set(key, series);
  }
  return [...byKey.values()];
}

function csvSeries(dataMirror: string, file: string): Series[] {
  const records = readCsv(file, readFileSync(path.join(dataMirror, file), 'utf8'));
  const first = records.next();
  const header = first.done ? [] : first.value.fields;
  const at = (name: string) => header.indexOf(name);
  const dimensionColumns = header.filter((name) => !nonDimension.test(name));
  const byKey = new Map<string, Series>();
  for (const { fields } of records) {
    const text = fields[at('OBS_VALUE')] ?? '';
    const period = parsePeriod(fields[at('TIME_PERIOD')] ?? '');
    if (text === '' || !period) continue;
    const columns = Object.fromEntries(dimensionColumns.map((name) => [name, fields[at(name)] ?? '']));
    const key = JSON.stringify(columns);
    const series = byKey.get(key) ?? { columns, points: new Map() };
    series.points.set(period.ordinal, Number(text));
    byKey.set(key, series);
  }
  return [...byKey.values()];
}

function fingerprint(points: Map<number, number>, from: number, to: number): string {
  return [...points]
    .filter(([period]) => period >= from && period <= to)
    .sort(([a], [b]) => a - b)
    .map(([period, value]) => `${period}=${value}`)
    .join(';');
}

/** Matches the label CSVs to their TSVs and adds the known labels; throws listing every conflict it finds. */
export function deriveCodelists(dataMirror = mirror): Map<string, Map<string, string>> {
  /** dimension → label → codes voted for by matched series */
  const votes = new Map<string, Map<string, Set<string>>>();
  const problems: string[] = [];

  for (const [tsvFile, csvFile] of pairs) {
    const labelled = csvSeries(dataMirror, csvFile);
    const periods = labelled.flatMap((s) => [...s.points.keys()]);
    const from = Math.min(...periods);
    const to = Math.max(...periods);
    const candidates = new Map<string, Series[]>();
    for (const series of tsvSeries(dataMirror, tsvFile)) {
      const fp = fingerprint(series.points, from, to);
      candidates.set(fp, [...(candidates.get(fp) ?? []), series]);
    }
    for (const series of labelled) {
      const matches = candidates.get(fingerprint(series.points, from, to)) ?? [];
      if (matches.length === 0) problems.push(`${csvFile}: no TSV series matches ${JSON.stringify(series.columns)}`);
      for (const [dimension, label] of Object.entries(series.columns)) {
        // Identical runs in several series still agree on the dimensions they share.
        const codes = new Set(matches.map((m) => m.columns[dimension] ?? '?'));
        if (codes.size !== 1) continue;
        const byLabel = votes.get(dimension) ?? new Map<string, Set<string>>();
        votes.set(dimension, byLabel);
        const voted = byLabel.get(label) ?? new Set<string>();
        for (const code of codes) voted.add(code);
        byLabel.set(label, voted);
      }
    }
  }

  const lists = new Map<string, Map<string, string>>();
  for (const [dimension, byLabel] of votes) {
    const list = new Map<string, string>();
    for (const [label, codes] of byLabel) {
      const [code] = codes;
      if (codes.size !== 1 || code === undefined) problems.push(`${dimension} label "${label}" matches ${[...codes]}`);
      else if (list.has(code))
        problems.push(`${dimension} code ${code} has two labels: "${list.get(code)}", "${label}"`);
      else list.set(code, label);
    }
    lists.set(dimension, list);
  }
  for (const [dimension, entries] of Object.entries(known)) {
    const list = lists.get(dimension) ?? new Map<string, string>();
    for (const [code, label] of Object.entries(entries)) {
      const derived = list.get(code);
      if (derived !== undefined && derived !== label) problems.push(`${dimension} ${code}: "${derived}" ≠ "${label}"`);
      list.set(code, label);
    }
    lists.set(dimension, list);
  }
  if (problems.length > 0) throw new Error(`code lists cannot be derived:\n${problems.join('\n')}`);
  return new Map(
    [...lists].map(([dimension, list]) => [
      dimension,
      new Map([...list].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ]),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [dimension, list] of deriveCodelists()) {
    writeFileSync(path.join(here, `${dimension}.json`), `${JSON.stringify(Object.fromEntries(list), null, 2)}\n`);
    console.log(`${dimension}.json: ${list.size} codes`);
  }
}
