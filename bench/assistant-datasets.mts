// Eurostat TSV files for the assistant's golden set v2 (bench/assistant-golden-v2.json, decision 209): 25 datasets of
// other themes than the samples, with Eurostat's real dataset codes, dimensions and code-list codes (each code is
// checked against the mirror's dictionaries, eurostat-metadata/dic/en), in the current TSV layout, at annual,
// semi-annual, quarterly, monthly and weekly frequency. The values are made up but deterministic (seeded per dataset,
// series and period), shaped like the real ones (levels that grow, rates around a mean, seasons, the 2009 and 2020
// shocks), so questions have one right answer that the files themselves give.
//   npx tsx bench/assistant-datasets.mts [out-dir]     (default tmp/assistant-datasets)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../shared/data');

type Freq = 'A' | 'S' | 'Q' | 'M' | 'W';

/** One dataset as the golden set reads it: series of values over the dataset's periods. */
export interface BenchDataset {
  code: string;
  freq: Freq;
  /** Dimensions in the file's order, without freq and geo. */
  dims: string[];
  /** Periods as the data API and citations write them: 2020, S1/2020, Q2/2020, 10/2022, W14/2020. */
  periods: string[];
  series: BenchSeries[];
  /** Where the values come from: a generated file or a real mirror file. */
  file: string;
}

export interface BenchSeries {
  key: Record<string, string>;
  geo: string;
  values: (number | null)[];
  flags: string[];
}

export const EU27 = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** Relative size of each country (about its population in millions), for levels that scale with it. */
const SIZE: Record<string, number> = {
  AT: 9,
  BE: 11.6,
  BG: 6.5,
  CY: 0.9,
  CZ: 10.5,
  DE: 83,
  DK: 5.9,
  EE: 1.3,
  EL: 10.4,
  ES: 47.5,
  FI: 5.5,
  FR: 68,
  HR: 3.9,
  HU: 9.6,
  IE: 5.1,
  IT: 59,
  LT: 2.8,
  LU: 0.65,
  LV: 1.9,
  MT: 0.52,
  NL: 17.8,
  PL: 37.7,
  PT: 10.4,
  RO: 19,
  SE: 10.5,
  SI: 2.1,
  SK: 5.4,
  NO: 5.5,
  CH: 8.8,
  IS: 0.38,
};

// ---- seeded randomness: the same file every run ----

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
/** A number in [0, 1) fixed by the text. */
const unit01 = (text: string) => (hash(text) % 1_000_003) / 1_000_003;
/** A number in [-1, 1) fixed by the text. */
const pm1 = (text: string) => unit01(text) * 2 - 1;

// ---- periods ----

interface Period {
  /** The TSV header spelling: 2020, 2020-S1, 2020-Q2, 2020-10, 2020-W14. */
  source: string;
  api: string;
  year: number;
  /** Position within the year, 0 ≤ frac < 1. */
  frac: number;
}

function periodsOf(freq: Freq, from: [number, number], to: [number, number]): Period[] {
  const per = { A: 1, S: 2, Q: 4, M: 12, W: 52 }[freq];
  const out: Period[] = [];
  for (let y = from[0], s = from[1]; y < to[0] || (y === to[0] && s <= to[1]);) {
    const p2 = String(s).padStart(2, '0');
    const [source, api] =
      freq === 'A'
        ? [`${y}`, `${y}`]
        : freq === 'S'
          ? [`${y}-S${s}`, `S${s}/${y}`]
          : freq === 'Q'
            ? [`${y}-Q${s}`, `Q${s}/${y}`]
            : freq === 'M'
              ? [`${y}-${p2}`, `${s}/${y}`]
              : [`${y}-W${p2}`, `W${s}/${y}`];
    out.push({ source, api, year: y, frac: (s - 1) / per });
    s += 1;
    if (s > per) [y, s] = [y + 1, 1];
  }
  return out;
}

