// Which dataset answers a parsed question, and how answers name what a dataset measures.
import type { ParsedQuestion } from './parse';

/** The datasets to try, best first: an annual dataset for a year, the monthly one for months and histories. */
export function datasetCandidates(q: ParsedQuestion): string[] {
  if (q.dataset) return [q.dataset];
  // A year, or a closed range of years, is best answered by an annual table; "since 2020" by the monthly series.
  const yearly =
    q.intent !== 'peak' &&
    q.intent !== 'trough' &&
    ((q.time?.kind === 'point' && q.time.at.freq === 'A') ||
      (q.time?.kind === 'range' && q.time.from.freq === 'A' && q.time.to?.freq === 'A'));
  switch (q.indicator) {
    case 'inflation': {
      const allItems = (q.dims.coicop ?? 'CP00') === 'CP00';
      if (q.annual && allItems) return ['tec00118', 'prc_hicp_manr'];
      return yearly && allItems ? ['tec00118', 'prc_hicp_manr'] : ['prc_hicp_manr'];
    }
    case 'unemployment': {
      const annualOnly = !q.dims.age && !q.dims.sex && !q.dims.s_adj;
      if (q.dims.unit === 'PC_POP') return ['tps00203'];
      return yearly && annualOnly ? ['tps00203', 'une_rt_m'] : ['une_rt_m', 'tps00203'];
    }
    case 'gdp_growth':
      return ['tec00115'];
    case 'gdp':
      return ['nama_10r_3gdp', 'nama_10_gdp'];
    default:
      return [];
  }
}

/** Dimension values a dataset spells differently from the question's words. */
export function datasetDims(code: string, dims: Record<string, string>): Record<string, string> {
  const out = { ...dims };
  if (code === 'nama_10_gdp' && (out.unit ?? 'MIO_EUR') === 'MIO_EUR') delete out.unit;
  if (code === 'tps00203' || code === 'tec00118' || code === 'tec00115') {
    // Annual tables hold one age band and no seasonal adjustment: the main series answers.
    delete out.s_adj;
    if (code !== 'tps00203' || out.unit !== 'PC_POP') if (out.unit === 'PC_ACT') delete out.unit;
  }
  if (code === 'tec00118' && out.coicop === 'CP00') delete out.coicop;
  return out;
}

/** What a value of the dataset is, for sentences: "annual inflation (HICP)". */
export function measureName(code: string, unit: string): string {
  switch (code) {
    case 'prc_hicp_manr':
      return 'annual inflation (HICP)';
    case 'tec00118':
      return 'average annual inflation (HICP)';
    case 'une_rt_m':
      return unit === 'THS_PER' ? 'the number of unemployed' : 'the unemployment rate';
    case 'tps00203':
      return unit === 'THS_PER' ? 'the number of unemployed (annual)' : 'the annual unemployment rate';
    case 'tec00115':
      return 'real GDP growth';
    case 'nama_10r_3gdp':
    case 'nama_10_gdp':
      return /HAB/.test(unit) ? 'GDP per inhabitant' : 'GDP';
    default:
      return 'the value';
  }
}

/** The dataset as a source in a sentence: "Eurostat's monthly HICP (prc_hicp_manr)". */
export function sourceName(code: string, name: string): string {
  const short: Record<string, string> = {
    prc_hicp_manr: 'monthly HICP',
    tec00118: 'annual average HICP',
    une_rt_m: 'monthly unemployment series',
    tps00203: 'annual unemployment series',
    tec00115: 'real GDP growth series',
    nama_10r_3gdp: 'regional GDP series',
    nama_10_gdp: 'GDP series (national accounts)',
  };
  return `Eurostat's ${short[code] ?? name} (${code})`;
}
