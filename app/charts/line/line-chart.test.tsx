// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render as mount, screen } from '@testing-library/react';
import { toOrdinal } from '#core/periods';
import { formatMarkup, loadHicp, svgProblems, textsIn } from '../core/test-fixtures';
import { LineChart } from './line-chart';
import { drawingOrder, isolatedPoints, LineMarks } from './line-marks';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE']);
const render = (props: Partial<Parameters<typeof LineChart>[0]> = {}) =>
  renderToStaticMarkup(<LineChart data={hicp} width={800} height={400} {...props} />);

afterEach(cleanup);

describe('LineChart snapshots (HICP, 800 × 400)', () => {
  it.each(['light', 'dark'] as const)('renders %s mode from 1/2021', async (theme) => {
    const svg = render({ theme, startIndex: 288 });
    expect(svgProblems(svg)).toEqual([]);
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/line-from-1-2021-${theme}.svg`);
  });
});

describe('LineChart', () => {
  const full = render();

  it('draws one path per series over 28 years without NaN, long decimals or non-hex colours', () => {
    expect(full.match(/<path d=/g)).toHaveLength(4);
    expect(svgProblems(full)).toEqual([]);
  });

  it('names a line that ends early (Euro area, no value in 5/2025) at its own last value, with no leader line', () => {
    const recent = render({ startIndex: 288 });
    expect(recent).not.toContain('line-label-connector');
    const labelX = (name: string) => {
      const text = [...recent.matchAll(/<text x="([\d.]+)"[^>]*>([^<]+)<\/text>/g)].find((m) => m[2] === name);
      return Number(text?.[1]);
    };
    // Germany's line runs to 5/2025, the euro area's to 4/2025: its label begins a month further left.
    expect(labelX('Germany') - labelX('Euro area (20)')).toBeGreaterThan(5);
  });

  it('explains the dashed aggregate line in a key above the plot (issue 41)', () => {
    expect(textsIn(full, 'chart-note')).toEqual(['Dashed: aggregate of countries']);
    expect(render({ countries: ['DE', 'FR'] })).not.toContain('chart-note');
  });

  it('stops at the slider’s end thumb', () => {
    const svg = render({ startIndex: 288, endIndex: 300 });
    expect(svg).toContain('from January 2021 to January 2022.');
  });

  it('puts an annual value mid-year on a shared monthly axis: the 2020 fall between the 2020 and 2021 ticks', () => {
    const rows = [
      { period: '2019', values: { Spain: 2.0 } },
      { period: '2020', values: { Spain: -10.9 } },
      { period: '2021', values: { Spain: 6.7 } },
    ];
    const annual = { ...hicp, data: [{ ...hicp.data[0]!, rows }] };
    const axis = { freq: 'M' as const, first: toOrdinal('M', 2019, 1), last: toOrdinal('M', 2021, 12) };
    const svg = renderToStaticMarkup(<LineChart data={annual} width={800} height={400} timeAxis={axis} />);
    const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
    const points = [...d.matchAll(/([\d.]+),([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const lowest = points.reduce((a, b) => (b[1]! > a[1]! ? b : a));
    const tick = (label: string) =>
      Number(new RegExp(`<line x1="([\\d.]+)"[^>]*></line><text[^>]*>${label}</text>`).exec(svg)?.[1]);
    const [jan2020, jan2021] = [tick('Jan 2020'), tick('Jan 2021')];
    expect(lowest[0]).toBeGreaterThan(jan2020);
    expect(lowest[0]).toBeLessThan(jan2021);
    // Halfway through 2020, within a month; not at the 2021 tick as when it sat on 12/2020.
    expect(Math.abs(lowest[0]! - (jan2020 + jan2021) / 2)).toBeLessThan((jan2021 - jan2020) / 12);
  });

  it('is an accessible image with a title and a data summary', () => {
    expect(full).toMatch(/^<svg [^>]*role="img"/);
    expect(full).toMatch(
      /<title id="(line-chart-[0-9a-z]+)-title">HICP - monthly data \(annual rate of change\)<\/title>/,
    );
    expect(full).toContain(
      'In May 2025 the highest was Estonia at 4.6 % (estimated) and the lowest France at 0.6 % (estimated).',
    );
    // Named by its title, described by its words (issue 40).
    expect(/aria-labelledby="([^"]+)"/.exec(full)?.[1]).toMatch(/-title$/);
    expect(/aria-describedby="([^"]+)"/.exec(full)?.[1]).toMatch(/-desc$/);
  });

  it('labels 28 years of months with a year every two years', () => {
    expect(textsIn(full, 'axis-x')).toEqual([
      '1998',
      '2000',
      '2002',
      '2004',
      '2006',
      '2008',
      '2010',
      '2012',
      '2014',
      '2016',
      '2018',
      '2020',
      '2022',
      '2024',
    ]);
  });

  it('draws straight segments between the published values and breaks them where a month is missing', () => {
    const d = /<path d="([^"]+)"/.exec(full)?.[1] ?? '';
    expect(d).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(d).not.toMatch(/[CQSA]/);
    const gap = loadHicp(['DE']);
    const rows = gap.data[0]!.rows.filter((r) => r.period !== '6/2010');
    const svg = renderToStaticMarkup(
      <LineChart data={{ ...gap, data: [{ ...gap.data[0]!, rows }] }} width={800} height={400} />,
    );
    const gapped = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
    expect(gapped.match(/M/g)).toHaveLength(2);
  });

  it('shows the unit, labels at the line ends (top to bottom, by the latest value) and y-axis labels', () => {
    expect(full).not.toContain('chart-legend');
    expect(textsIn(full, 'line-labels')).toEqual(['Estonia', 'Euro area (20)', 'Germany', 'France']);
    expect(full).toContain('>Annual rate of change (%)</text>');
    expect(textsIn(full, 'axis-y')).toContain('0');
    const hidden = render({ hideLegend: true });
    expect(hidden).not.toContain('chart-legend');
    expect(hidden).not.toContain('line-labels');
  });

  it('keeps the legend where direct labels cannot fit: eleven countries', () => {
    const eleven = renderToStaticMarkup(<LineChart data={loadHicp()} width={800} height={400} />);
    expect(eleven).not.toContain('line-labels');
    expect(textsIn(eleven, 'chart-legend')).toHaveLength(11);
  });

  it('names the EU27 by its short name where its full name does not fit (a phone), the tooltip keeps it', () => {
    const eu = loadHicp(['DE', 'EU27_2020'], ['CP00'], {
      DE: 'Germany',
      EU27_2020: 'European Union (27 countries, from 2020)',
    });
    const phone = renderToStaticMarkup(<LineChart data={eu} width={375} height={300} startIndex={288} />);
    expect(textsIn(phone, 'line-labels')).toEqual(['EU27', 'Germany']);
    const wide = renderToStaticMarkup(<LineChart data={eu} width={1280} height={400} startIndex={288} />);
    expect(textsIn(wide, 'line-labels')).toContain('European Union (27 countries, from 2020)');
  });

  it('draws the aggregate (EA20) dashed and the countries solid', () => {
    const paths = [...full.matchAll(/data-series="([^"]+)"[^>]*>\s*<path [^>]*?(stroke-dasharray="[^"]+")?\/?>/g)];
    const dashed = paths.filter((m) => m[2]).map((m) => m[1]);
    expect(dashed).toEqual(['Euro area (20)']);
    expect(paths).toHaveLength(4);
  });

  it('uses the dark colours in dark mode', () => {
    const dark = render({ theme: 'dark' });
    expect(dark).toContain('fill="#0f172a"');
    expect(dark).toContain('data-theme="dark"');
    expect(full).toContain('fill="#ffffff"');
  });

  it('renders the same markup every time (SSR, hydration and export agree)', () => {
    expect(render()).toBe(full);
  });

  it("shows the specification's message instead of throwing when there is no data", () => {
    const svg = render({ countries: ['XX'] });
    expect(svg).toContain('>No data found for this dataset</text>');
    expect(svgProblems(svg)).toEqual([]);
  });

  it('survives a zero, negative or NaN size', () => {
    for (const width of [0, -5, Number.NaN, 40]) {
      const svg = render({ width, height: Number.NaN });
      expect(svgProblems(svg)).toEqual([]);
    }
  });

  it('draws its marker for a lone value that a line cannot show', () => {
    const one = loadHicp(['DE']);
    const rows = one.data[0]!.rows.filter((r) => r.period === '10/2022');
    const svg = renderToStaticMarkup(
      <LineChart data={{ ...one, data: [{ ...one.data[0]!, rows }] }} width={800} height={400} />,
    );
    expect(svg.match(/class="line-marker"/g)).toHaveLength(1);
    expect(svgProblems(svg)).toEqual([]);
  });

  it('tells the lines apart by marker shape as well as colour: at their ends, in the legend, or at every point', () => {
    const shapes = (svg: string) =>
      [...svg.matchAll(/data-series="([^"]+)"[\s\S]*?<\/g>/g)].map((m) => [
        m[1],
        new Set([...m[0].matchAll(/class="line-marker" d="([^"]+)"/g)].map((d) => d[1])).size,
        [...m[0].matchAll(/class="line-marker"/g)].length,
      ]);
    // 53 months on 800 px: the first and last value of each series, each series its own shape.
    const recent = render({ startIndex: 288 });
    expect(shapes(recent)).toEqual([
      ['Germany', 1, 2],
      ['France', 1, 2],
      ['Euro area (20)', 1, 2],
      ['Estonia', 1, 2],
    ]);
    const drawn = [...recent.matchAll(/class="line-marker" d="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(drawn).size).toBe(4);
    // Twelve months: a marker on every value (the euro area has none for 5/2025).
    const year = render({ startIndex: 329, endIndex: 340 });
    expect(shapes(year).map((s) => s[2])).toEqual([12, 12, 11, 12]);
    // Eleven countries in a legend: each entry's swatch carries its line's shape.
    const legend = renderToStaticMarkup(<LineChart data={loadHicp()} width={800} height={400} />);
    const entries = [...legend.matchAll(/class="legend-item[^"]*">([\s\S]*?)<\/g>/g)];
    expect(entries).toHaveLength(11);
    for (const e of entries) expect(e[1]).toMatch(/<path d="M/);
  });
});

describe('line marks', () => {
  it('brings a highlighted series forward and greys the rest', () => {
    const series = [
      {
        key: 'a',
        label: 'Germany',
        color: '#2563eb',
        points: [
          [0, 10],
          [10, 20],
        ] as [number, number][],
      },
      {
        key: 'b',
        label: 'France',
        color: '#dc2626',
        points: [
          [0, 20],
          [10, 10],
        ] as [number, number][],
      },
    ];
    expect(drawingOrder(series, 'a').map((s) => s.key)).toEqual(['b', 'a']);
    const svg = renderToStaticMarkup(<LineMarks series={series} highlight="a" mutedColor="#9ca3af" />);
    expect(svg.indexOf('France')).toBeLessThan(svg.indexOf('Germany'));
    expect(svg).toContain('stroke="#9ca3af"');
    expect(svg).not.toContain('stroke="#dc2626"');
    expect(svg).toContain('stroke="#2563eb"');
  });

  it('finds points with no neighbour on either side', () => {
    expect(isolatedPoints([[0, 1], null, [2, 3], null, [4, 5], [6, 7]])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(isolatedPoints([])).toEqual([]);
  });
});

describe('LineChart by keyboard (issue 40)', () => {
  it('announces the period in full, the unit, each place and its value with its flag in words', () => {
    mount(<LineChart data={hicp} width={800} height={400} startIndex={288} interactive />);
    const chart = screen.getByRole('application', { name: /line chart\. Left and right arrow keys/ });
    const said = () => chart.querySelector('[aria-live="polite"]')!.textContent;
    expect(said()).toBe('');
    fireEvent.keyDown(chart, { key: 'End' });
    expect(said()).toBe(
      'May 2025; Annual rate of change (%); Estonia: 4.6 (estimated); Germany: 2.1 (estimated); ' +
        'France: 0.6 (estimated); Euro area (20): No data',
    );
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(said()).toBe(
      'January 2021; Annual rate of change (%); Germany: 1.6; Euro area (20): 0.9; France: 0.8; Estonia: 0.3',
    );
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(said()).toMatch(/^February 2021; Annual rate of change \(%\); Germany: 1\.6;/);
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(said()).toMatch(/^January 2021;/);
    // The visible tooltip keeps its short period and the flag's letter.
    fireEvent.keyDown(chart, { key: 'End' });
    expect(screen.getByRole('tooltip').textContent).toMatch(/^May 2025Annual rate of change \(%\)Estonia4\.6 e/);
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(said()).toBe('');
  });
});
