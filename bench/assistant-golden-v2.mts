// Writes bench/assistant-golden-v2.json (decision 209): the assistant's golden set v2, written from the data and not
// from the engine. Questions over the seven sample datasets (the real files of the data mirror, read here with a
// reader of their own) and the 25 generated datasets of bench/assistant-datasets.mts; each expects the cited
// observations (dataset, place, period and the value the file holds) or a decline. Half "dev", half "test", by a
// seeded shuffle within each kind of question.
//   npx tsx bench/assistant-golden-v2.mts
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  EU27,
  generatedDatasets,
  labelOf,
  mirror,
  type BenchDataset,
  type BenchSeries,
} from './assistant-datasets.mjs';

export interface ExpectedObservation {
  dataset_code: string;
  geo: string;
  period: string;
  value: number;
}

export interface GoldenV2 {
  question: string;
  /** Questions asked before, in the same conversation (follow-ups). */
  context?: string[];
  kind: string;
  expect?: ExpectedObservation[];
  decline?: true;
  half: 'dev' | 'test';
}

// ---- the real files of the mirror, read without the product's parsers ----

/** 2022-10 → 10/2022, 2020-Q2 → Q2/2020, 2020 → 2020. */
function apiPeriod(source: string): string {
  const p = source.trim();
  let m = /^(\d{4})-?M?(\d{2})$/.exec(p);
  if (m) return `${Number(m[2])}/${m[1]}`;
  m = /^(\d{4})-?Q(\d)$/.exec(p);
  if (m) return `Q${m[2]}/${m[1]}`;
  return p;
}

function readTsv(code: string, file: string, keep: (key: Record<string, string>) => boolean): BenchDataset {
  const raw = readFileSync(path.join(mirror, file));
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0]!.split('\t');
  const dimNames = header[0]!.split('\\')[0]!.split(',');
  const periods = header.slice(1).map(apiPeriod);
  const order = periods.map((_, i) => i);
  // The legacy bulk layout lists periods newest first.
  const descending = periods.length > 1 && Number(periods[0]!.slice(-4)) > Number(periods[1]!.slice(-4));
  const idx = descending ? [...order].reverse() : order;
  const series: BenchSeries[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const codes = cells[0]!.split(',');
    const key = Object.fromEntries(dimNames.map((d, i) => [d, codes[i]!]));
    if (!keep(key)) continue;
    const { geo, freq: _freq, ...rest } = key;
    const values = idx.map((i) => {
      const [v] = cells[i + 1]!.trim().split(' ');
      return v === ':' || v === undefined ? null : Number(v);
    });
    series.push({ key: rest, geo: geo!, values, flags: values.map(() => '') });
  }
  const freq = /\//.test(periods[0]!) ? (periods[0]!.startsWith('Q') ? 'Q' : 'M') : 'A';
  return {
    code,
    freq,
    dims: dimNames.filter((d) => d !== 'geo' && d !== 'freq'),
    periods: idx.map((i) => periods[i]!),
    series,
    file,
  };
}

