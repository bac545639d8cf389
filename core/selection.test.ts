import { describe, expect, it } from 'vitest';
import {
  dataApiQuery,
  pageSelection,
  parseSelection,
  readSelection,
  statisticsApiQuery,
  transformPairs,
  TRACKING_NAMES,
  unknownNames,
  type SelectionMeta,
} from './selection';

const meta: SelectionMeta = {
  dataset_code: 'prc_hicp_manr',
  frequency: 'M',
  dimensions: [
    { key: 'dim1', code: 'unit', label: 'Unit', default: 'RCH_A', values: [{ code: 'RCH_A', label: 'Annual' }] },
    {
      key: 'dim2',
      code: 'coicop',
      label: 'COICOP',
      default: 'CP00',
      values: [
        { code: 'CP00', label: 'All items' },
        { code: 'CP01', label: 'Food' },
      ],
    },
  ],
  available_countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'FR', name: 'France' },
  ],
};
const q = (s: string) => new URLSearchParams(s);
const M = (m: number, y: number) => y * 12 + m - 1;

describe('parseSelection (the one parser)', () => {
  it('reads the API spelling and the view spelling of the same query alike', () => {
    const api = parseSelection(meta, q('dim2=CP00,CP01&country=de,FR&period_from=1/2020&period_to=2022-12'));
    const view = parseSelection(
      meta,
      q('dimension[]=dim2:CP00&dimension[]=dim2:CP01&country[]=DE&country[]=FR&time_start=01/2020&time_end=12/2022'),
    );
    expect(api.problems).toEqual([]);
    expect(view.problems).toEqual([]);
    expect(api.selection).toEqual({
      dims: { dim2: ['CP00', 'CP01'] },
      countries: ['DE', 'FR'],
      from: M(1, 2020),
      to: M(12, 2022),
    });
    expect(view.selection).toEqual(api.selection);
  });

  it('names every problem in the API message shape and leaves the part out', () => {
    const { selection, problems } = parseSelection(meta, q('dim2=XX&dim9=A&country=ZZ,DE&period_from=2020'));
    expect(problems.map((p) => p.message)).toEqual([
      'invalid dim2: "XX" is not a value of coicop',
      'invalid dim9: the dataset has 2 dimensions (dim1 unit, dim2 coicop)',
      'invalid country: "ZZ" has no data in prc_hicp_manr',
      'invalid period_from: "2020" (this dataset\'s periods look like 10/2022)',
    ]);
    expect(problems.map((p) => p.kind)).toEqual([
      'unknown_value',
      'unknown_dimension',
      'unknown_country',
      'bad_period',
    ]);
    expect(selection).toEqual({ dims: {}, countries: ['DE'] });
  });

  it('keeps * for every value and rejects view periods in source spelling', () => {
    expect(parseSelection(meta, q('dim2=*')).selection.dims).toEqual({ dim2: '*' });
    expect(readSelection(q('time_start=2020-01')).problems[0]!.message).toBe(
      'invalid time_start: "2020-01" (YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD)',
    );
  });

  it('reads transformations and refuses bad ones', () => {
    expect(parseSelection(meta, q('transform=index&base=1/2020')).selection.transform).toEqual({
      kind: 'index',
      base: M(1, 2020),
      baseLabel: '1/2020',
    });
    expect(parseSelection(meta, q('transform=change&lag=12')).selection.transform).toEqual({ kind: 'change', lag: 12 });
    expect(parseSelection(meta, q('transform=diff')).selection.transform).toEqual({ kind: 'diff', lag: 1 });
    const bad = (s: string) => parseSelection(meta, q(s)).problems.map((p) => p.message);
    expect(bad('transform=log')).toEqual(['invalid transform: "log" (one of index, change, diff)']);
    expect(bad('transform=index')).toEqual(['invalid base: transform=index needs base=PERIOD (e.g. base=1/2020)']);
    expect(bad('transform=index&base=2020')).toEqual([
      'invalid base: "2020" (this dataset\'s periods look like 10/2022)',
    ]);
    expect(bad('transform=change&lag=0')).toEqual(['invalid lag: "0" (a whole number of periods, 1 to 1200)']);
    expect(bad('transform=change&lag=1.5')).toHaveLength(1);
    expect(bad('lag=2')).toEqual(['invalid lag: "2" (lag goes with transform=change or diff)']);
    expect(bad('transform=diff&base=1/2020')).toEqual(['invalid base: "1/2020" (transform=diff takes lag, not base)']);
  });

  it('writes a transformation back as URL pairs', () => {
    expect(transformPairs({ kind: 'index', base: '1/2020' })).toEqual([
      ['transform', 'index'],
      ['base', '1/2020'],
    ]);
    expect(transformPairs({ kind: 'change', lag: 12 })).toEqual([
      ['transform', 'change'],
      ['lag', '12'],
    ]);
  });
});

