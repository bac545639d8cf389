import { describe, expect, it } from 'vitest';
import { formatValue, uncitedNumbers } from '../assistant/compose';
import type { PlanStep, ResearchPlan } from './plan';
import { reportHtml, reportMarkdown, writeReport, type StepData, type StepPlace } from './report';

const step: PlanStep = {
  id: 's1',
  dataset_code: 'prc_hicp_manr',
  places: ['EE', 'LV'],
  reference: 'EU27_2020',
  period_from: '1/2020',
  period_to: '4/2020',
  dims: { coicop: 'CP01' },
  title: 'annual inflation (HICP), Food and non-alcoholic beverages (CP01)',
  reason: 'because',
};
const plan: ResearchPlan = {
  question: 'Food inflation in Estonia and Latvia',
  steps: [step],
  notes: [],
  declined: null,
};

function place(geo: string, name: string, values: ([number, number | null, string | null] | null)[]): StepPlace {
  return {
    geo,
    name,
    observations: values.flatMap((v, i) =>
      v === null
        ? []
        : [
            {
              ordinal: 24240 + i,
              citation: {
                dataset_code: 'prc_hicp_manr',
                geo,
                period: `${i + 1}/2020`,
                value: v[0],
                decimals: v[1],
                flags: v[2],
                url: `https://stats.example/datasets/prc_hicp_manr?country[]=${geo}&time_start=${i + 1}/2020`,
                dataset_name: 'HICP - monthly data (annual rate of change)',
                series: 'Annual rate of change · Food and non-alcoholic beverages',
                place: name,
                unit: 'RCH_A',
              },
            },
          ],
    ),
  };
}

const links = { api_url: 'A', csv_url: 'C', chart_url: 'H', embed_url: 'E', png_url: 'P' };
function data(places: StepPlace[], extra: Partial<StepData> = {}): StepData {
  return {
    step,
    dataset_name: 'HICP - monthly data (annual rate of change)',
    series: 'Annual rate of change · Food and non-alcoholic beverages',
    unit: 'RCH_A',
    measure: 'annual inflation (HICP)',
    places,
    period_from: '1/2020',
    period_to: '4/2020',
    links,
    revisions: { count: 2, latest: '2026-11-01', url: 'R' },
    missing: null,
    ...extra,
  };
}

const NUMBER = /[−-]?\d[\d,]*(?:\.\d+)?/g;
const PERIOD = /\b(?:[SQ][1-4]\/\d{4}|(?:0?[1-9]|1[0-2])\/\d{4}|(?:19|20)\d\d)\b/g;

/** Every number of the findings: a cited value, or a stated difference whose both ends are cited (and equal to it). */
function checkNumbers(report: ReturnType<typeof writeReport>): number {
  let seen = 0;
  const cited = new Set(report.citations.map((c) => formatValue(c.value, c.decimals)));
  for (const finding of report.steps.flatMap((s) => s.findings)) {
    // Periods, citation markers and the names of cited places ("27 countries, from 2020") are not numbers.
    let text = finding.replace(/\[\d+\]/g, ' ');
    for (const c of report.citations) text = text.split(c.place).join(' ');
    // Geo codes with digits (EU27_2020) name the reference in comparisons.
    text = text.replace(/\b[A-Z]{2}[A-Z0-9_]*\d[A-Z0-9_]*\b/g, ' ').replace(PERIOD, ' ');
    for (const m of text.matchAll(NUMBER)) {
      seen++;
      const n = m[0];
      if (cited.has(n)) continue;
      const d = report.derived.find((x) => x.text === n.replace(/^[−-]/, ''));
      expect(d, `uncited number ${n} in “${finding}”`).toBeDefined();
      const [a, b] = d!.from.map((i) => report.citations[i - 1]);
      expect(a && b, `difference ${n} without both ends`).toBeTruthy();
      expect(Math.abs(Number((a!.value - b!.value).toFixed(3)))).toBeCloseTo(d!.value, 6);
    }
  }
  expect(uncitedNumbers(report.steps.flatMap((s) => s.findings).join(' '), report.citations, report.derived)).toEqual(
    [],
  );
  return seen;
}