/** tec00115 is a label-only SDMX-CSV: places by their English names, mapped back to codes with geo.dic. */
function readTec00115(): BenchDataset {
  const file = 'eurostat/tec00115/estat_tec00115_filtered_en.csv';
  const geoNames = new Map<string, string>();
  for (const l of readFileSync(path.join(mirror, 'eurostat-metadata/dic/en/geo.dic'), 'utf8').split(/\r?\n/)) {
    const [code, label] = l.split('\t');
    if (code && label && !geoNames.has(label)) geoNames.set(label, code);
  }
  const rows = readFileSync(path.join(mirror, file), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((l) => l.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')));
  const periods = [...new Set(rows.map((r) => r[6]!))].sort();
  const byGeo = new Map<string, (number | null)[]>();
  for (const r of rows) {
    const geo = geoNames.get(r[5]!);
    if (!geo) continue;
    if (!byGeo.has(geo))
      byGeo.set(
        geo,
        periods.map(() => null),
      );
    byGeo.get(geo)![periods.indexOf(r[6]!)] = r[7] === '' ? null : Number(r[7]);
  }
  return {
    code: 'tec00115',
    freq: 'A',
    dims: ['unit', 'na_item'],
    periods,
    series: [...byGeo].map(([geo, values]) => ({
      key: { unit: 'CLV_PCH_PRE', na_item: 'B1GQ' },
      geo,
      values,
      flags: values.map(() => ''),
    })),
    file,
  };
}

function readNamaJson(): BenchDataset {
  const file = 'eurostat/jsonstat/nama_10_gdp_B1GQ_CP_MEUR_2010-2011_legacy-api.json';
  const j = JSON.parse(readFileSync(path.join(mirror, file), 'utf8')) as {
    id: string[];
    size: number[];
    value: Record<string, number>;
    dimension: Record<string, { category: { index: Record<string, number> } }>;
  };
  const geoIndex = j.dimension.geo!.category.index;
  const timeIndex = j.dimension.time!.category.index;
  const times = Object.keys(timeIndex).sort((a, b) => timeIndex[a]! - timeIndex[b]!);
  return {
    code: 'nama_10_gdp',
    freq: 'A',
    dims: ['unit', 'na_item'],
    periods: times,
    series: Object.entries(geoIndex).map(([geo, gi]) => {
      const values = times.map((_, ti) => j.value[String(gi * times.length + ti)] ?? null);
      return { key: { unit: 'CP_MEUR', na_item: 'B1GQ' }, geo, values, flags: values.map(() => '') };
    }),
    file,
  };
}

function realDatasets(): BenchDataset[] {
  return [
    readTsv(
      'prc_hicp_manr',
      'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
      (k) => k.coicop === 'CP00' || k.coicop === 'CP01',
    ),
    readTsv(
      'une_rt_m',
      'eurostat/une_rt_m/une_rt_m.tsv',
      (k) => k.s_adj === 'SA' && k.sex === 'T' && k.unit === 'PC_ACT' && (k.age === 'TOTAL' || k.age === 'Y_LT25'),
    ),
    readTsv('tec00118', 'eurostat/tec00118/estat_tec00118.tsv', () => true),
    readTsv('tps00203', 'eurostat/tps00203/estat_tps00203.tsv', (k) => k.sex === 'T'),
    readTec00115(),
    readTsv(
      'nama_10r_3gdp',
      'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz',
      (k) => k.unit === 'MIO_EUR' || k.unit === 'EUR_HAB',
    ),
    readNamaJson(),
  ];
}

// ---- what each dataset is called in questions ----

interface Topic {
  code: string;
  /** The series most questions are about. */
  key: Record<string, string>;
  /** "the population", "government debt as a share of GDP". */
  noun: string;
  /** How a value question is asked, when not "What was {noun} in {place} in {period}?". */
  ask?: string;
  /** "Which EU country had the {top} {bare} in 2020?" */
  bare: string;
  top?: string;
  bottom?: string;
  /** Growth rates: the lowest is asked as "shrank the most". */
  shrank?: string;
  /** Other series, asked once each by value. */
  alt?: { key: Record<string, string>; noun: string; ask?: string }[];
  /** Periods in which to ask which economy shrank the most (growth series: the lowest value, below zero). */
  shrinkIn?: { key?: Record<string, string>; periods: string[]; ask: string }[];
  /** Periods to ask about (default: the dataset's, without the first and last). */
  within?: [string, string];
  /** Places not to ask about (values of another vintage imported over this file). */
  avoid?: string[];
  skip?: string[];
}

const topics: Topic[] = [
  // The samples (real files).
  {
    code: 'prc_hicp_manr',
    key: { unit: 'RCH_A', coicop: 'CP00' },
    noun: 'annual inflation',
    bare: 'inflation rate',
    alt: [{ key: { unit: 'RCH_A', coicop: 'CP01' }, noun: 'food price inflation (food and non-alcoholic beverages)' }],
    within: ['1/2001', '4/2025'],
  },
  {
    code: 'une_rt_m',
    key: { s_adj: 'SA', age: 'TOTAL', unit: 'PC_ACT', sex: 'T' },
    noun: 'the unemployment rate',
    bare: 'unemployment rate',
    alt: [
      { key: { s_adj: 'SA', age: 'Y_LT25', unit: 'PC_ACT', sex: 'T' }, noun: 'the youth unemployment rate (under 25)' },
    ],
    within: ['1/2005', '12/2023'],
    avoid: ['DE'],
  },
  {
    code: 'tec00118',
    key: { unit: 'RCH_A_AVG', coicop: 'CP00' },
    noun: 'average annual HICP inflation',
    bare: 'average inflation',
  },
  {
    code: 'tps00203',
    key: { age: 'Y15-74', unit: 'PC_ACT', sex: 'T' },
    noun: 'the annual unemployment rate (15 to 74)',
    bare: 'annual unemployment rate',
    alt: [
      {
        key: { age: 'Y15-74', unit: 'THS_PER', sex: 'T' },
        noun: 'the number of unemployed (thousands)',
        ask: 'How many people were unemployed in {place} in {period}, in thousands?',
      },
    ],
  },
  {
    code: 'tec00115',
    key: { unit: 'CLV_PCH_PRE', na_item: 'B1GQ' },
    noun: 'real GDP growth',
    bare: 'real GDP growth',
    shrank: 'Which EU economy shrank the most in {period}?',
    shrinkIn: [{ periods: ['2020'], ask: 'Which EU country saw real GDP fall the most in {period}?' }],
  },
  {
    code: 'nama_10r_3gdp',
    key: { unit: 'MIO_EUR' },
    noun: 'GDP in million euro',
    bare: 'GDP',
    alt: [{ key: { unit: 'EUR_HAB' }, noun: 'GDP per inhabitant in euro' }],
  },
  {
    code: 'nama_10_gdp',
    key: { unit: 'CP_MEUR', na_item: 'B1GQ' },
    noun: 'GDP at current prices (national accounts, million euro)',
    bare: 'GDP at current prices',
    within: ['2010', '2011'],
    skip: ['peak', 'trough', 'latest', 'follow-up-period'],
  },
  // Generated with Eurostat's codes.
  {
    code: 'migr_asyappctza',
    key: { unit: 'PER', citizen: 'TOTAL', sex: 'T', age: 'TOTAL', applicant: 'TOTAL' },
    noun: 'the number of asylum applicants',
    ask: 'How many asylum applicants were there in {place} in {period}?',
    bare: 'asylum applicants',
    top: 'most',
    bottom: 'fewest',
    alt: [
      {
        key: { unit: 'PER', citizen: 'SY', sex: 'T', age: 'TOTAL', applicant: 'FRST' },
        noun: 'first-time asylum applicants from Syria',
        ask: 'How many first-time asylum applicants from Syria were there in {place} in {period}?',
      },
      {
        key: { unit: 'PER', citizen: 'AF', sex: 'T', age: 'TOTAL', applicant: 'TOTAL' },
        noun: 'asylum applicants from Afghanistan',
        ask: 'How many people from Afghanistan applied for asylum in {place} in {period}?',
      },
    ],
  },
  {
    code: 'gov_10dd_edpt1',
    key: { unit: 'PC_GDP', sector: 'S13', na_item: 'GD' },
    noun: 'government debt as a share of GDP',
    bare: 'government debt relative to GDP',
    alt: [
      {
        key: { unit: 'PC_GDP', sector: 'S13', na_item: 'B9' },
        noun: 'the government deficit (net borrowing) as a percentage of GDP',
      },
      { key: { unit: 'MIO_EUR', sector: 'S13', na_item: 'GD' }, noun: 'government gross debt in million euro' },
    ],
  },
  {
    code: 'demo_pjan',
    key: { unit: 'NR', age: 'TOTAL', sex: 'T' },
    noun: 'the population on 1 January',
    bare: 'population',
    top: 'largest',
    bottom: 'smallest',
    alt: [
      {
        key: { unit: 'NR', age: 'TOTAL', sex: 'F' },
        noun: 'the female population',
        ask: 'How many women lived in {place} on 1 January {period}?',
      },
    ],
  },
  {
    code: 'demo_mlexpec',
    key: { unit: 'YR', sex: 'T', age: 'Y_LT1' },
    noun: 'life expectancy at birth',
    bare: 'life expectancy at birth',
    alt: [
      { key: { unit: 'YR', sex: 'F', age: 'Y_LT1' }, noun: "women's life expectancy at birth" },
      { key: { unit: 'YR', sex: 'T', age: 'Y65' }, noun: 'life expectancy at age 65' },
    ],
  },
  {
    code: 'sdg_11_40',
    key: { tra_infr: 'TOTAL', unit: 'NR' },
    noun: 'the number of road deaths',
    ask: 'How many people died on the roads in {place} in {period}?',
    bare: 'road deaths',
    top: 'most',
    bottom: 'fewest',
    alt: [{ key: { tra_infr: 'TOTAL', unit: 'P_HTHAB' }, noun: 'road deaths per 100,000 inhabitants' }],
  },
  {
    code: 'nrg_ind_ren',
    key: { nrg_bal: 'REN', unit: 'PC' },
    noun: 'the share of energy from renewable sources',
    bare: 'share of renewable energy',
    alt: [
      { key: { nrg_bal: 'REN_ELC', unit: 'PC' }, noun: 'the share of renewables in electricity' },
      { key: { nrg_bal: 'REN_TRA', unit: 'PC' }, noun: 'the share of renewable energy in transport' },
    ],
  },
  {
    code: 'env_air_gge',
    key: { unit: 'THS_T', airpol: 'GHG', src_crf: 'TOTX4_MEMONIA' },
    noun: 'greenhouse gas emissions',
    bare: 'greenhouse gas emissions',
    alt: [
      { key: { unit: 'THS_T', airpol: 'GHG', src_crf: 'CRF3' }, noun: 'greenhouse gas emissions from agriculture' },
    ],
  },
  {
    code: 'ilc_li02',
    key: { indic_il: 'LI_R_MD60', sex: 'T', age: 'TOTAL', unit: 'PC' },
    noun: 'the at-risk-of-poverty rate',
    bare: 'at-risk-of-poverty rate',
    alt: [
      {
        key: { indic_il: 'LI_R_MD60', sex: 'T', age: 'Y_LT18', unit: 'PC' },
        noun: 'the at-risk-of-poverty rate of children under 18',
      },
    ],
  },
  {
    code: 'edat_lfse_14',
    key: { wstatus: 'POP', sex: 'T', age: 'Y18-24', unit: 'PC' },
    noun: 'the share of early leavers from education and training',
    bare: 'share of early school leavers',
    alt: [
      {
        key: { wstatus: 'POP', sex: 'F', age: 'Y18-24', unit: 'PC' },
        noun: 'the share of early school leavers among young women',
      },
    ],
  },
  {
    code: 'lfsi_emp_a',
    key: { indic_em: 'EMP_LFS', sex: 'T', age: 'Y20-64', unit: 'PC_POP' },
    noun: 'the employment rate of people aged 20 to 64',
    bare: 'employment rate',
    alt: [
      {
        key: { indic_em: 'EMP_LFS', sex: 'F', age: 'Y20-64', unit: 'PC_POP' },
        noun: 'the employment rate of women aged 20 to 64',
      },
    ],
  },
  {
    code: 'crim_off_cat',
    key: { iccs: 'ICCS0101', unit: 'NR' },
    noun: 'the number of intentional homicides recorded by the police',
    ask: 'How many intentional homicides did the police record in {place} in {period}?',
    bare: 'intentional homicides',
    top: 'most',
    bottom: 'fewest',
    alt: [
      { key: { iccs: 'ICCS0101', unit: 'P_HTHAB' }, noun: 'the homicide rate per 100,000 inhabitants' },
      { key: { iccs: 'ICCS0401', unit: 'NR' }, noun: 'the number of robberies recorded by the police' },
    ],
  },
  {
    code: 'sdg_08_10',
    key: { na_item: 'B1GQ', unit: 'CLV10_EUR_HAB' },
    noun: 'real GDP per capita',
    bare: 'real GDP per capita',
    alt: [{ key: { na_item: 'B1GQ', unit: 'CLV_PCH_PRE_HAB' }, noun: 'the growth of real GDP per capita' }],
    shrinkIn: [
      {
        key: { na_item: 'B1GQ', unit: 'CLV_PCH_PRE_HAB' },
        periods: ['2009', '2020'],
        ask: 'In which EU country did real GDP per capita shrink the most in {period}?',
      },
    ],
  },
  {
    code: 'apro_cpsh1',
    key: { crops: 'C1110', strucpro: 'PR_HU_EU' },
    noun: 'the harvest of common wheat and spelt (thousand tonnes)',
    bare: 'common wheat harvest',
    top: 'largest',
    bottom: 'smallest',
    alt: [{ key: { crops: 'C1500', strucpro: 'PR_HU_EU' }, noun: 'grain maize production (thousand tonnes)' }],
  },
  {
    code: 'env_wasmun',
    key: { wst_oper: 'GEN', unit: 'KG_HAB' },
    noun: 'municipal waste generated per person',
    bare: 'municipal waste per person',
    top: 'most',
    bottom: 'least',
    alt: [{ key: { wst_oper: 'RCY_M', unit: 'KG_HAB' }, noun: 'municipal waste recycled per person (kg)' }],
  },
  {
    code: 'isoc_ci_ifp_iu',
    key: { indic_is: 'I_ILT12', ind_type: 'IND_TOTAL', unit: 'PC_IND' },
    noun: 'the share of people who used the internet in the last 12 months',
    bare: 'share of internet users',
    alt: [
      {
        key: { indic_is: 'I_IUSE', ind_type: 'IND_TOTAL', unit: 'PC_IND' },
        noun: 'the share of people using the internet at least once a week',
      },
    ],
  },
  {
    code: 'avia_paoc',
    key: { unit: 'PAS', tra_meas: 'PAS_CRD', tra_cov: 'TOTAL', schedule: 'TOT' },
    noun: 'the number of air passengers carried',
    ask: 'How many air passengers were carried in {place} in {period}?',
    bare: 'air passengers',
    top: 'most',
    bottom: 'fewest',
  },
  {
    code: 'ilc_di12',
    key: { statinfo: 'GINI_HND' },
    noun: 'the Gini coefficient of equivalised disposable income',
    bare: 'income inequality (Gini coefficient)',
  },
  {
    code: 'nrg_pc_204',
    key: { product: '6000', nrg_cons: 'KWH2500-4999', unit: 'KWH', tax: 'I_TAX', currency: 'EUR' },
    noun: 'the electricity price for households, all taxes included (euro per kWh)',
    bare: 'household electricity prices',
    alt: [
      {
        key: { product: '6000', nrg_cons: 'KWH2500-4999', unit: 'KWH', tax: 'X_TAX', currency: 'EUR' },
        noun: 'the household electricity price excluding taxes and levies',
      },
    ],
  },
  {
    code: 'prc_hpi_q',
    key: { purchase: 'TOTAL', unit: 'I15_Q' },
    noun: 'the house price index (2015 = 100)',
    bare: 'house price index',
    alt: [{ key: { purchase: 'DW_NEW', unit: 'I15_Q' }, noun: 'the price index of newly built dwellings' }],
  },
  {
    code: 'namq_10_gdp',
    key: { unit: 'CLV_PCH_PRE', s_adj: 'SCA', na_item: 'B1GQ' },
    noun: 'quarterly GDP growth (on the previous quarter)',
    bare: 'GDP growth on the previous quarter',
    shrank: 'Which EU economy shrank the most in {period}?',
    shrinkIn: [
      { periods: ['Q2/2020', 'Q1/2009'], ask: 'Which EU economy shrank the most in {period}?' },
      {
        key: { unit: 'CLV_PCH_SM', s_adj: 'SCA', na_item: 'B1GQ' },
        periods: ['Q2/2020'],
        ask: 'Where in the EU did GDP fall the most compared with a year earlier in {period}?',
      },
    ],
    alt: [
      {
        key: { unit: 'CLV_PCH_SM', s_adj: 'SCA', na_item: 'B1GQ' },
        noun: 'GDP growth compared with the same quarter of the previous year',
      },
    ],
  },
  {
    code: 'tour_occ_nim',
    key: { c_resid: 'TOTAL', unit: 'NR', nace_r2: 'I551-I553' },
    noun: 'the number of nights spent at tourist accommodation',
    ask: 'How many nights did tourists spend in hotels, holiday homes and campsites in {place} in {period}?',
    bare: 'nights spent at tourist accommodation',
    top: 'most',
    bottom: 'fewest',
    alt: [
      {
        key: { c_resid: 'FOR', unit: 'NR', nace_r2: 'I551-I553' },
        noun: 'nights spent by foreign tourists',
        ask: 'How many nights did foreign tourists spend at tourist accommodation in {place} in {period}?',
      },
    ],
  },
  {
    code: 'ei_bssi_m_r2',
    key: { indic: 'BS-ESI-I', s_adj: 'SA' },
    noun: 'the economic sentiment indicator',
    bare: 'economic sentiment',
    alt: [{ key: { indic: 'BS-CSMCI-BAL', s_adj: 'SA' }, noun: 'the consumer confidence indicator' }],
  },
  {
    code: 'sts_inpr_m',
    key: { indic_bt: 'PROD', nace_r2: 'B-D', s_adj: 'SCA', unit: 'I21' },
    noun: 'the index of industrial production (2021 = 100)',
    bare: 'industrial production index',
    shrinkIn: [],
    alt: [
      {
        key: { indic_bt: 'PROD', nace_r2: 'C', s_adj: 'SCA', unit: 'I21' },
        noun: 'the volume index of manufacturing production',
      },
    ],
  },
  {
    code: 'irt_lt_mcby_m',
    key: { int_rt: 'MCBY' },
    noun: 'the long-term government bond yield (EMU convergence criterion)',
    bare: 'long-term bond yield',
  },
  {
    code: 'demo_r_mwk_ts',
    key: { sex: 'T', unit: 'NR' },
    noun: 'the number of deaths',
    ask: 'How many people died in {place} in {period}?',
    bare: 'deaths',
    top: 'most',
    bottom: 'fewest',
    alt: [
      { key: { sex: 'F', unit: 'NR' }, noun: 'deaths of women', ask: 'How many women died in {place} in {period}?' },
    ],
  },
];

// ---- seeded choices ----

let state = 20261129;
function random(): number {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 2 ** 32;
}
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

const ARTICLE: Record<string, string> = { NL: 'the Netherlands', CZ: 'Czechia', EU27_2020: 'the EU' };
const placeName = (geo: string) => ARTICLE[geo] ?? labelOf('geo', geo) ?? geo;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ORDINAL = ['first', 'second', 'third', 'fourth'];

/** How a journalist writes a period: 2015, October 2022, the second quarter of 2020, week 14 of 2020. */
function periodWords(p: string): string {
  let m = /^(\d{1,2})\/(\d{4})$/.exec(p);
  if (m) return `${MONTHS[Number(m[1]) - 1]} ${m[2]}`;
  m = /^Q(\d)\/(\d{4})$/.exec(p);
  if (m) return random() < 0.5 ? `the ${ORDINAL[Number(m[1]) - 1]} quarter of ${m[2]}` : `Q${m[1]} ${m[2]}`;
  m = /^S(\d)\/(\d{4})$/.exec(p);
  if (m) return `the ${m[1] === '1' ? 'first' : 'second'} half of ${m[2]}`;
  m = /^W(\d+)\/(\d{4})$/.exec(p);
  if (m) return `week ${m[1]} of ${m[2]}`;
  return p;
}

const sameKey = (a: Record<string, string>, b: Record<string, string>) =>
  Object.entries(b).every(([d, c]) => a[d] === c) && Object.keys(a).length === Object.keys(b).length;

interface Ctx {
  ds: BenchDataset;
  topic: Topic;
}

function seriesOf(ds: BenchDataset, key: Record<string, string>, geo: string): BenchSeries | undefined {
  return ds.series.find((s) => s.geo === geo && sameKey(s.key, key));
}

function obs(ds: BenchDataset, s: BenchSeries, i: number): ExpectedObservation {
  return { dataset_code: ds.code, geo: s.geo, period: ds.periods[i]!, value: s.values[i]! };
}

/** Period indexes a question may ask about: inside `within`, not the last period (kept for "latest"). */
function askable(c: Ctx): number[] {
  const [from, to] = c.topic.within ?? [c.ds.periods[1]!, c.ds.periods[c.ds.periods.length - 2]!];
  const a = c.ds.periods.indexOf(from);
  const b = c.ds.periods.indexOf(to);
  return c.ds.periods.map((_, i) => i).filter((i) => i >= a && i <= b);
}

function countries(c: Ctx, key: Record<string, string>): BenchSeries[] {
  return EU27.filter((g) => !(c.topic.avoid ?? []).includes(g))
    .map((g) => seriesOf(c.ds, key, g))
    .filter((s): s is BenchSeries => s !== undefined && s.values.some((v) => v !== null));
}

/** A country and a period with a value. */
function pickCell(c: Ctx, key: Record<string, string>): { s: BenchSeries; i: number } {
  const ss = countries(c, key);
  for (;;) {
    const s = pick(ss);
    const i = pick(askable(c));
    if (s.values[i] !== null && s.values[i] !== undefined) return { s, i };
  }
}

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? `{${k}}`);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function valueQuestion(noun: string, ask: string | undefined, place: string, period: string): string {
  const templates = ask
    ? [ask]
    : [
        'What was {noun} in {place} in {period}?',
        '{Noun} in {place} in {period}?',
        'Tell me {noun} for {place} in {period}.',
        'What was {noun} in {place} in {period}, according to Eurostat?',
      ];
  return fill(pick(templates), { noun, Noun: cap(noun), place, period: periodWords(period) });
}

function questionsFor(c: Ctx): Omit<GoldenV2, 'half'>[] {
  const out: Omit<GoldenV2, 'half'>[] = [];
  const { ds, topic } = c;
  const skip = new Set(topic.skip ?? []);
  // Value of the main series, and of each other series.
  for (const [key, noun, ask] of [
    [topic.key, topic.noun, topic.ask] as const,
    ...(topic.alt ?? []).map((a) => [a.key, a.noun, a.ask] as const),
  ]) {
    const { s, i } = pickCell(c, key);
    out.push({
      kind: 'value',
      question: valueQuestion(noun, ask, placeName(s.geo), ds.periods[i]!),
      expect: [obs(ds, s, i)],
    });
  }
  // Change over a period.
  {
    const periods = askable(c);
    for (let tries = 0; tries < 200; tries += 1) {
      const { s, i } = pickCell(c, topic.key);
      const j = pick(periods);
      if (j <= i || s.values[j] === null || s.values[j] === undefined) continue;
      const q = fill(
        pick([
          'How did {noun} in {place} change between {p1} and {p2}?',
          'By how much did {noun} in {place} change from {p1} to {p2}?',
          'How has {noun} in {place} changed from {p1} to {p2}?',
        ]),
        { noun: topic.noun, place: placeName(s.geo), p1: periodWords(ds.periods[i]!), p2: periodWords(ds.periods[j]!) },
      );
      out.push({ kind: 'change', question: q, expect: [obs(ds, s, i), obs(ds, s, j)] });
      break;
    }
  }
  // Highest and lowest among EU countries in a period (a unique answer, every country present).
  for (const dir of ['highest', 'lowest'] as const) {
    for (let tries = 0; tries < 200; tries += 1) {
      const i = pick(askable(c));
      const ss = countries(c, topic.key).filter((s) => s.values[i] !== null && s.values[i] !== undefined);
      if (ss.length < 10) continue;
      ss.sort((a, b) => (dir === 'highest' ? b.values[i]! - a.values[i]! : a.values[i]! - b.values[i]!));
      if (ss[0]!.values[i] === ss[1]!.values[i]) continue;
      const word = dir === 'highest' ? (topic.top ?? 'highest') : (topic.bottom ?? 'lowest');
      const period = periodWords(ds.periods[i]!);
      const q =
        dir === 'lowest' && topic.shrank && ss[0]!.values[i]! < 0
          ? fill(topic.shrank, { period })
          : fill(
              pick([
                'Which EU country had the {word} {bare} in {period}?',
                'In {period}, which EU member state had the {word} {bare}?',
              ]),
              { word, bare: topic.bare, period },
            );
      out.push({
        kind: dir === 'lowest' && topic.shrank && ss[0]!.values[i]! < 0 ? 'shrank' : dir,
        question: q,
        expect: [obs(ds, ss[0]!, i)],
      });
      break;
    }
  }
  for (const sh of topic.shrinkIn ?? [])
    for (const p of sh.periods) {
      const i = ds.periods.indexOf(p);
      const ss = countries(c, sh.key ?? topic.key).filter((s) => s.values[i] !== null && s.values[i] !== undefined);
      ss.sort((a, b) => a.values[i]! - b.values[i]!);
      if (ss[0]!.values[i] === ss[1]!.values[i] || ss[0]!.values[i]! >= 0)
        throw new Error(`${ds.code} ${p}: no single contraction`);
      out.push({ kind: 'shrank', question: fill(sh.ask, { period: periodWords(p) }), expect: [obs(ds, ss[0]!, i)] });
    }
  // Comparison of two countries.
  for (let tries = 0; tries < 200; tries += 1) {
    const { s, i } = pickCell(c, topic.key);
    const t = pick(countries(c, topic.key));
    if (t.geo === s.geo || t.values[i] === null || t.values[i] === undefined) continue;
    const q = fill(
      pick([
        'Compare {noun} in {a} and {b} in {period}.',
        'Was {noun} higher in {a} or in {b} in {period}?',
        '{Noun}: {a} vs {b}, {period}',
      ]),
      {
        noun: topic.noun,
        Noun: cap(topic.noun),
        a: placeName(s.geo),
        b: placeName(t.geo),
        period: periodWords(ds.periods[i]!),
      },
    );
    out.push({ kind: 'compare', question: q, expect: [obs(ds, s, i), obs(ds, t, i)] });
    break;
  }
  // Peak or trough of one country's series over all its periods (a unique extreme).
  for (const dir of ['peak', 'trough'] as const) {
    if (skip.has(dir)) continue;
    if ((dir === 'peak') !== (topics.indexOf(topic) % 2 === 0) && !topic.shrank) continue;
    for (let tries = 0; tries < 200; tries += 1) {
      const s = pick(countries(c, topic.key));
      const vs = s.values.map((v, i) => ({ v, i })).filter((x) => x.v !== null) as { v: number; i: number }[];
      const best = dir === 'peak' ? Math.max(...vs.map((x) => x.v)) : Math.min(...vs.map((x) => x.v));
      const at = vs.filter((x) => x.v === best);
      if (at.length !== 1) continue;
      const q = fill(
        dir === 'peak'
          ? pick(['When did {noun} in {place} peak?', 'When was {noun} in {place} at its highest?'])
          : pick(['When was {noun} in {place} at its lowest?', 'When did {noun} in {place} hit its low point?']),
        { noun: topic.noun, place: placeName(s.geo) },
      );
      out.push({ kind: dir, question: q, expect: [obs(ds, s, at[0]!.i)] });
      break;
    }
  }
  // Latest value (of the EU aggregate where there is one, half the time).
  if (!skip.has('latest')) {
    const eu = seriesOf(ds, topic.key, 'EU27_2020');
    const s = eu && random() < 0.4 ? eu : pick(countries(c, topic.key));
    const last = s.values.findLastIndex((v) => v !== null);
    const q = fill(
      pick([
        'What is the latest figure for {noun} in {place}?',
        'What is the most recent value of {noun} for {place}?',
      ]),
      {
        noun: topic.noun,
        place: placeName(s.geo),
      },
    );
    out.push({ kind: 'latest', question: q, expect: [obs(ds, s, last)] });
  }
  // Follow-ups: another place, or another period, in the same conversation.
  {
    const { s, i } = pickCell(c, topic.key);
    const first = valueQuestion(topic.noun, topic.ask, placeName(s.geo), ds.periods[i]!);
    const byPeriod = !skip.has('follow-up-period') && topics.indexOf(topic) % 2 === 1;
    for (let tries = 0; tries < 200; tries += 1) {
      if (byPeriod) {
        const j = pick(askable(c));
        if (j === i || s.values[j] === null || s.values[j] === undefined) continue;
        out.push({
          kind: 'follow-up',
          context: [first],
          question: pick(['And in {p}?', 'What about {p}?']).replace('{p}', periodWords(ds.periods[j]!)),
          expect: [obs(ds, s, j)],
        });
      } else {
        const t = pick(countries(c, topic.key));
        if (t.geo === s.geo || t.values[i] === null || t.values[i] === undefined) continue;
        out.push({
          kind: 'follow-up',
          context: [first],
          question: pick(['And {p}?', 'What about {p}?', 'And in {p}?']).replace('{p}', placeName(t.geo)),
          expect: [obs(ds, t, i)],
        });
      }
      break;
    }
  }
  return out;
}

/** Questions that must get no number: places, periods and datasets that are not in the data. */
function declines(all: BenchDataset[]): Omit<GoldenV2, 'half'>[] {
  const out: Omit<GoldenV2, 'half'>[] = [];
  const byCode = new Map(all.map((d) => [d.code, d]));
  const nowhere = [
    'Mars',
    'Atlantis',
    'Narnia',
    'Gotham City',
    'Middle-earth',
    'the Moon',
    'Wakanda',
    'Westeros',
    'Utopia',
    'El Dorado',
  ];
  for (const [n, place] of nowhere.entries()) {
    const topic = topics[(n * 3 + 1) % topics.length]!;
    const ds = byCode.get(topic.code)!;
    const period = ds.periods[Math.floor(ds.periods.length / 2)]!;
    out.push({ kind: 'decline-place', decline: true, question: valueQuestion(topic.noun, topic.ask, place, period) });
  }
  const beyond = ['2031', '2035', '2040', '2045', '2050', '2032', '2038', '2060', '2033', '2099'];
  for (const [n, year] of beyond.entries()) {
    const topic = topics[(n * 5 + 2) % topics.length]!;
    const ds = byCode.get(topic.code)!;
    const later =
      ds.freq === 'M'
        ? `${(n % 12) + 1}/${year}`
        : ds.freq === 'Q'
          ? `Q${(n % 4) + 1}/${year}`
          : ds.freq === 'W'
            ? `W${n + 10}/${year}`
            : ds.freq === 'S'
              ? `S${(n % 2) + 1}/${year}`
              : year;
    out.push({
      kind: 'decline-period',
      decline: true,
      question: valueQuestion(topic.noun, topic.ask, placeName(pick(['DE', 'FR', 'IT', 'ES', 'PL', 'SE'])), later),
    });
  }
  for (const [n, year] of ['1850', '1900', '1920', '1066', '1789'].entries()) {
    const topic = topics[(n * 7 + 4) % topics.length]!;
    out.push({
      kind: 'decline-period',
      decline: true,
      question: valueQuestion(topic.noun, topic.ask, placeName(pick(['DE', 'FR', 'NL', 'AT', 'BE'])), year),
    });
  }
  for (const q of [
    'How many unicorns lived in Germany in 2020?',
    'What was the average rainfall in Spain in 2019?',
    'How many dragons were counted in Poland in 2018?',
    'What was the price of a Big Mac in France in 2021?',
    'How many Michelin-starred restaurants did Belgium have in 2022?',
    'How many hours of sunshine did Portugal get in 2020?',
    'How many goals did Italy score at the 2006 World Cup?',
    'What was the number of wolves in Slovakia in 2017?',
    'How many cats were registered in Austria in 2021?',
    'What was the average height of men in the Netherlands in 2015?',
  ])
    out.push({ kind: 'decline-dataset', decline: true, question: q });
  return out;
}

const all = [...realDatasets(), ...generatedDatasets()];
/** Every question of the set, drawn by the seeded choices from where `state` stands. */
function generateQuestions(): Omit<GoldenV2, 'half'>[] {
  const drawn: Omit<GoldenV2, 'half'>[] = [];
  for (const topic of topics) {
    const ds = all.find((d) => d.code === topic.code);
    if (!ds) throw new Error(`no data for ${topic.code}`);
    for (const key of [topic.key, ...(topic.alt ?? []).map((a) => a.key)])
      if (!ds.series.some((s) => sameKey(s.key, key)))
        throw new Error(`${topic.code}: no series ${JSON.stringify(key)}`);
    drawn.push(...questionsFor({ ds, topic }));
  }
  drawn.push(...declines(all));
  return drawn;
}

// GOLDEN_EXTRA=<n>: n more draws of the same kinds with other seeds, written to assistant-golden-v2-extra.json, all of
// them for tuning (dev): more questions to tune on without looking at the test half. A question the set already has
// (either half) is left out, so no test question is tuned on (decision 209).
const extraDraws = Number(process.env.GOLDEN_EXTRA ?? 0);
if (extraDraws > 0) {
  const setFile = path.join(import.meta.dirname, 'assistant-golden-v2.json');
  const asked = new Set((JSON.parse(readFileSync(setFile, 'utf8')) as GoldenV2[]).map((g) => g.question));
  const extra: GoldenV2[] = [];
  for (let draw = 1; draw <= extraDraws; draw += 1) {
    state = 20261129 + draw * 7919;
    for (const q of generateQuestions()) {
      if (asked.has(q.question)) continue;
      asked.add(q.question);
      extra.push({ ...q, half: 'dev' });
    }
  }
  // The set's declines of things no dataset measures are ten fixed questions, so other draws repeat them: these are
  // others of the kind, written for tuning only (after the set, not drawn from it).
  for (const question of [
    'How many cinema tickets were sold in France in 2019?',
    'How many bicycles were stolen in Denmark in 2018?',
    'How many Nobel prizes did Sweden win in 2010?',
    'What was the average temperature in Greece in July 2021?',
    'How many marathons were held in Germany in 2019?',
    'How many bee colonies were there in Slovenia in 2016?',
    'What was the number of tattoo parlours in Ireland in 2022?',
    'How many ski lifts operated in Austria in 2020?',
    'How many chess grandmasters lived in Hungary in 2015?',
    'What was the average snowfall in Finland in 2018?',
    'How many lighthouses were there in Croatia in 2019?',
    'How many racehorses were trained in Ireland in 2017?',
    'What was the box office revenue of films in Spain in 2021?',
    'How many volcanic eruptions were there in Italy in 2014?',
    'How many pizzas were eaten in Italy in 2020?',
    'How many penguins lived in Belgium in 2020?',
    'How many Olympic medals did the Netherlands win in 2016?',
    'How many tornadoes hit Poland in 2019?',
    'What was the number of vampires in Romania in 2012?',
    'How many castles were open to visitors in Czechia in 2018?',
  ])
    if (!asked.has(question)) extra.push({ kind: 'decline-dataset', decline: true, question, half: 'dev' });
  const extraFile = path.join(import.meta.dirname, 'assistant-golden-v2-extra.json');
  writeFileSync(
    extraFile,
    await format(JSON.stringify(extra), { ...(await resolveConfig(extraFile)), filepath: extraFile }),
  );
  console.log(`${extraFile}: ${extra.length} more questions to tune on (dev), from ${extraDraws} other draws`);
  process.exit(0);
}
const questions = generateQuestions();

// Half each, by a seeded shuffle within each kind (the declines' three kinds count as one).
const stratum = (q: Omit<GoldenV2, 'half'>) => (q.kind.startsWith('decline') ? 'decline' : q.kind);
let odd = 0;
const halves = new Map<Omit<GoldenV2, 'half'>, GoldenV2['half']>();
for (const kind of [...new Set(questions.map(stratum))]) {
  const group = questions.filter((q) => stratum(q) === kind);
  for (let i = group.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [group[i], group[j]] = [group[j]!, group[i]!];
  }
  // Odd-sized groups give their extra question to dev and test in turn, so the halves are equal.
  const offset = group.length % 2 === 1 ? odd++ % 2 : 0;
  group.forEach((q, i) => halves.set(q, (i + offset) % 2 === 0 ? 'dev' : 'test'));
}
const golden: GoldenV2[] = questions.map((q) => ({ ...q, half: halves.get(q)! }));

const out = path.join(import.meta.dirname, 'assistant-golden-v2.json');
// Written as Prettier writes it, so the file reads the same after `prettier --write`.
writeFileSync(out, await format(JSON.stringify(golden), { ...(await resolveConfig(out)), filepath: out }));
const datasetsUsed = new Set(golden.flatMap((g) => (g.expect ?? []).map((e) => e.dataset_code)));
const counts = Object.fromEntries(
  [...new Set(golden.map((g) => g.kind))].map((k) => [k, golden.filter((g) => g.kind === k).length]),
);
console.log(
  `${out}: ${golden.length} questions over ${datasetsUsed.size} datasets; dev ${golden.filter((g) => g.half === 'dev').length}, test ${golden.filter((g) => g.half === 'test').length}`,
);
console.log(counts);