describe('pageSelection (decision 035)', () => {
  it('shows the view without an unknown country and says so', () => {
    const page = pageSelection(meta, q('country[]=DE&country[]=ZZ'));
    expect(page.selection.countries).toEqual(['DE']);
    expect(page.leftOut).toEqual(['invalid country: "ZZ" has no data in prc_hicp_manr']);
    expect(page.empty).toBeUndefined();
  });

  it('says there is nothing to show rather than another view', () => {
    expect(pageSelection(meta, q('country[]=ZZ')).empty).toBe('no_data');
    expect(pageSelection(meta, q('dimension[]=dim2:XX')).empty).toBe('no_series');
    expect(pageSelection(meta, q('dimension[]=dim2:XX&dimension[]=dim2:CP01')).empty).toBeUndefined();
  });
});

describe('statisticsApiQuery (Eurostat’s Statistics API names, issue 38)', () => {
  const statistics = { ...meta, latest_period: '5/2025' };

  it('reads dimension codes, repeated geo and time, and leaves no dimension to the main series', () => {
    const read = statisticsApiQuery(statistics, q('geo=DE&geo=FR&coicop=CP01&time=2024-03&time=2024-01&lang=EN'));
    expect(read.problems).toEqual([]);
    expect(read.periods).toEqual([M(1, 2024), M(3, 2024)]);
    const parsed = parseSelection(meta, read.query);
    expect(parsed.problems).toEqual([]);
    expect(parsed.selection).toEqual({
      dims: { dim1: '*', dim2: ['CP01'] },
      countries: ['DE', 'FR'],
      from: M(1, 2024),
      to: M(3, 2024),
    });
  });

  it('reads lastTimePeriod back from the dataset’s last period, or from untilTimePeriod', () => {
    const last = parseSelection(meta, statisticsApiQuery(statistics, q('lastTimePeriod=3')).query).selection;
    expect([last.from, last.to]).toEqual([M(3, 2025), undefined]);
    const until = statisticsApiQuery(statistics, q('lastTimePeriod=2&untilTimePeriod=2024-12'));
    const selection = parseSelection(meta, until.query).selection;
    expect([selection.from, selection.to]).toEqual([M(11, 2024), M(12, 2024)]);
  });

  it('names each problem as the client wrote it', () => {
    const read = statisticsApiQuery(
      statistics,
      q('sinceTimePeriod=2024&freq=A&lang=de&format=SDMX&lastTimePeriod=0&countyr=DE'),
    );
    expect(read.problems.map((p) => p.param)).toEqual([
      'sinceTimePeriod',
      'freq',
      'lang',
      'format',
      'lastTimePeriod',
      'lastTimePeriod',
      'countyr',
    ]);
    expect(read.problems[0]!.message).toBe(
      'invalid sinceTimePeriod: "2024" (this dataset\'s periods look like 2022-10)',
    );
    expect(read.problems[2]!.message).toContain('only English labels are served');
    expect(read.problems[6]!.message).toMatch(/^unknown parameter "countyr" \(read here: .*coicop.*lastTimePeriod/);
  });
});

describe('unknownNames and dataApiQuery (strict names, issue 38)', () => {
  it('names each unknown parameter once, and the names read', () => {
    const problems = unknownNames(q('dim2=CP00&dimension=dim2:CP01&x=1&x=2&y=3'), ['dimN', 'dimension[]']);
    expect(problems.map((p) => p.message)).toEqual([
      'unknown parameter "x" (read here: dimN, dimension[])',
      'unknown parameter "y" (read here: dimN, dimension[])',
    ]);
  });

  it('accepts and ignores the names listed as ignored (tracking parameters), a trailing * standing for a prefix', () => {
    const query = q('country=DE&utm_source=x&utm_campaign=y&fbclid=1&ref=feed&utm=bare&fbclid2=3');
    const problems = unknownNames(query, ['country'], TRACKING_NAMES);
    expect(problems.map((p) => p.param)).toEqual(['utm', 'fbclid2']);
    // The message lists what the path reads, not the ignored names.
    expect(problems[0]!.message).toBe('unknown parameter "utm" (read here: country)');
    expect(unknownNames(q('utm_source=x'), ['country']).map((p) => p.param)).toEqual(['utm_source']);
  });

  it('leaves out the names a path does not apply, and refuses several time values', () => {
    const revisions = dataApiQuery(q('transform=change&since=2024-01-01'), ['since'], ['transform', 'base', 'lag']);
    expect(revisions.problems.map((p) => p.param)).toEqual(['transform']);
    expect(revisions.problems[0]!.message).not.toContain('transform,');
    const times = dataApiQuery(q('time=2024-01&time=2024-02'));
    expect(times.problems.map((p) => p.param)).toEqual(['time']);
  });
});