describe('writeReport', () => {
  it('states start, latest, change, peak and trough and the comparison with the reference, every number cited', () => {
    const report = writeReport(plan, [
      data([
        place('EE', 'Estonia', [
          [6.2, 1, null],
          [7.0, 1, 'b'],
          [9.9, 1, null],
          [4.1, 1, 'e'],
        ]),
        place('LV', 'Latvia', [null, null, null, null]),
        place('EU27_2020', 'European Union – 27 countries, from 2020 (EU27_2020)', [
          [3.0, 1, null],
          [3.6, 1, null],
          [3.5, 1, null],
          [4.1, 1, null],
        ]),
      ]),
    ]);
    const s = report.steps[0]!;
    expect(s.no_data).toBe(false);
    const estonia = s.findings.find((f) => f.startsWith('**Estonia**'))!;
    expect(estonia).toContain('6.2 % [');
    expect(estonia).toContain('in January 2020 and 4.1 % (estimated) [');
    expect(estonia).toContain('down 2.1 percentage points');
    expect(estonia).toContain('It peaked at 9.9 % [');
    expect(estonia).toContain('the same as');
    expect(estonia).toContain('5.8 percentage points higher than that of');
    expect(s.findings).toContain('There is no stored observation for Latvia in this selection (1/2020 to 4/2020).');
    expect(checkNumbers(report)).toBeGreaterThan(10);
    expect(report.citations.every((c) => c.url.startsWith('https://'))).toBe(true);
    expect(s.notes[0]).toBe(
      'Break in series (flag b): EE 2/2020. Values before and after a break are not strictly comparable.',
    );
    expect(s.notes).toContain('Flag e (estimated): EE 4/2020.');
    expect(s.notes.some((n) => n.startsWith('Revisions: later imports here changed 2 value(s)'))).toBe(true);
    expect(s.table.columns.map((c) => c.geo)).toEqual(['EE', 'LV', 'EU27_2020']);
    expect(s.table.rows[1]).toEqual({
      period: '2/2020',
      cells: [{ value: '7.0', flags: 'b' }, null, { value: '3.6', flags: null }],
    });

    const md = reportMarkdown(report, {
      url: 'https://stats.example/researcher/reports/t',
      created_at: '2026-11-24T00:00:00Z',
    });
    expect(md).toContain('# Food inflation in Estonia and Latvia');
    expect(md).toContain('| 2/2020 | 7.0 b | : | 3.6 |');
    expect(md).toContain('CSV: C');
    expect(md).toMatch(/\d\. Estonia, 1\/2020: 6\.2 %\. .*https:\/\/stats\.example\/datasets\/prc_hicp_manr/);
    const html = reportHtml(report, {
      url: 'https://stats.example/researcher/reports/t',
      created_at: '2026-11-24T00:00:00Z',
    });
    expect(html).toContain('<th scope="row">2/2020</th><td>7.0 b</td><td>:</td><td>3.6</td>');
    expect(html).toContain('<a href="#source-1">[1]</a>');
    expect(html).not.toContain('<script');
  });

  it('says a unit of words once per step, not after every number (issue 41)', () => {
    const rate = (p: StepPlace): StepPlace => ({
      ...p,
      observations: p.observations.map((o) => ({ ...o, citation: { ...o.citation, unit: 'PC_ACT' } })),
    });
    const values: [number, number, null][] = [
      [6.2, 1, null],
      [7.0, 1, null],
      [9.9, 1, null],
      [4.1, 1, null],
    ];
    const report = writeReport(plan, [
      data([rate(place('EE', 'Estonia', values)), rate(place('EU27_2020', 'European Union', values.slice(1)))], {
        unit: 'PC_ACT',
        measure: 'the unemployment rate',
      }),
    ]);
    const text = report.steps[0]!.findings.join(' ');
    expect(text.match(/of the labour force/g)).toHaveLength(1);
    expect(report.steps[0]!.findings[0]).toBe('Values in % of the labour force.');
    expect(text).toContain('**Estonia**: 6.2 % [');
    expect(checkNumbers(report)).toBeGreaterThan(5);
    // The sources and the exports name the value with its symbol; the step says the unit.
    const markdown = reportMarkdown(report, { url: 'https://stats.example/r/1', created_at: '2026-11-29T00:00:00Z' });
    expect(markdown.match(/of the labour force/g)).toHaveLength(1);
  });

  it('says plainly when a step has no data, and states no number', () => {
    const report = writeReport(plan, [
      data([place('EE', 'Estonia', [null]), place('EU27_2020', 'EU', [null])]),
      data([], {
        missing: 'The dataset prc_hicp_manr is not imported here, so this step has no data and states no number.',
      }),
    ]);
    expect(report.steps.map((s) => s.no_data)).toEqual([true, true]);
    expect(report.steps[0]!.findings[0]).toMatch(/^There is no stored observation of annual inflation \(HICP\)/);
    expect(report.citations).toEqual([]);
    expect(checkNumbers(report)).toBe(0);
  });

  it('escapes what the question brings into the HTML export', () => {
    const report = writeReport({ ...plan, question: '<img src=x onerror=alert(1)>' }, []);
    const html = reportHtml(report, { url: 'u', created_at: '2026-11-24T00:00:00Z' });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x');
  });
});