// ---- the datasets ----

interface Cell {
  geo: string;
  /** Fixed per geo, in [-1, 1): how far this country sits from the typical one. */
  g: number;
  /** Fixed per series key (without geo), in [-1, 1). */
  k: number;
  key: Record<string, string>;
  size: number;
  year: number;
  frac: number;
  /** Years since the first period. */
  t: number;
  /** Noise for this cell, in [-1, 1). */
  n: number;
}

interface Spec {
  code: string;
  freq: Freq;
  dims: [string, string[]][];
  from: [number, number];
  to: [number, number];
  decimals: number;
  /** How the EU27_2020 value follows from the countries'. */
  eu: 'sum' | 'mean' | 'none';
  extraGeos?: string[];
  value: (c: Cell) => number;
  /** Values some files are known by (issue 39's example), set over the generated ones. */
  fixed?: { key: Record<string, string>; geo: string; period: string; value: number }[];
}

/** A dip in 2020 (deepest in the second quarter) and a smaller one in 2009. */
function shock(year: number, frac: number, depth2020: number, depth2009 = depth2020 / 2): number {
  if (year === 2020) return depth2020 * (frac >= 0.25 && frac < 0.5 ? 1 : frac < 0.25 ? 0.3 : 0.5);
  if (year === 2021 && frac < 0.25) return depth2020 * 0.3;
  if (year === 2009) return depth2009;
  return 0;
}
const season = (frac: number, peak: number) => Math.cos(2 * Math.PI * (frac - peak));

