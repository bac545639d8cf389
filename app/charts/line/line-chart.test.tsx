import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatMarkup, loadHicp, svgProblems, textsIn } from '../core/test-fixtures';
import { LineChart } from './line-chart';
import { isolatedPoints, LINE_TENSION } from './line-marks';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE']);
const render = (props: Partial<Parameters<typeof LineChart>[0]> = {}) =>
  renderToStaticMarkup(<LineChart data={hicp} width={800} height={400} {...props} />);

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
    expect(full.match(/<path /g)).toHaveLength(4);
    expect(svgProblems(full)).toEqual([]);
  });

  it('is an accessible image with a title and a data summary', () => {
    expect(full).toMatch(/^<svg [^>]*role="img"/);
    expect(full).toMatch(
      /<title id="(line-chart-[0-9a-z]+)-title">HICP - monthly data \(annual rate of change\)<\/title>/,
    );
    expect(full).toContain('Latest values (5/2025): Germany 2.1, France 0.6, Estonia 4.6.');
    const id = /aria-labelledby="([^"]+)"/.exec(full)?.[1];
    expect(id).toMatch(/-title .*-desc$/);
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

  it('smooths lines with a cardinal curve and breaks them where a month is missing', () => {
    const d = /<path d="([^"]+)"/.exec(full)?.[1] ?? '';
    expect(d).toMatch(/^M[\d.]+,[\d.]+C/);
    const gap = loadHicp(['DE']);
    const rows = gap.data[0]!.rows.filter((r) => r.period !== '6/2010');
    const svg = renderToStaticMarkup(
      <LineChart data={{ ...gap, data: [{ ...gap.data[0]!, rows }] }} width={800} height={400} />,
    );
    const gapped = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
    expect(gapped.match(/M/g)).toHaveLength(2);
  });

  it('shows the unit, a legend unless hidden, and y-axis labels', () => {
    expect(textsIn(full, 'chart-legend')).toEqual(['Germany', 'France', 'Euro area (20)', 'Estonia']);
    expect(full).toContain('>Annual rate of change (%)</text>');
    expect(textsIn(full, 'axis-y')).toContain('0');
    expect(render({ hideLegend: true })).not.toContain('chart-legend');
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

  it('draws a dot for a lone value that a line cannot show', () => {
    const one = loadHicp(['DE']);
    const rows = one.data[0]!.rows.filter((r) => r.period === '10/2022');
    const svg = renderToStaticMarkup(
      <LineChart data={{ ...one, data: [{ ...one.data[0]!, rows }] }} width={800} height={400} />,
    );
    expect(svg.match(/<circle /g)).toHaveLength(1);
    expect(svgProblems(svg)).toEqual([]);
  });
});

describe('line marks', () => {
  it('uses the specification line tension', () => {
    expect(LINE_TENSION).toBe(0.35);
  });

  it('finds points with no neighbour on either side', () => {
    expect(isolatedPoints([[0, 1], null, [2, 3], null, [4, 5], [6, 7]])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(isolatedPoints([])).toEqual([]);
  });
});