const specs: Spec[] = [
  {
    code: 'migr_asyappctza',
    freq: 'A',
    dims: [
      ['unit', ['PER']],
      ['citizen', ['TOTAL', 'SY', 'AF', 'VE']],
      ['sex', ['T']],
      ['age', ['TOTAL']],
      ['applicant', ['TOTAL', 'FRST']],
    ],
    from: [2008, 1],
    to: [2022, 1],
    decimals: 0,
    eu: 'sum',
    value: (c) => {
      const share = { TOTAL: 1, SY: 0.22, AF: 0.12, VE: 0.03 }[c.key.citizen!]!;
      const wave = c.year === 2015 || c.year === 2016 ? 3.2 : c.year >= 2021 ? 1.6 : c.year >= 2017 ? 1.3 : 0.8;
      const v =
        c.size * 2500 * share * wave * (1 + 0.6 * c.g) * (1 + 0.25 * c.n) * (c.key.applicant === 'FRST' ? 0.88 : 1);
      return Math.round(v / 5) * 5;
    },
    fixed: [{ key: { citizen: 'SY', applicant: 'FRST' }, geo: 'AT', period: '2015', value: 24720 }],
  },
  {
    code: 'gov_10dd_edpt1',
    freq: 'A',
    dims: [
      ['unit', ['PC_GDP', 'MIO_EUR']],
      ['sector', ['S13']],
      ['na_item', ['GD', 'B9']],
    ],
    from: [1995, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    value: (c) => {
      const debt = 60 + 35 * c.g + 0.8 * c.t + (c.year >= 2009 ? 12 : 0) + (c.year >= 2020 ? 9 : 0) + 2 * c.n;
      const deficit =
        -1.5 + 2 * c.g + (c.year === 2009 ? -5 : 0) + (c.year === 2020 ? -6 : c.year === 2021 ? -3 : 0) + c.n;
      const pc = c.key.na_item === 'GD' ? debt : deficit;
      return c.key.unit === 'PC_GDP' ? pc : (pc / 100) * c.size * 30_000 * (1 + 0.03 * c.t);
    },
  },
  {
    code: 'demo_pjan',
    freq: 'A',
    dims: [
      ['unit', ['NR']],
      ['age', ['TOTAL']],
      ['sex', ['T', 'M', 'F']],
    ],
    from: [2000, 1],
    to: [2023, 1],
    decimals: 0,
    eu: 'sum',
    extraGeos: ['NO', 'CH', 'IS'],
    value: (c) => {
      const total = c.size * 1e6 * (1 + (0.004 * c.g - 0.001) * c.t) * (1 + 0.002 * c.n);
      return c.key.sex === 'T' ? total : total * (c.key.sex === 'F' ? 0.51 : 0.49);
    },
  },
  {
    code: 'demo_mlexpec',
    freq: 'A',
    dims: [
      ['unit', ['YR']],
      ['sex', ['T', 'M', 'F']],
      ['age', ['Y_LT1', 'Y65']],
    ],
    from: [2000, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    extraGeos: ['NO', 'CH'],
    value: (c) => {
      const birth = 78 + 3.5 * c.g + 0.2 * c.t - (c.year === 2020 ? 0.7 : c.year === 2021 ? 0.9 : 0) + 0.15 * c.n;
      const bySex = birth + (c.key.sex === 'F' ? 2.8 : c.key.sex === 'M' ? -2.8 : 0);
      return c.key.age === 'Y_LT1' ? bySex : bySex * 0.25;
    },
  },
  {
    code: 'sdg_11_40',
    freq: 'A',
    dims: [
      ['tra_infr', ['TOTAL']],
      ['unit', ['NR', 'P_HTHAB']],
    ],
    from: [2000, 1],
    to: [2021, 1],
    decimals: 1,
    eu: 'sum',
    value: (c) => {
      const rate = (12 + 4 * c.g) * (1 - 0.025 * c.t) * (c.year === 2020 ? 0.88 : 1) * (1 + 0.06 * c.n);
      return c.key.unit === 'NR' ? Math.round(rate * c.size * 10) : rate;
    },
  },
  {
    code: 'nrg_ind_ren',
    freq: 'A',
    dims: [
      ['nrg_bal', ['REN', 'REN_ELC', 'REN_TRA', 'REN_HEAT_CL']],
      ['unit', ['PC']],
    ],
    from: [2004, 1],
    to: [2021, 1],
    decimals: 3,
    eu: 'mean',
    value: (c) => {
      const mult = { REN: 1, REN_ELC: 1.7, REN_TRA: 0.35, REN_HEAT_CL: 1.2 }[c.key.nrg_bal!]!;
      return Math.max(0.1, (14 + 11 * c.g + 0.8 * c.t) * mult * (1 + 0.04 * c.n));
    },
  },
  {
    code: 'env_air_gge',
    freq: 'A',
    dims: [
      ['unit', ['THS_T']],
      ['airpol', ['GHG']],
      ['src_crf', ['TOTX4_MEMONIA', 'CRF3', 'CRF1A3B']],
    ],
    from: [1990, 1],
    to: [2021, 1],
    decimals: 0,
    eu: 'sum',
    value: (c) => {
      const part = { TOTX4_MEMONIA: 1, CRF3: 0.11, CRF1A3B: 0.19 }[c.key.src_crf!]!;
      return (
        c.size *
        9_000 *
        part *
        (1 + 0.3 * c.g) *
        (1 - 0.009 * c.t) *
        (1 + shock(c.year, 0.3, -0.09, -0.07)) *
        (1 + 0.02 * c.n)
      );
    },
  },
  {
    code: 'ilc_li02',
    freq: 'A',
    dims: [
      ['indic_il', ['LI_R_MD60']],
      ['sex', ['T']],
      ['age', ['TOTAL', 'Y_LT18', 'Y_GE65']],
      ['unit', ['PC']],
    ],
    from: [2005, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    value: (c) => (16 + 4.5 * c.g + 0.05 * c.t + 0.6 * c.n) * { TOTAL: 1, Y_LT18: 1.2, Y_GE65: 1.1 }[c.key.age!]!,
  },
  {
    code: 'edat_lfse_14',
    freq: 'A',
    dims: [
      ['wstatus', ['POP']],
      ['sex', ['T', 'M', 'F']],
      ['age', ['Y18-24']],
      ['unit', ['PC']],
    ],
    from: [2002, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    value: (c) => Math.max(2, (16 + 7 * c.g) * (1 - 0.025 * c.t) + 0.5 * c.n) * { T: 1, M: 1.18, F: 0.82 }[c.key.sex!]!,
  },
  {
    code: 'lfsi_emp_a',
    freq: 'A',
    dims: [
      ['indic_em', ['EMP_LFS', 'ACT']],
      ['sex', ['T', 'M', 'F']],
      ['age', ['Y20-64']],
      ['unit', ['PC_POP']],
    ],
    from: [2009, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    value: (c) => {
      const emp = 70 + 6 * c.g + 0.45 * c.t - (c.year === 2020 ? 1.1 : 0) + 0.4 * c.n;
      const v = c.key.indic_em === 'ACT' ? emp + 5 + 1.5 * c.g : emp;
      return v + { T: 0, M: 5.5, F: -5.5 }[c.key.sex!]!;
    },
  },
  {
    code: 'crim_off_cat',
    freq: 'A',
    dims: [
      ['iccs', ['ICCS0101', 'ICCS0401', 'ICCS0502']],
      ['unit', ['NR', 'P_HTHAB']],
    ],
    from: [2008, 1],
    to: [2021, 1],
    decimals: 2,
    eu: 'none',
    value: (c) => {
      const rate =
        { ICCS0101: 1, ICCS0401: 40, ICCS0502: 1500 }[c.key.iccs!]! *
        (1 + 0.5 * c.g) *
        (1 - 0.02 * c.t) *
        (1 + 0.07 * c.n);
      return c.key.unit === 'NR' ? Math.round(rate * c.size * 10) : rate;
    },
  },
  {
    code: 'sdg_08_10',
    freq: 'A',
    dims: [
      ['na_item', ['B1GQ']],
      ['unit', ['CLV10_EUR_HAB', 'CLV_PCH_PRE_HAB']],
    ],
    from: [2000, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    value: (c) => {
      const growth =
        1.6 -
        0.6 * c.g +
        (c.year === 2009 ? -5 + 2 * c.n : c.year === 2020 ? -6 + 3 * c.n : c.year === 2021 ? 5.5 + 2 * c.n : 1.5 * c.n);
      if (c.key.unit === 'CLV_PCH_PRE_HAB') return growth;
      return Math.round(((27_000 + 18_000 * c.g) * (1 + 0.014 * c.t) * (1 + shock(c.year, 0.5, -0.05))) / 10) * 10;
    },
  },
  {
    code: 'apro_cpsh1',
    freq: 'A',
    dims: [
      ['crops', ['C1110', 'C1500']],
      ['strucpro', ['PR_HU_EU']],
    ],
    from: [2000, 1],
    to: [2022, 1],
    decimals: 2,
    eu: 'sum',
    value: (c) => {
      const crop = c.key.crops === 'C1110' ? 1 : 0.55;
      return Math.max(
        1,
        c.size * 190 * crop * (1 + 0.8 * c.g) * (1 + 0.12 * c.n) * (c.year === 2018 || c.year === 2022 ? 0.86 : 1),
      );
    },
  },
  {
    code: 'env_wasmun',
    freq: 'A',
    dims: [
      ['wst_oper', ['GEN', 'RCY_M']],
      ['unit', ['KG_HAB']],
    ],
    from: [1995, 1],
    to: [2021, 1],
    decimals: 0,
    eu: 'mean',
    value: (c) => {
      const gen = (490 + 130 * c.g) * (1 + 0.004 * c.t) * (1 + 0.03 * c.n);
      return c.key.wst_oper === 'GEN' ? gen : gen * Math.min(0.7, 0.1 + 0.012 * c.t + 0.1 * c.g);
    },
  },
  {
    code: 'isoc_ci_ifp_iu',
    freq: 'A',
    dims: [
      ['indic_is', ['I_ILT12', 'I_IUSE']],
      ['ind_type', ['IND_TOTAL']],
      ['unit', ['PC_IND']],
    ],
    from: [2006, 1],
    to: [2022, 1],
    decimals: 2,
    eu: 'mean',
    value: (c) => {
      const use = 98 - (55 - 15 * c.g) * Math.exp(-0.13 * c.t) + 0.6 * c.n;
      return Math.min(99.8, c.key.indic_is === 'I_IUSE' ? use - 4 : use);
    },
  },
  {
    code: 'avia_paoc',
    freq: 'A',
    dims: [
      ['unit', ['PAS']],
      ['tra_meas', ['PAS_CRD']],
      ['tra_cov', ['TOTAL']],
      ['schedule', ['TOT']],
    ],
    from: [2004, 1],
    to: [2022, 1],
    decimals: 0,
    eu: 'sum',
    value: (c) => {
      const covid = c.year === 2020 ? 0.27 : c.year === 2021 ? 0.45 : c.year === 2022 ? 0.85 : 1;
      return (
        c.size * 1.6e6 * (1 + 0.9 * c.g) * (1 + 0.04 * c.t) * covid * (c.year === 2009 ? 0.93 : 1) * (1 + 0.03 * c.n)
      );
    },
  },
  {
    code: 'ilc_di12',
    freq: 'A',
    dims: [['statinfo', ['GINI_HND']]],
    from: [2005, 1],
    to: [2022, 1],
    decimals: 1,
    eu: 'mean',
    value: (c) => 29.5 + 4.5 * c.g + 0.4 * c.n,
  },
  {
    code: 'nrg_pc_204',
    freq: 'S',
    dims: [
      ['product', ['6000']],
      ['nrg_cons', ['KWH2500-4999']],
      ['unit', ['KWH']],
      ['tax', ['I_TAX', 'X_TAX']],
      ['currency', ['EUR']],
    ],
    from: [2007, 1],
    to: [2023, 1],
    decimals: 4,
    eu: 'mean',
    value: (c) => {
      const crisis = c.year === 2022 ? 1.6 + 0.3 * c.frac : c.year === 2023 ? 1.7 : 1;
      const net = (0.12 + 0.04 * c.g) * (1 + 0.015 * c.t) * crisis * (1 + 0.03 * c.n);
      return c.key.tax === 'I_TAX' ? net * (1.45 + 0.2 * c.g) : net;
    },
  },
  {
    code: 'prc_hpi_q',
    freq: 'Q',
    dims: [
      ['purchase', ['TOTAL', 'DW_NEW', 'DW_EXST']],
      ['unit', ['I15_Q']],
    ],
    from: [2005, 1],
    to: [2023, 1],
    decimals: 2,
    eu: 'mean',
    value: (c) => {
      // An index that rises to 2008, falls to 2013, and rises after; 2015 = 100.
      const x = c.year + c.frac;
      const path = x < 2008 ? 85 + 6 * (x - 2005) : x < 2013 ? 103 - 0.8 * (x - 2008) * (4 + 3 * c.g) : 0;
      const rise = 2 + 1.5 * (c.g + 1) + (c.key.purchase === 'DW_NEW' ? 0.5 : 0);
      const after = 100 * Math.pow(1 + rise / 100 + 0.01, x - 2015);
      return (x < 2013 ? path : after) * (1 + 0.004 * c.n);
    },
  },
  {
    code: 'namq_10_gdp',
    freq: 'Q',
    dims: [
      ['unit', ['CLV_PCH_PRE', 'CLV_PCH_SM']],
      ['s_adj', ['SCA']],
      ['na_item', ['B1GQ']],
    ],
    from: [2000, 1],
    to: [2023, 2],
    decimals: 1,
    eu: 'mean',
    value: (c) => {
      const q = Math.round(c.frac * 4) + 1;
      const covid =
        c.year === 2020
          ? [-3 - 2 * (c.g + 1), -11 - 5 * (c.g + 1), 11 + 4 * (c.g + 1), -0.5][q - 1]!
          : c.year === 2021 && q === 2
            ? 2
            : 0;
      const crisis = c.year === 2008 && q === 4 ? -1.8 : c.year === 2009 && q === 1 ? -2.6 - (c.g + 1) : 0;
      const pre = 0.45 + 0.2 * c.g + covid + crisis + 0.35 * c.n;
      return c.key.unit === 'CLV_PCH_PRE' ? pre : 4 * (0.45 + 0.2 * c.g) + covid * 1.1 + crisis * 1.5 + 0.8 * c.n;
    },
  },
  {
    code: 'tour_occ_nim',
    freq: 'M',
    dims: [
      ['c_resid', ['TOTAL', 'DOM', 'FOR']],
      ['unit', ['NR']],
      ['nace_r2', ['I551-I553']],
    ],
    from: [2012, 1],
    to: [2023, 6],
    decimals: 0,
    eu: 'sum',
    value: (c) => {
      const share = c.key.c_resid === 'TOTAL' ? 1 : c.key.c_resid === 'DOM' ? 0.55 - 0.2 * c.g : 0.45 + 0.2 * c.g;
      const m = Math.round(c.frac * 12) + 1;
      const covid =
        c.year === 2020 && m >= 3 ? (m <= 5 ? 0.08 : m <= 9 ? 0.55 : 0.15) : c.year === 2021 && m <= 5 ? 0.2 : 1;
      return (
        c.size *
        350_000 *
        share *
        (1 + 0.5 * c.g) *
        (1 + 0.6 * season(c.frac, 7 / 12)) *
        (1 + 0.02 * c.t) *
        covid *
        (1 + 0.03 * c.n)
      );
    },
  },
  {
    code: 'ei_bssi_m_r2',
    freq: 'M',
    dims: [
      ['indic', ['BS-ESI-I', 'BS-CSMCI-BAL']],
      ['s_adj', ['SA']],
    ],
    from: [2000, 1],
    to: [2023, 7],
    decimals: 1,
    eu: 'mean',
    value: (c) => {
      const x = c.year + c.frac;
      const dip = Math.exp(-(((x - 2009.2) / 0.5) ** 2)) * 25 + Math.exp(-(((x - 2020.35) / 0.2) ** 2)) * 30;
      const esi = 100 + 4 * c.g + 5 * Math.sin(x * 1.3 + c.g) - dip + 1.2 * c.n;
      return c.key.indic === 'BS-ESI-I' ? esi : (esi - 112) * 0.9 + 3 * c.g;
    },
  },
  {
    code: 'sts_inpr_m',
    freq: 'M',
    dims: [
      ['indic_bt', ['PROD']],
      ['nace_r2', ['B-D', 'C']],
      ['s_adj', ['SCA']],
      ['unit', ['I21']],
    ],
    from: [2005, 1],
    to: [2023, 6],
    decimals: 1,
    eu: 'mean',
    value: (c) => {
      const x = c.year + c.frac;
      const dip = Math.exp(-(((x - 2009.3) / 0.6) ** 2)) * 14 + Math.exp(-(((x - 2020.3) / 0.12) ** 2)) * 22;
      return (100 * Math.pow(1 + 0.012 + 0.01 * c.g, x - 2021) - dip) * (c.key.nace_r2 === 'C' ? 1.01 : 1) + 0.8 * c.n;
    },
  },
  {
    code: 'irt_lt_mcby_m',
    freq: 'M',
    dims: [['int_rt', ['MCBY']]],
    from: [2001, 1],
    to: [2023, 7],
    decimals: 2,
    eu: 'mean',
    value: (c) => {
      const x = c.year + c.frac;
      const base =
        x < 2008
          ? 4.3
          : x < 2014
            ? 4.3 + 2.5 * Math.max(0, c.g) * Math.sin(((x - 2008) / 6) * Math.PI) * 4
            : x < 2022
              ? Math.max(-0.5, 2.5 - 0.5 * (x - 2014))
              : 0.5 + 2.4 * (x - 2022);
      return Math.min(x < 2022 ? 30 : 5.5, base + 0.9 * (c.g + 1) * (x >= 2009 && x < 2014 ? 1 : 0.4) + 0.08 * c.n);
    },
  },
  {
    code: 'demo_r_mwk_ts',
    freq: 'W',
    dims: [
      ['sex', ['T', 'M', 'F']],
      ['unit', ['NR']],
    ],
    from: [2015, 1],
    to: [2023, 32],
    decimals: 0,
    eu: 'sum',
    extraGeos: ['NO', 'CH', 'IS'],
    value: (c) => {
      const x = c.year + c.frac;
      const wave =
        Math.exp(-(((x - 2020.27) / 0.04) ** 2)) * (0.4 + 0.4 * c.g) +
        Math.exp(-(((x - 2020.9) / 0.07) ** 2)) * (0.35 - 0.2 * c.g);
      const total = c.size * 200 * (1 + 0.12 * season(c.frac, 0.02)) * (1 + wave) * (1 + 0.03 * c.n);
      return c.key.sex === 'T' ? total : total * (c.key.sex === 'F' ? 0.49 : 0.51);
    },
  },
];

/** Code → English label from the mirror's dictionaries (eurostat-metadata/dic/en/<dimension>.dic). */
const dictionaries = new Map<string, Map<string, string>>();
export function labelOf(dimension: string, code: string): string | undefined {
  if (!dictionaries.has(dimension)) {
    const file = path.join(mirror, 'eurostat-metadata/dic/en', `${dimension}.dic`);
    const text = readFileSync(file, 'utf8');
    dictionaries.set(
      dimension,
      new Map(text.split(/\r?\n/).flatMap((l) => (l.includes('\t') ? [l.split('\t') as [string, string]] : []))),
    );
  }
  return dictionaries.get(dimension)!.get(code);
}

function cartesian(dims: [string, string[]][]): Record<string, string>[] {
  return dims.reduce<Record<string, string>[]>(
    (acc, [dim, codes]) => acc.flatMap((k) => codes.map((c) => ({ ...k, [dim]: c }))),
    [{}],
  );
}

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));

function generate(spec: Spec): BenchDataset {
  for (const [dim, codes] of spec.dims)
    for (const code of codes)
      if (!labelOf(dim, code)) throw new Error(`${spec.code}: ${dim}=${code} is not in ${dim}.dic`);
  const periods = periodsOf(spec.freq, spec.from, spec.to);
  const countries = [...EU27, ...(spec.extraGeos ?? [])];
  const series: BenchSeries[] = [];
  for (const key of cartesian(spec.dims)) {
    const keyText = spec.dims.map(([d]) => key[d]).join(',');
    const k = pm1(`${spec.code}|${keyText}`);
    const rows = countries.map((geo) => {
      const g = pm1(`${spec.code}|${geo}`);
      const values = periods.map((p, i) => {
        const cellId = `${spec.code}|${keyText}|${geo}|${p.source}`;
        // About 2 % of cells are missing, never the first or last period of a series.
        if (i > 0 && i < periods.length - 1 && unit01(`${cellId}|missing`) < 0.02) return null;
        const cell: Cell = {
          geo,
          g,
          k,
          key,
          size: SIZE[geo]!,
          year: p.year,
          frac: p.frac,
          t: p.year + p.frac - spec.from[0],
          n: pm1(cellId),
        };
        return round(spec.value(cell), spec.decimals);
      });
      return { key, geo, values, flags: periods.map(() => '') };
    });
    for (const f of spec.fixed ?? []) {
      const row = rows.find((r) => r.geo === f.geo && Object.entries(f.key).every(([d, c]) => key[d] === c));
      if (row) row.values[periods.findIndex((p) => p.api === f.period)] = f.value;
    }
    if (spec.eu !== 'none') {
      const euValues = periods.map((_, i) => {
        const vs = rows.filter((r) => (EU27 as readonly string[]).includes(r.geo)).map((r) => r.values[i]);
        if (vs.some((v) => v === null)) return null;
        const sum = (vs as number[]).reduce((a, b) => a + b, 0);
        return round(spec.eu === 'sum' ? sum : sum / vs.length, spec.decimals);
      });
      rows.push({ key, geo: 'EU27_2020', values: euValues, flags: periods.map(() => '') });
    }
    for (const r of rows) {
      // The last period is provisional; some cells are estimates.
      r.flags = r.values.map((v, i) =>
        v === null
          ? ''
          : i === periods.length - 1
            ? 'p'
            : unit01(`${spec.code}|${keyText}|${r.geo}|${i}|flag`) < 0.03
              ? 'e'
              : '',
      );
    }
    series.push(...rows);
  }
  return {
    code: spec.code,
    freq: spec.freq,
    dims: spec.dims.map(([d]) => d),
    periods: periods.map((p) => p.api),
    series,
    file: `${spec.code}.tsv`,
  };
}

/**
 * The TSV text of a generated dataset, in Eurostat's current layout (LF line endings); the assistant's tests import one
 * (tests/integration/assistant.test.ts, tests/e2e/assistant-chat.test.ts).
 */
export function toTsv(ds: BenchDataset): string {
  const source = periodsSource(ds);
  const lines = [`freq,${ds.dims.join(',')},geo\\TIME_PERIOD\t${source.map((p) => `${p} `).join('\t')}`];
  for (const s of ds.series) {
    const cells = s.values.map((v, i) => (v === null ? ': ' : `${v} ${s.flags[i]}`));
    lines.push(`${ds.freq},${ds.dims.map((d) => s.key[d]).join(',')},${s.geo}\t${cells.join('\t')}`);
  }
  return `${lines.join('\n')}\n`;
}

function periodsSource(ds: BenchDataset): string[] {
  return ds.periods.map((p) => {
    const [sub, year] = p.includes('/') ? p.split('/') : [null, p];
    if (sub === null) return year!;
    if (ds.freq === 'M') return `${year}-${sub.padStart(2, '0')}`;
    if (ds.freq === 'W') return `${year}-W${sub.slice(1).padStart(2, '0')}`;
    return `${year}-${sub}`;
  });
}

let cache: BenchDataset[] | null = null;
/** The generated datasets, the same every call and every run. */
export function generatedDatasets(): BenchDataset[] {
  cache ??= specs.map(generate);
  return cache;
}

/** Writes the generated files into a folder; returns their paths by dataset code. */
export function writeGeneratedFiles(dir: string): Map<string, string> {
  mkdirSync(dir, { recursive: true });
  const out = new Map<string, string>();
  for (const ds of generatedDatasets()) {
    const file = path.join(dir, ds.file);
    writeFileSync(file, toTsv(ds));
    out.set(ds.code, file);
  }
  return out;
}

if (import.meta.filename === process.argv[1]) {
  const dir = process.argv[2] ?? path.resolve(import.meta.dirname, '../tmp/assistant-datasets');
  const files = writeGeneratedFiles(dir);
  for (const ds of generatedDatasets()) {
    const values = ds.series.reduce((n, s) => n + s.values.filter((v) => v !== null).length, 0);
    console.log(`${files.get(ds.code)}: ${ds.freq}, ${ds.series.length} series, ${values.toLocaleString('en')} values`);
  }
}
